import type { Request } from 'express';

/**
 * The site's public origin (`https://folio.example`), for absolute URLs in
 * documents, feeds and sitemaps. `FOLIO_PUBLIC_URL` when it is configured (the
 * address readers use, whatever proxies stand in front); otherwise the origin
 * the request was made to.
 */
export function publicOriginOf(request: Request, configured: string | undefined): string {
  if (configured) return new URL(configured).origin;
  const host = request.get('host') ?? '127.0.0.1';
  return `${request.protocol}://${host}`;
}
