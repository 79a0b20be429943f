import type { IncomingMessage } from 'node:http';

/**
 * The reader's address, the one every per-client limit (newsletter, votes)
 * and the request log use (`FOLIO_TRUST_PROXY`).
 *
 * With 0 trusted proxies it is the socket's address, and `X-Forwarded-For` is
 * ignored: anyone can write that header. With n, the server sits behind n
 * proxies, each of which appends the address it saw to `X-Forwarded-For`:
 * the n-th entry from the right was written by the outermost trusted proxy
 * and is the client; entries further left are the client's own claims. With
 * fewer entries than n, the leftmost one is taken. This is exactly what
 * express computes for `trust proxy` set to a number (`request.ip`), and the
 * server sets express to the same number.
 */
export function clientAddressOf(
  request: Pick<IncomingMessage, 'headers' | 'socket'>,
  trustedProxies: number,
): string {
  const socketAddress = request.socket?.remoteAddress ?? 'unknown';
  if (trustedProxies <= 0) return socketAddress;
  const header = request.headers['x-forwarded-for'];
  if (header === undefined) return socketAddress;
  // Several header lines count as one list, in order (Node joins them with ", ").
  const forwarded = (Array.isArray(header) ? header.join(',') : header)
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  // Nearest first: the socket, then the header from right to left.
  const hops = [socketAddress, ...forwarded.reverse()];
  return hops[Math.min(trustedProxies, hops.length - 1)]!;
}
