/**
 * Preview mode (docs/http-and-cache.md#preview): `/preview?token=…&to=/path` is answered by the
 * server, which keeps the token in an HttpOnly cookie and sends the reader on
 * to `to`; `/preview/exit?to=/path` clears it. Both are full page loads, so
 * each page load has exactly one Relay environment and the reader's store can
 * never hold a draft.
 */
export const PREVIEW_PATH = '/preview';
export const PREVIEW_EXIT_PATH = '/preview/exit';
/** Where a signed preview link (or a CMS's preview URL pattern) opens one document: docs/http-and-cache.md#preview-links. */
export const PREVIEW_OPEN_PATH = '/preview/open';

const SITE = 'http://folio.invalid';

/**
 * `to` as a path on this site, or `/`. The path is read the way a browser
 * reads it (tabs and newlines dropped, `\` taken for `/`, dot segments
 * resolved), so nothing that a browser would send elsewhere
 * (`//evil.example`, `/\evil.example`, `/%09/evil.example`, and
 * `/.//evil.example` or `/de/..//evil.example`, whose resolved path starts
 * with `//`) is ever given back. Every redirect the server makes to a path
 * goes through it.
 */
export function safeReturnPath(to: string | null | undefined): string {
  if (!to || !to.startsWith('/')) return '/';
  let url: URL;
  try {
    url = new URL(to, SITE);
  } catch {
    return '/';
  }
  if (url.origin !== SITE) return '/';
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A resolved path that a browser would read as another host (`//host`) names no page here.
  return path.startsWith('//') || new URL(path, SITE).origin !== SITE ? '/' : path;
}

/** The link that ends preview and comes back to `path`. */
export function exitPreviewHref(path: string): string {
  return `${PREVIEW_EXIT_PATH}?${new URLSearchParams({ to: safeReturnPath(path) }).toString()}`;
}
