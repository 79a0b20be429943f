import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { connectionsInFlight } from '../api/contentService';
import type { Logger } from './ops/logger';
import { createDrain, type DrainResult } from './ops/shutdown';

export interface ListeningOptions {
  /** 0 picks a free port. */
  port: number;
  host: string;
  /**
   * Whether this server listens on `port` itself. A cluster worker does not:
   * the primary listens and hands it connections (`takeConnection`,
   * server/ops/cluster.ts), and `port` names the primary's.
   */
  listens: boolean;
  logger: Logger;
}

export interface Listening {
  url: string;
  port: number;
  /** Serves a connection someone else accepted (a cluster worker's, from the primary). */
  takeConnection(socket: Socket): void;
  /** The start of a stop: `/readyz` answers 503 from now on (with `isDraining`). */
  lameDuck(): void;
  /** True from the lame-duck period on. */
  isDraining(): boolean;
  /** Stops taking connections and lets requests in flight finish within `graceMs` (server/ops/shutdown.ts). */
  drain(graceMs: number): Promise<DrainResult>;
}

/**
 * An HTTP server for the site: listening on a port, or (a cluster worker)
 * handed its connections; every request tracked by the drain.
 */
export async function listen(
  site: {
    serve(request: IncomingMessage, response: ServerResponse): void;
    answerClientError(error: Error, socket: Duplex): void;
  },
  options: ListeningOptions,
): Promise<Listening> {
  const server = createServer((request, response) => {
    drain.track(request, response);
    site.serve(request, response);
  });
  // Node's own answer to a request it cannot parse carries no headers of ours.
  server.on('clientError', (error, socket) => site.answerClientError(error, socket));
  // Accepted here or handed over by a cluster's primary, each counts until it closes.
  server.on('connection', (socket: Socket) => {
    connectionsInFlight.inc();
    socket.once('close', () => connectionsInFlight.dec());
  });
  const drain = createDrain(server, options.logger, { listens: options.listens });
  let port = options.port;
  let address = options.host;
  if (options.listens) {
    server.listen(options.port, options.host);
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
    ({ port, address } = server.address() as AddressInfo);
  } else {
    // Node starts its connection bookkeeping (header and request timeouts,
    // closing idle connections) when a server listens: this one is handed its connections.
    server.emit('listening');
  }
  return {
    url: `http://${address.includes(':') ? `[${address}]` : address}:${port}`,
    port,
    takeConnection: (socket) => {
      server.emit('connection', socket);
      socket.resume();
    },
    lameDuck: () => drain.lameDuck(),
    isDraining: () => drain.isDraining(),
    drain: (graceMs) => drain.drain(graceMs),
  };
}
