import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from './db/database';
import { keptSecret } from './db/serverSecrets';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../shared/locales';

/**
 * Signed preview links (docs/http-and-cache.md#preview-links): what a CMS,
 * or `npm run content -- --preview`, opens to show one draft without the
 * preview token. A link names one document and expires within minutes;
 * opening it gives the browser a preview session for that document alone
 * (an hour), kept in the preview cookie. Both are the same signed grant:
 *
 *   <base64url(JSON payload)>.<base64url(HMAC-SHA256(key, first part))>
 *
 * with the payload `{ v: 2, p: 'link' | 'session', t: 'Article' | 'Page',
 * id?, slug?, l: <locale>, s: 'draft' | 'published', exp (Unix seconds) }`:
 * `l` is the language the writer previews (a link opens that version's
 * page; a session covers every language of its document) and `s` the
 * version asked for (a CMS's Draft or Published tab). A version 1 payload
 * (no `l`, no `s`, made before) still reads, as the default locale's draft.
 * The Strapi project signs the same format (cms/strapi/lib/previewLink.js;
 * a test holds the two together).
 */
export const PREVIEW_DOCUMENT_TYPES = ['Article', 'Page'] as const;
export type PreviewDocumentType = (typeof PREVIEW_DOCUMENT_TYPES)[number];

/** A document a link names: by the source's own id (a CMS) or by slug (a Markdown file). */
export type PreviewDocument =
  { type: PreviewDocumentType; id: string } | { type: PreviewDocumentType; slug: string };

/** Which version of a document a link asks for: its draft (what preview is for), or its published one (a CMS's Published tab). */
export const PREVIEW_VERSIONS = ['draft', 'published'] as const;
export type PreviewVersion = (typeof PREVIEW_VERSIONS)[number];

export interface PreviewGrant {
  /** `link`: opens a session at /preview/open; `session`: what the preview cookie holds. */
  purpose: 'link' | 'session';
  document: PreviewDocument;
  /** The language asked for (a link's page); the default locale when not given. */
  locale?: Locale;
  /** The version asked for; the draft when not given. */
  version?: PreviewVersion;
  /** Unix seconds. */
  expiresAt: number;
}

/** How long a link may wait before it is opened. */
export const PREVIEW_LINK_TTL_S = 10 * 60;
/** How long a session opened by a link lasts (the browser's cookie ends with it). */
export const PREVIEW_SESSION_TTL_S = 60 * 60;

const GRANT_VERSION = 2;
/** Links made before a link named its language and version: still read, as the default locale's draft. */
const FIRST_GRANT_VERSION = 1;
const MAX_GRANT_LENGTH = 600;

/**
 * The key that signs links: `FOLIO_PREVIEW_LINK_KEY` when set (shared with a
 * CMS that signs its own links), else one made once and kept in Folio's
 * database, which every server over it and `npm run content -- --preview`
 * read: links work with nothing configured.
 */
export async function previewLinkKey(
  db: Database,
  configured: string | undefined,
): Promise<Buffer> {
  return configured ? Buffer.from(configured, 'utf8') : keptSecret(db, 'preview-link-key');
}

export function signPreviewGrant(key: Buffer, grant: PreviewGrant): string {
  const payload = Buffer.from(
    JSON.stringify({
      v: GRANT_VERSION,
      p: grant.purpose,
      t: grant.document.type,
      ...('id' in grant.document ? { id: grant.document.id } : { slug: grant.document.slug }),
      l: grant.locale ?? DEFAULT_LOCALE,
      s: grant.version ?? 'draft',
      exp: grant.expiresAt,
    }),
  ).toString('base64url');
  return `${payload}.${signature(key, payload)}`;
}

export type GrantReading = { grant: PreviewGrant } | { refused: 'expired' | 'invalid' };

/** A grant's payload, when its signature is the key's and it has not expired. */
export function readPreviewGrant(
  key: Buffer | undefined,
  text: string,
  nowMs = Date.now(),
): GrantReading {
  const dot = text.indexOf('.');
  if (key === undefined || text.length > MAX_GRANT_LENGTH || dot <= 0)
    return { refused: 'invalid' };
  const payload = text.slice(0, dot);
  // The signature's text itself is compared, not its decoded bytes: base64url
  // ignores the unused bits of the last character, so several texts decode to
  // one signature, and a link must have exactly one spelling.
  const presented = Buffer.from(text.slice(dot + 1), 'utf8');
  const expected = Buffer.from(signature(key, payload), 'utf8');
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected))
    return { refused: 'invalid' };
  const grant = grantOf(payload);
  if (grant === null) return { refused: 'invalid' };
  return grant.expiresAt * 1000 <= nowMs ? { refused: 'expired' } : { grant };
}

function signature(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

function grantOf(payload: string): PreviewGrant | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { v, p, t, id, slug, exp } = value as Record<string, unknown>;
  if (v !== GRANT_VERSION && v !== FIRST_GRANT_VERSION) return null;
  if (p !== 'link' && p !== 'session') return null;
  if (!PREVIEW_DOCUMENT_TYPES.includes(t as PreviewDocumentType)) return null;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return null;
  const asked = askedOf(value as Record<string, unknown>);
  if (asked === null) return null;
  const type = t as PreviewDocumentType;
  if (typeof id === 'string' && id !== '')
    return { purpose: p, document: { type, id }, ...asked, expiresAt: exp };
  if (typeof slug === 'string' && slug !== '')
    return { purpose: p, document: { type, slug }, ...asked, expiresAt: exp };
  return null;
}

/** A payload's language and version: version 1 names neither (the default locale's draft); version 2 both, or it is not valid. */
function askedOf(payload: Record<string, unknown>): {
  locale: Locale;
  version: PreviewVersion;
} | null {
  if (payload.v === FIRST_GRANT_VERSION) return { locale: DEFAULT_LOCALE, version: 'draft' };
  const { l, s } = payload;
  if (!isLocale(l) || !PREVIEW_VERSIONS.includes(s as PreviewVersion)) return null;
  return { locale: l, version: s as PreviewVersion };
}

/**
 * The language a grant's payload names, whether or not its signature holds
 * (an expired or forged link's refusal is written in it): never trusted for
 * anything else.
 */
export function localeNamedBy(text: string): Locale | null {
  try {
    const payload: unknown = JSON.parse(
      Buffer.from(text.slice(0, Math.max(0, text.indexOf('.'))), 'base64url').toString('utf8'),
    );
    const locale = (payload as { l?: unknown } | null)?.l;
    return isLocale(locale) ? locale : null;
  } catch {
    return null;
  }
}

/**
 * The key a CMS whose preview URLs are fixed patterns (Contentful) puts in
 * them: at /preview/open it opens the one entry the URL names, per click,
 * and nothing else (it is not a preview token); it changes with the link key.
 */
export function previewUrlKey(linkKey: Buffer): string {
  return createHmac('sha256', linkKey).update('preview url patterns').digest('base64url');
}
