import { createHash, timingSafeEqual } from 'node:crypto';
import { parse as parseCookies } from 'cookie';
import { readPreviewGrant, type PreviewDocumentType, type PreviewVersion } from './previewLinks';

/**
 * The one place that knows how a request says "preview" (docs/http-and-cache.md#preview, §11). A
 * previewer's browser holds the token in the HttpOnly `folio_preview` cookie
 * that `/preview` sets; API clients send `X-Preview-Token` or
 * `Authorization: Bearer`. Any other Authorization scheme (a staging site's
 * HTTP basic auth) is not a preview token.
 */
export const PREVIEW_COOKIE = 'folio_preview';

/** What `Request.headers`, Node's headers and express's `req.get` have in common. */
export interface HeaderReader {
  get(name: string): string | null | undefined;
}

export function nodeHeaders(headers: Record<string, string | string[] | undefined>): HeaderReader {
  return {
    get: (name) => {
      const value = headers[name.toLowerCase()];
      return Array.isArray(value) ? value.join(', ') : value;
    },
  };
}

/** The preview token the request carries, or null. */
export function previewTokenOf(headers: HeaderReader): string | null {
  const token =
    headers.get('x-preview-token')?.trim() ||
    bearerToken(headers.get('authorization')) ||
    previewCookieOf(headers);
  return token ? token : null;
}

/**
 * Whether the request carries a credential of any kind (a preview token, any
 * Authorization, the preview cookie): its answer may differ from a reader's,
 * so it is never publicly cacheable and never served from a shared cache.
 */
export function carriesCredential(headers: HeaderReader): boolean {
  return Boolean(
    headers.get('x-preview-token') || headers.get('authorization') || previewCookieOf(headers),
  );
}

/** The headers a publicly cacheable answer varies by: a cache must key on them or not share the answer. */
export const CREDENTIAL_HEADERS = ['Cookie', 'Authorization', 'X-Preview-Token'] as const;

/** The token of an `Authorization: Bearer <token>` header, or null for any other value. */
export function bearerToken(value: string | null | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(value ?? '');
  return match?.[1] ?? null;
}

/** What preview a server offers: the token (everything), and the key that signs links (one document each). */
export interface PreviewKeys {
  token: string | undefined;
  linkKey: Buffer | undefined;
  /**
   * Whether `/preview/open` takes a CMS's fixed URL pattern with the URL key
   * (`?type=&id=&key=`, api/previewLinks.ts `previewUrlKey`): only over
   * Contentful, whose preview URLs cannot be signed and whose entry ids are
   * random. Folio's own database numbers its documents (an id is guessed by
   * counting) and signs its links, as the Strapi project does: there a
   * URL key opens nothing.
   */
  urlPatterns?: boolean;
}

/**
 * What a request may preview: nothing (a reader), everything (the preview
 * token), or one document (a session a signed link opened: api/previewLinks.ts)
 * in every language it has: its draft, or (a CMS's Published tab) its
 * published version, as readers see it. `id` is the id all its languages
 * share (a CMS's document id; the embedded source's original's row).
 * A credential that opens nothing is refused, with a sentence for the person.
 */
export type PreviewAccess =
  | { kind: 'reader' }
  | { kind: 'everything' }
  | { kind: 'document'; type: PreviewDocumentType; id: string; version: PreviewVersion }
  | { kind: 'refused'; message: string };

export const READER_ACCESS: PreviewAccess = { kind: 'reader' };

export function previewAccessOf(headers: HeaderReader, keys: PreviewKeys): PreviewAccess {
  return accessOfCredential(previewTokenOf(headers), keys);
}

/** The same, for a credential already read from the request (`previewTokenOf`). */
export function accessOfCredential(presented: string | null, keys: PreviewKeys): PreviewAccess {
  if (presented === null) return READER_ACCESS;
  if (keys.token !== undefined && isSecret(presented, keys.token)) return { kind: 'everything' };
  const reading = readPreviewGrant(keys.linkKey, presented);
  if ('grant' in reading && reading.grant.purpose === 'session' && 'id' in reading.grant.document)
    return {
      kind: 'document',
      ...reading.grant.document,
      version: reading.grant.version ?? 'draft',
    };
  return {
    kind: 'refused',
    message:
      'refused' in reading && reading.refused === 'expired'
        ? 'This preview has expired: open it again from your CMS.'
        : 'The preview token is not valid.',
  };
}

/** What the access shows beyond a reader (`viewer.previewScope`): every draft, one document, or nothing. */
export function previewScopeOf(access: PreviewAccess): 'EVERYTHING' | 'DOCUMENT' | null {
  if (access.kind === 'everything') return 'EVERYTHING';
  return access.kind === 'document' ? 'DOCUMENT' : null;
}

/** Whether the access shows anything a reader does not see. */
export const previews = (access: PreviewAccess) => previewScopeOf(access) !== null;

/** Compares a presented token with the secret in constant time (hashes first: equal lengths whatever was sent). */
export function isSecret(presented: string, secret: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(presented), digest(secret));
}

function previewCookieOf(headers: HeaderReader): string | null {
  const cookie = headers.get('cookie');
  if (!cookie) return null;
  try {
    return parseCookies(cookie)[PREVIEW_COOKIE]?.trim() || null;
  } catch {
    return null;
  }
}
