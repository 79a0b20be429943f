import { createHash } from 'node:crypto';

/** A strong ETag: a hash of the exact bytes. */
export function etagOf(body: Buffer | string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * RFC 9110 §13.1.2, weak comparison. Not express's `req.fresh`: that ignores
 * If-None-Match when the request says `Cache-Control: no-cache`, which fetch()
 * adds to every conditional request, yet the origin should still answer 304.
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
