import express, { type CookieOptions, type Request, type Response } from 'express';
import {
  isSecret,
  localeNamedBy,
  nodeHeaders,
  PREVIEW_COOKIE,
  PREVIEW_DOCUMENT_TYPES,
  PREVIEW_SESSION_TTL_S,
  previewAccessOf,
  type PreviewDocument,
  type PreviewDocumentType,
  type PreviewKeys,
  previewSessionsOpened,
  previewUrlKey,
  type PreviewVersion,
  readPreviewGrant,
  signPreviewGrant,
} from '../../api/contentService';
import {
  PREVIEW_EXIT_PATH,
  PREVIEW_OPEN_PATH,
  PREVIEW_PATH,
  safeReturnPath,
} from '../../shared/previewPaths';
import { DEFAULT_LOCALE, isLocale, LOCALE_CODES, type Locale } from '../../shared/locales';
import { PRIVATE_CACHE_CONTROL } from '../../api/cacheControl';
import { isSourceId } from '../../api/model/globalId';
import { allowFramingBy } from '../http/securityHeaders';
import {
  type InterfaceText,
  previewPageLocale,
  sendPreviewPage,
  type PreviewPage,
} from './previewPages';

export interface PreviewRouterOptions {
  keys: PreviewKeys;
  /** Origins that may frame what /preview/* answers (a CMS's preview panel). */
  frameOrigins: readonly string[];
  /** The document a link names, as a previewer sees it now, in a language and version; null when it is gone. */
  locate: (
    document: PreviewDocument,
    locale: Locale,
    version: PreviewVersion,
  ) => Promise<{ id: string; path: string } | null>;
  /** The interface's text in a locale, for its pages (the page renderer's); without it they name their status alone. */
  interfaceText?: InterfaceText | undefined;
}

/** What `/preview/open` is asked for: a document, in a language, a version. */
interface Asked {
  document: PreviewDocument;
  locale: Locale;
  version: PreviewVersion;
}

/** Whether a request comes from a frame (a CMS's preview panel): the browser says so, or the banner's Exit link does. */
export const isFramed = (request: Request) =>
  request.get('sec-fetch-dest') === 'iframe' ||
  request.get('sec-fetch-dest') === 'frame' ||
  request.query.framed === '1';

/** Hosts a browser treats as a secure context over plain HTTP, where it keeps `Secure` cookies. */
const isLoopback = (hostname: string) =>
  hostname === 'localhost' ||
  hostname.endsWith('.localhost') ||
  /^127(\.\d{1,3}){3}$/.test(hostname) ||
  hostname === '[::1]' ||
  hostname === '::1';

/**
 * The preview cookie's attributes (docs/http-and-cache.md#preview-links). A
 * top-level visit keeps it `SameSite=Lax`. In a frame (a CMS's preview panel,
 * perhaps on another site: an admin at localhost framing 127.0.0.1) it is a
 * partitioned cookie (CHIPS: `SameSite=None; Secure; Partitioned`), kept for
 * this site under the framing site alone, which browsers keep where they
 * refuse third-party cookies; over HTTPS always. Plain HTTP on a host that is
 * not loopback cannot keep a `Secure` cookie: `Lax`, for same-site frames.
 */
export function previewCookieOptions(request: Request): CookieOptions {
  const base = { httpOnly: true, path: '/' } as const;
  if (request.secure || (isFramed(request) && isLoopback(request.hostname)))
    return { ...base, sameSite: 'none', secure: true, partitioned: true };
  return { ...base, sameSite: 'lax', secure: false };
}

/** Clears the preview cookie in every form it may have been set in (a partitioned one is cleared only by a partitioned Set-Cookie). */
function clearPreviewCookie(request: Request, response: Response): void {
  response.clearCookie(PREVIEW_COOKIE, { httpOnly: true, path: '/', sameSite: 'lax' });
  if (request.secure || isLoopback(request.hostname))
    response.clearCookie(PREVIEW_COOKIE, {
      httpOnly: true,
      path: '/',
      sameSite: 'none',
      secure: true,
      partitioned: true,
    });
}

const query = (request: Request, name: string) => {
  const value = request.query[name];
  return typeof value === 'string' ? value.trim() : '';
};

const PREVIEW_OFF: PreviewPage = {
  status: 404,
  title: 'previewPage.off.title',
  text: 'previewPage.off.text',
};

/**
 * docs/http-and-cache.md#preview: entering and leaving preview.
 * - `/preview?token=…&to=/path` keeps a valid token in an HttpOnly, SameSite
 *   cookie for this browser session and sends the reader on to `to`;
 * - `/preview/open?link=…` (a signed link, api/previewLinks.ts) or
 *   `/preview/open?type=Article&id=…&locale=…&key=…` (a CMS's URL pattern,
 *   over Contentful only) opens a preview session of that one document, in
 *   every language it has, for an hour, and sends the person to its page in
 *   the language asked; a browser that holds the preview token keeps it (a
 *   session shows less);
 * - `/preview/exit?to=/path` clears the cookie; in a frame it answers
 *   "Preview ended" there, since readers' pages refuse every frame.
 * Redirects nobody may cache, so entering and leaving preview are fresh page
 * loads; refusals are pages in the site's language (./previewPages.ts).
 */
export function createPreviewRouter(options: PreviewRouterOptions) {
  const { keys, frameOrigins } = options;
  const router = express.Router({ caseSensitive: true });
  // Every target is a path on this site, whoever named it (a `to` parameter, a CMS's slug).
  const redirect = (response: Response, to: string | null) => {
    response
      .set({ 'Cache-Control': PRIVATE_CACHE_CONTROL, 'Referrer-Policy': 'no-referrer' })
      .redirect(303, safeReturnPath(to));
  };
  const answer = (request: Request, response: Response, page: PreviewPage, named?: Locale) => {
    const locale = previewPageLocale(request, named ?? null);
    // The catalogs could not load (never expected): a bare 500, as express's own error answer would be.
    sendPreviewPage(response, page, locale, options).catch(() => {
      if (!response.headersSent) response.status(500).end();
    });
  };

  router.get(PREVIEW_PATH, (request, response) => {
    const token = query(request, 'token');
    if (keys.token === undefined) return answer(request, response, PREVIEW_OFF);
    if (token === '' || !isSecret(token, keys.token))
      return answer(request, response, {
        status: 403,
        title: 'previewPage.invalid.title',
        text: 'previewPage.badToken.text',
      });
    response.cookie(PREVIEW_COOKIE, token, previewCookieOptions(request));
    previewSessionsOpened.inc();
    redirect(response, query(request, 'to') || null);
  });

  router.get(PREVIEW_OPEN_PATH, (request, response, next) => {
    // Shown in a CMS's preview panel, refusals included.
    allowFramingBy(response, frameOrigins);
    if (keys.linkKey === undefined) return answer(request, response, PREVIEW_OFF);
    const asked = documentAsked(request, keys);
    if ('refused' in asked) return answer(request, response, asked.refused, asked.locale);
    options
      .locate(asked.document, asked.locale, asked.version)
      .then((found) => {
        if (found === null) return answer(request, response, goneFor(asked), asked.locale);
        // The preview token shows this document too: a link never narrows it to one (a visit someone else sent).
        if (previewAccessOf(nodeHeaders(request.headers), keys).kind === 'everything')
          return redirect(response, found.path);
        const session = signPreviewGrant(keys.linkKey!, {
          purpose: 'session',
          document: { type: asked.document.type, id: found.id },
          version: asked.version,
          expiresAt: Math.floor(Date.now() / 1000) + PREVIEW_SESSION_TTL_S,
        });
        previewSessionsOpened.inc();
        if (isFramed(request)) clearPreviewCookie(request, response);
        response.cookie(PREVIEW_COOKIE, session, {
          ...previewCookieOptions(request),
          maxAge: PREVIEW_SESSION_TTL_S * 1000,
        });
        redirect(response, found.path);
      })
      .catch(next);
  });

  router.get(PREVIEW_EXIT_PATH, (request, response) => {
    clearPreviewCookie(request, response);
    const to = safeReturnPath(query(request, 'to') || null);
    // A reader's page refuses every frame (and is kept for everyone as it is): the panel shows this instead.
    if (isFramed(request))
      return answer(request, response, {
        status: 200,
        title: 'previewPage.ended.title',
        text: 'previewPage.ended.text',
        link: { href: to, label: 'previewPage.ended.readers' },
      });
    redirect(response, to);
  });
  return router;
}

/** The page for a document a link names that is not there in the language and version asked. */
const goneFor = (asked: Asked): PreviewPage =>
  asked.version === 'published'
    ? {
        status: 404,
        title: 'previewPage.notPublished.title',
        text: 'previewPage.notPublished.text',
      }
    : { status: 404, title: 'previewPage.gone.title', text: 'previewPage.gone.text' };

type Refusal = { refused: PreviewPage; locale?: Locale };

/** What `/preview/open` is asked for: a signed link's, or a URL pattern's with its key (where the source's URLs are patterns). */
function documentAsked(request: Request, keys: PreviewKeys): Asked | Refusal {
  const link = query(request, 'link');
  if (link !== '') {
    const reading = readPreviewGrant(keys.linkKey, link);
    if ('grant' in reading && reading.grant.purpose === 'link')
      return {
        document: reading.grant.document,
        locale: reading.grant.locale ?? DEFAULT_LOCALE,
        version: reading.grant.version ?? 'draft',
      };
    const expired = 'refused' in reading && reading.refused === 'expired';
    return {
      refused: {
        status: 403,
        title: expired ? 'previewPage.expired.title' : 'previewPage.invalid.title',
        text: expired ? 'previewPage.expired.text' : 'previewPage.invalid.text',
      },
      locale: localeNamedBy(link) ?? undefined,
    };
  }
  const invalid = (text: PreviewPage['text'], values?: Record<string, string>): Refusal => ({
    refused: { status: 403, title: 'previewPage.invalid.title', text, values },
  });
  // Over a source that signs its links (Folio's own database, Strapi), a URL key opens nothing: its ids are counted, not random.
  if (!keys.urlPatterns) return invalid('previewPage.signed.text');
  const key = query(request, 'key');
  const type = query(request, 'type') as PreviewDocumentType;
  const id = query(request, 'id');
  const locale = patternLocale(query(request, 'locale'));
  if (key === '' || !isSecret(key, previewUrlKey(keys.linkKey!)))
    return { ...invalid('previewPage.foreignKey.text'), locale: locale ?? undefined };
  if (!PREVIEW_DOCUMENT_TYPES.includes(type) || !isSourceId(id) || locale === null)
    return invalid('previewPage.malformed.text', { locales: LOCALE_CODES.join(', ') });
  return { document: { type, id }, locale, version: 'draft' };
}

/**
 * The site's locale a CMS's `{locale}` names: Contentful's codes carry a
 * region (`en-US`, `de-DE`), the site's are languages; none given, the
 * default (patterns made before they named one); one the site has not, null.
 */
function patternLocale(code: string): Locale | null {
  if (code === '') return DEFAULT_LOCALE;
  const language = code.toLowerCase().split('-')[0];
  return isLocale(language) ? language : null;
}
