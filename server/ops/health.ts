import type { IncomingMessage, ServerResponse } from 'node:http';

export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';

/** How long the database has to answer `SELECT 1` before the server calls itself not ready. */
export const READY_DATABASE_TIMEOUT_MS = 2_000;
/** A readiness answer is reused this long: a load balancer's probes (or anyone's) cost at most one query per second. */
const READY_REUSE_MS = 1_000;

export interface HealthOptions {
  /** Resolves when the database answers `SELECT 1` (the content service's `databaseAnswers`). */
  databaseAnswers: () => Promise<unknown>;
  /** Null when the data folder can be written, else why not (the content service's `storageProblem`). */
  storageProblem?: () => Promise<string | null>;
  /** Whether the client build the server serves is on disk (null: the server serves no client). */
  clientBuildExists: (() => boolean) | null;
  /** True once shutdown has begun: the load balancer should send no more. */
  draining: () => boolean;
  databaseTimeoutMs?: number;
}

type Readiness = { ready: true } | { ready: false; reason: string };

/**
 * `/healthz`: the process is alive and its event loop turns (no database call:
 * a database outage must not make an orchestrator kill every server).
 * `/readyz`: this server can answer readers: it is not shutting down, the
 * database answers `SELECT 1` within 2 s, the data folder can be written (a
 * full disk fails PGlite, images and publishing), and the client build exists when it
 * serves the client; otherwise 503 with a short reason. Both are answered
 * before express, never kept by the reader cache or anyone else, and never
 * say more than a reason in a few words.
 */
export function createHealthChecks(options: HealthOptions) {
  const timeoutMs = options.databaseTimeoutMs ?? READY_DATABASE_TIMEOUT_MS;
  let pending: Promise<Readiness> | null = null;
  let last: { at: number; readiness: Readiness } | null = null;

  const databaseAnswers = async (): Promise<Readiness> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<Readiness>((resolve) => {
      timer = setTimeout(
        () =>
          resolve({ ready: false, reason: `the database did not answer within ${timeoutMs} ms` }),
        timeoutMs,
      );
    });
    const query = options.databaseAnswers().then(
      async (): Promise<Readiness> => {
        const problem = (await options.storageProblem?.()) ?? null;
        return problem === null ? { ready: true } : { ready: false, reason: problem };
      },
      (): Readiness => ({ ready: false, reason: 'the database is not answering' }),
    );
    try {
      return await Promise.race([query, timeout]);
    } finally {
      clearTimeout(timer);
    }
  };

  const storeReadiness = async (): Promise<Readiness> => {
    if (last && Date.now() - last.at < READY_REUSE_MS) return last.readiness;
    // Probes that arrive together share one query.
    pending ??= databaseAnswers().then((result) => {
      last = { at: Date.now(), readiness: result };
      pending = null;
      return result;
    });
    return pending;
  };

  const readiness = async (): Promise<Readiness> => {
    if (options.draining()) return { ready: false, reason: 'shutting down' };
    const store = await storeReadiness();
    // Every reason at once: a missing build does not hide a database that is down.
    const reasons = [
      ...(options.clientBuildExists && !options.clientBuildExists()
        ? ['the client build is missing']
        : []),
      ...(store.ready ? [] : [store.reason]),
    ];
    return reasons.length === 0 ? { ready: true } : { ready: false, reason: reasons.join('; ') };
  };

  /** Answers the request and returns true when it is a health check; false otherwise. */
  return function serveHealth(request: IncomingMessage, response: ServerResponse): boolean {
    const url = request.url ?? '';
    const path = url.includes('?') ? url.slice(0, url.indexOf('?')) : url;
    if (path !== HEALTH_PATH && path !== READY_PATH) return false;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      write(request, response, 405, { error: 'Use GET or HEAD.' }, { Allow: 'GET, HEAD' });
    } else if (path === HEALTH_PATH) {
      write(request, response, 200, { status: 'ok' });
    } else {
      void readiness().then((result) =>
        write(
          request,
          response,
          result.ready ? 200 : 503,
          result.ready ? { status: 'ready' } : { status: 'not ready', reason: result.reason },
        ),
      );
    }
    return true;
  };
}

function write(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  body: object,
  headers: Record<string, string> = {},
): void {
  const text = `${JSON.stringify(body)}\n`;
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  response.end(request.method === 'HEAD' ? undefined : text);
}
