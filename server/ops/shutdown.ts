import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from './logger';
import { requestsAnsweredUnavailable } from '../../api/contentService';

/** While draining, idle keep-alive connections are looked for this often (a request that just finished leaves one). */
const IDLE_SWEEP_MS = 100;
/** How long the 503s written at the end of the grace period may take to leave before their connections are closed. */
const LAST_ANSWERS_FLUSH_MS = 1_000;
/** What a request still unanswered when a server stops is told: come back in this many seconds (another server, or this one restarted, will answer). */
export const RESTART_RETRY_AFTER_SECONDS = 2;
export const RESTARTING_MESSAGE = 'The server is restarting. Please try again in a moment.\n';

export interface DrainResult {
  /** Requests still unanswered when the grace period ended: each was answered 503 with Retry-After. */
  refused: number;
  /** Requests whose answer had begun but not ended when the grace period ended: their connections were cut. */
  cut: number;
  ms: number;
}

/**
 * Answers a request that this server will not finish: 503, `Retry-After`,
 * `Connection: close`, and nothing else the handler had set but the security
 * headers. Whatever the handler writes later is dropped (its answer has been
 * given). Returns false when the answer had already begun (nothing can be
 * said on that connection any more).
 */
export function answerRestarting(response: ServerResponse): boolean {
  if (response.headersSent || response.writableEnded) return false;
  for (const name of response.getHeaderNames())
    if (!KEPT_HEADERS.has(name)) response.removeHeader(name);
  const body = response.req.method === 'HEAD' ? undefined : RESTARTING_MESSAGE;
  response.writeHead(503, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(RESTARTING_MESSAGE),
    'Cache-Control': 'no-store',
    'Retry-After': String(RESTART_RETRY_AFTER_SECONDS),
    Connection: 'close',
  });
  response.end(body);
  // The handler is still running: what it sends when it ends goes nowhere, and throws nothing.
  const ignore = () => response;
  response.setHeader = ignore;
  response.removeHeader = () => undefined;
  response.writeHead = ignore;
  response.flushHeaders = () => undefined;
  response.write = () => true;
  response.end = ignore;
  return true;
}

/** The headers every answer carries (server/http/securityHeaders.ts) and the request's id: kept on a 503 written in place of an answer. */
const KEPT_HEADERS = new Set([
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'strict-transport-security',
  'x-request-id',
]);

/**
 * Graceful shutdown of one HTTP server (docs/operations.md#sigterm-drains),
 * in two steps:
 *
 * 1. `lameDuck()`: `/readyz` answers 503 from now on (server/ops/health.ts),
 *    and everything else is served as before, so a load balancer stops
 *    sending before anything stops accepting.
 * 2. `drain(graceMs)`: stops taking connections (closes the listening socket
 *    when the server listens itself; a cluster worker is told by the primary
 *    that no more will come), answers every request on every connection it
 *    already has, each with `Connection: close`, closes idle keep-alive
 *    connections, and after `graceMs` answers what is still waiting with 503
 *    and `Retry-After`, cutting only answers that had begun.
 *
 * Resolves once every connection is gone.
 */
export function createDrain(server: Server, logger: Logger, options: { listens: boolean }) {
  const inFlight = new Set<ServerResponse>();
  const connections = new Set<Socket>();
  let lameDuck = false;
  let draining: Promise<DrainResult> | null = null;
  let connectionGone: (() => void) | null = null;

  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => {
      connections.delete(socket);
      connectionGone?.();
    });
  });

  const closeAfterAnswer = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('Connection', 'close');
  };

  return {
    /** True from the lame-duck period on: the server should be sent nothing more. */
    isDraining: () => lameDuck || draining !== null,

    track(_request: IncomingMessage, response: ServerResponse): void {
      inFlight.add(response);
      response.once('close', () => inFlight.delete(response));
      if (draining) closeAfterAnswer(response);
    },

    lameDuck(): void {
      lameDuck = true;
    },

    drain(graceMs: number): Promise<DrainResult> {
      draining ??= new Promise<DrainResult>((resolve) => {
        const started = Date.now();
        const running = inFlight.size;
        logger.info(
          { inFlight: running, connections: connections.size, graceMs },
          `shutting down: finishing ${running} request${running === 1 ? '' : 's'} in flight (at most ${graceMs} ms)`,
        );
        for (const response of inFlight) closeAfterAnswer(response);
        let settled = false;
        let refused = 0;
        let cut = 0;
        const finish = () => {
          if (settled) return;
          settled = true;
          clearInterval(sweep);
          clearTimeout(deadline);
          connectionGone = null;
          resolve({ refused, cut, ms: Date.now() - started });
        };
        connectionGone = () => {
          if (connections.size === 0) finish();
        };
        if (options.listens) server.close();
        server.closeIdleConnections();
        const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
        const deadline = setTimeout(() => {
          const waiting = [...inFlight];
          const answered = waiting.filter(answerRestarting);
          refused = answered.length;
          cut = waiting.length - refused;
          requestsAnsweredUnavailable.labels('drain').inc(refused);
          if (waiting.length > 0)
            logger.warn(
              { refused, cut },
              `shutdown grace period over: ${refused} request${refused === 1 ? '' : 's'} answered 503 (retry in ${RESTART_RETRY_AFTER_SECONDS} s), ${cut} cut`,
            );
          // The 503s leave first; then every connection is closed.
          const flushed = answered.map(
            (response) => new Promise((done) => response.once('close', done)),
          );
          const closeAll = () => {
            server.closeAllConnections();
            for (const socket of connections) socket.destroy();
            // Connections closed just now go on the next turn.
            setImmediate(finish);
          };
          void Promise.race([
            Promise.all(flushed),
            new Promise((done) => setTimeout(done, LAST_ANSWERS_FLUSH_MS)),
          ]).then(closeAll);
        }, graceMs);
        if (connections.size === 0) setImmediate(() => connectionGone?.());
      });
      return draining;
    },
  };
}
