import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { THEME_SCRIPT } from '../../shared/inlineScripts/themeScript';
import { SCRIPT_LOADER } from '../../shared/inlineScripts/scriptLoader';
import { requestProtocol } from '../publicOrigin';

/**
 * The two inline scripts (the theme before first paint, the script loader)
 * are allowed by their hashes rather than a nonce: readers' pages are cached
 * whole, and a nonce kept in a cached page would be the same for everyone.
 */
const INLINE_SCRIPT_HASHES = [THEME_SCRIPT, SCRIPT_LOADER]
  .map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`)
  .join(' ');

/** Where the browser may send GraphQL requests: this site, and an external endpoint the settings name. */
function connectSources(graphqlEndpoint: string | undefined): string {
  if (graphqlEndpoint && /^https?:\/\//.test(graphqlEndpoint))
    return `'self' ${new URL(graphqlEndpoint).origin}`;
  return "'self'";
}

/** The pages' Content-Security-Policy, for the GraphQL endpoint the client calls (`FOLIO_GRAPHQL_ENDPOINT`). */
export const contentSecurityPolicy = (graphqlEndpoint: string | undefined) =>
  [
    "default-src 'self'",
    `script-src 'self' ${INLINE_SCRIPT_HASHES}`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connectSources(graphqlEndpoint)}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/**
 * Headers every answer carries, pages, files and API alike (docs/http-and-cache.md#security-headers): a strict
 * CSP, no MIME sniffing, no full URLs in Referer to other sites, no framing,
 * and HSTS when the site is served over HTTPS: this server's own TLS, or a
 * trusted proxy's (`FOLIO_TRUST_PROXY`) `X-Forwarded-Proto`.
 */
export function applySecurityHeaders(
  request: IncomingMessage,
  response: ServerResponse,
  policy: string | null,
  trustedProxies = 0,
): void {
  setHeaderPairs(
    response,
    securityHeaderPairs(policy, requestProtocol(request, trustedProxies) === 'https'),
  );
}

/** Sets headers given as name, value, name, value… on a response not yet written. */
export function setHeaderPairs(response: ServerResponse, pairs: readonly string[]): void {
  for (let n = 0; n < pairs.length; n += 2) response.setHeader(pairs[n]!, pairs[n + 1]!);
}

/**
 * The same headers as name, value, name, value…, for an answer written
 * whole with `writeHead` (a kept answer: server/http/readerResponseCache.ts).
 * Null policy in development: GraphiQL runs inline scripts of its own.
 */
export function securityHeaderPairs(policy: string | null, https: boolean): string[] {
  return [
    ...(policy !== null ? ['Content-Security-Policy', policy] : []),
    'X-Content-Type-Options',
    'nosniff',
    'Referrer-Policy',
    'strict-origin-when-cross-origin',
    'X-Frame-Options',
    'DENY',
    'Cross-Origin-Opener-Policy',
    'same-origin',
    ...(https ? ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] : []),
  ];
}

/**
 * A preview page that a CMS's preview panel shows (docs/http-and-cache.md#preview-links): the
 * policy's `frame-ancestors` names this site and the configured origins
 * instead of nobody, and `X-Frame-Options` (which has no list) goes.
 * Nothing else is ever framed; without origins this changes nothing.
 */
export function allowFramingBy(response: ServerResponse, origins: readonly string[]): void {
  if (origins.length === 0) return;
  const ancestors = `frame-ancestors 'self' ${origins.join(' ')}`;
  const policy = response.getHeader('Content-Security-Policy');
  response.setHeader(
    'Content-Security-Policy',
    typeof policy === 'string' ? policy.replace(/frame-ancestors [^;]*/, ancestors) : ancestors,
  );
  response.removeHeader('X-Frame-Options');
}
