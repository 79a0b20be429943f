import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import path from 'node:path';
import ArticlePageQuery from '@generated/ArticlePageQuery.graphql';
import { freePort } from '../../harness/siteProcess';

/**
 * The server as an operator runs it, for the tests of starting and stopping:
 * `server/start.ts` in a process of its own, its JSON log read line by line,
 * and the pieces those tests need around it (a slow content service to
 * forward to, a reader's query, connections half sent).
 */

const ROOT = path.resolve(__dirname, '../..');
export type LogLine = Record<string, unknown> & { msg: string; pid: number };

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  lines: () => LogLine[];
  /** Resolves with the first log line that matches, waiting for it up to `timeoutMs`. */
  waitFor: (test: (line: LogLine) => boolean, timeoutMs?: number) => Promise<LogLine>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

const running = new Set<ChildProcess>();
/** Ends whatever a failed test left behind (call it in afterEach). */
export function stopServerProcesses(): void {
  // Whatever a failed test left behind: its whole process group.
  for (const child of running) {
    try {
      if (child.pid && child.exitCode === null && child.signalCode === null)
        process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  running.clear();
}

/** `node --import tsx server/start.ts` (what `npm start` runs) on a free port, with its JSON log read line by line. */
export async function startServerProcess(
  env: Record<string, string>,
  ready: (line: LogLine) => boolean = (line) => / server on http:\/\//.test(line.msg),
): Promise<ServerProcess> {
  const port = await freePort();
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) =>
        !name.startsWith('FOLIO_') && name !== 'DATABASE_URL' && name !== 'WEB_CONCURRENCY',
    ),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: ROOT,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      FOLIO_LOG_LEVEL: 'info',
      FOLIO_SERVE_CLIENT: '0',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const lines: LogLine[] = [];
  let output = '';
  let pending = '';
  const waiters = new Set<() => void>();
  child.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const complete = pending.split('\n');
    pending = complete.pop()!;
    for (const text of complete) {
      output += `${text}\n`;
      if (text.startsWith('{')) lines.push(JSON.parse(text) as LogLine);
    }
    for (const wake of waiters) wake();
  });
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>(
    (resolve) => child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const waitFor = (test: (line: LogLine) => boolean, timeoutMs = 60_000) =>
    new Promise<LogLine>((resolve, reject) => {
      const check = () => {
        const found = lines.find(test);
        if (!found) return;
        done();
        resolve(found);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no such log line after ${timeoutMs} ms:\n${output}`));
      }, timeoutMs);
      void exited.then(() =>
        setTimeout(() => {
          if (!lines.find(test)) {
            done();
            reject(new Error(`the server exited:\n${output}`));
          }
        }, 50),
      );
      const done = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  await waitFor(ready, 90_000);
  return { child, url: `http://127.0.0.1:${port}`, lines: () => lines, waitFor, exited };
}

/** A content service that answers each query after `delayMs` (or never), with a large body naming the request. */
export async function slowContentService(delayMs: number | 'never') {
  let received = 0;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received += 1;
      if (delayMs === 'never') return;
      const { variables } = JSON.parse(body) as { variables: { n: number } };
      setTimeout(() => {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ data: { echo: variables.n, pad: 'x'.repeat(50_000) } }));
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`,
    received: () => received,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A reader's persisted query, POSTed on a connection of its own. */
export function query(url: string, n: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify({
      doc_id: ArticlePageQuery.params.id,
      operationName: 'ArticlePageQuery',
      variables: { slug: 'reading-the-tides', n },
    });
    const sent = httpRequest(
      `${url}/graphql`,
      {
        method: 'POST',
        agent: false,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(payload);
  });
}

export async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Whether a new connection is refused now. */
export function refusesConnections(url: string): Promise<boolean> {
  const { port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/** A request whose headers are only half sent: the connection is open and busy, the request not yet read. */
export function halfSentRequest(url: string, requestLine: string) {
  const { port } = new URL(url);
  const socket = connect(Number(port), '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  socket.write(`${requestLine}\r\nHost: 127.0.0.1\r\n`);
  return {
    finish: async () => {
      socket.write('\r\n');
      await closed;
      return received;
    },
  };
}
