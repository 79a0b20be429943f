import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Logger } from './logger';

/** While draining, idle keep-alive connections are looked for this often (a request that just finished leaves one). */
const IDLE_SWEEP_MS = 100;

export interface DrainResult {
  /** Requests that were still running when the grace period ended (their connections were cut). */
  cut: number;
  ms: number;
}

/**
 * Graceful shutdown of one HTTP server (docs/operations.md#running-in-production): `track` every request as
 * it comes; `drain` stops accepting connections, closes idle keep-alive
 * connections at once, lets the requests in flight finish (their answers, and
 * any request still arriving on an open connection, carry
 * `Connection: close`), and after `graceMs` cuts whatever is left.
 */
export function createDrain(server: Server, logger: Logger) {
  const inFlight = new Set<ServerResponse>();
  let draining: Promise<DrainResult> | null = null;

  const closeAfterAnswer = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('Connection', 'close');
  };

  return {
    isDraining: () => draining !== null,

    track(_request: IncomingMessage, response: ServerResponse): void {
      inFlight.add(response);
      response.once('close', () => inFlight.delete(response));
      if (draining) closeAfterAnswer(response);
    },

    drain(graceMs: number): Promise<DrainResult> {
      draining ??= new Promise<DrainResult>((resolve) => {
        const started = Date.now();
        const running = inFlight.size;
        logger.info(
          { inFlight: running, graceMs },
          `shutting down: finishing ${running} request${running === 1 ? '' : 's'} in flight (at most ${graceMs} ms)`,
        );
        for (const response of inFlight) closeAfterAnswer(response);
        let settled = false;
        const finish = (cut: number) => {
          if (settled) return;
          settled = true;
          clearInterval(sweep);
          clearTimeout(deadline);
          resolve({ cut, ms: Date.now() - started });
        };
        // Stops accepting; calls back once every connection is gone.
        server.close(() => finish(0));
        server.closeIdleConnections();
        const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
        const deadline = setTimeout(() => {
          const cut = inFlight.size;
          if (cut > 0)
            logger.warn(
              { cut },
              `shutdown grace period over: cutting ${cut} request${cut === 1 ? '' : 's'} still running`,
            );
          server.closeAllConnections();
          // Connections cut just now close on the next turn; the server's own callback may not come for an upgraded socket.
          setImmediate(() => finish(cut));
        }, graceMs);
      });
      return draining;
    },
  };
}
