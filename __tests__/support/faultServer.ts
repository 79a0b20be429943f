import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted answer; the last step repeats for any further request. */
export type FaultStep = (request: http.IncomingMessage, response: http.ServerResponse) => void;

export interface FaultServer {
  url: string;
  /** Requests received so far, with their method and body. */
  requests: { method: string; url: string; body: string; headers: http.IncomingHttpHeaders }[];
  close(): Promise<void>;
}

/** A GraphQL endpoint on 127.0.0.1 that answers with scripted faults. */
export async function startFaultServer(script: FaultStep[]): Promise<FaultServer> {
  const requests: FaultServer['requests'] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        body,
        headers: request.headers,
      });
      const step = script[Math.min(requests.length - 1, script.length - 1)]!;
      step(request, response);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export const answer =
  (
    status: number,
    body: string,
    headers: Record<string, string> = { 'Content-Type': 'application/json' },
  ): FaultStep =>
  (_request, response) => {
    response.writeHead(status, headers);
    response.end(body);
  };

export const json = (
  status: number,
  payload: unknown,
  headers: Record<string, string> = {},
): FaultStep =>
  answer(status, JSON.stringify(payload), { 'Content-Type': 'application/json', ...headers });

/** Drops the connection without an answer. */
export const reset: FaultStep = (request) => request.socket.destroy();

/** Never answers (the client's timeout has to end it). */
export const hang: FaultStep = () => {};
