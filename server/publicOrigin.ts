import type { IncomingMessage } from 'node:http';

/**
 * The protocol a reader used: this server's own TLS, or what a trusted proxy
 * says in `X-Forwarded-Proto` (`FOLIO_TRUST_PROXY`), and only `http` or
 * `https`: any other word (`javascript`, a typo) is not taken, so it can never
 * reach a canonical URL or split the reader cache.
 */
export function requestProtocol(
  request: IncomingMessage,
  trustedProxies: number,
): 'http' | 'https' {
  if (trustedProxies > 0) {
    const header = request.headers['x-forwarded-proto'];
    const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim().toLowerCase();
    if (first === 'https' || first === 'http') return first;
  }
  return (request.socket as { encrypted?: boolean }).encrypted === true ? 'https' : 'http';
}

/**
 * The site's public origin (`https://folio.example`), for absolute URLs in
 * documents, feeds and sitemaps. `FOLIO_PUBLIC_URL` when it is configured (the
 * address readers use, whatever proxies stand in front); otherwise the origin
 * the request was made to. The reader cache keys pages by the same origin
 * (server/http/readerResponseCache.ts): a page is never shared between two
 * origins it renders differently for.
 */
export function publicOriginOf(
  request: IncomingMessage,
  configured: string | undefined,
  trustedProxies: number,
): string {
  if (configured) return new URL(configured).origin;
  const host = request.headers.host ?? '127.0.0.1';
  return `${requestProtocol(request, trustedProxies)}://${host}`;
}
