import express, { type Request, type Response } from 'express';
import {
  isSecret,
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
  readPreviewGrant,
  signPreviewGrant,
} from '../../api/contentService';
import {
  PREVIEW_EXIT_PATH,
  PREVIEW_OPEN_PATH,
  PREVIEW_PATH,
  safeReturnPath,
} from '../../shared/previewPaths';
import { PRIVATE_CACHE_CONTROL } from '../../api/cacheControl';
import { isSourceId } from '../../api/model/globalId';
import { allowFramingBy } from '../http/securityHeaders';

export interface PreviewRouterOptions {
  keys: PreviewKeys;
  /** Origins that may frame what /preview/open answers (a CMS's preview panel). */
  frameOrigins: readonly string[];
  /** The document a link names, as a previewer sees it now; null when it is gone. */
  locate: (document: PreviewDocument) => Promise<{ id: string; path: string } | null>;
}

/**
 * docs/http-and-cache.md#preview: entering and leaving preview.
 * - `/preview?token=…&to=/path` keeps a valid token in an HttpOnly, SameSite
 *   cookie for this browser session and sends the reader on to `to`;
 * - `/preview/open?link=…` (a signed link, api/previewLinks.ts) or
 *   `/preview/open?type=Article&id=…&key=…` (a CMS's URL pattern, over
 *   Contentful only) opens a preview session of that one document for an
 *   hour and sends the person to its page; a browser that holds the preview
 *   token keeps it (a session shows less);
 * - `/preview/exit?to=/path` clears the cookie.
 * All answer with redirects nobody may cache, so entering and leaving
 * preview are fresh page loads.
 */
export function createPreviewRouter(options: PreviewRouterOptions) {
  const { keys } = options;
  const router = express.Router({ caseSensitive: true });
  const cookieOptions = (request: Request) => ({
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.secure,
    path: '/',
  });
  // Every target is a path on this site, whoever named it (a `to` parameter, a CMS's slug).
  const redirect = (response: Response, to: string | null) => {
    response
      .set({ 'Cache-Control': PRIVATE_CACHE_CONTROL, 'Referrer-Policy': 'no-referrer' })
      .redirect(303, safeReturnPath(to));
  };
  const refuse = (response: Response, status: 403 | 404, message: string) => {
    response
      .status(status)
      .set({
        'Cache-Control': PRIVATE_CACHE_CONTROL,
        'Referrer-Policy': 'no-referrer',
        'Content-Type': 'text/plain; charset=utf-8',
      })
      .send(`${message}\n`);
  };
  const query = (request: Request, name: string) => {
    const value = request.query[name];
    return typeof value === 'string' ? value.trim() : '';
  };
  const PREVIEW_OFF = 'Preview is not enabled on this server.';

  router.get(PREVIEW_PATH, (request, response) => {
    const token = query(request, 'token');
    if (keys.token === undefined) return refuse(response, 404, PREVIEW_OFF);
    if (token === '' || !isSecret(token, keys.token))
      return refuse(response, 403, 'This preview link is not valid. Ask for a new one.');
    response.cookie(PREVIEW_COOKIE, token, cookieOptions(request));
    previewSessionsOpened.inc();
    redirect(response, query(request, 'to') || null);
  });

  router.get(PREVIEW_OPEN_PATH, (request, response, next) => {
    // Shown in a CMS's preview panel, refusals included.
    allowFramingBy(response, options.frameOrigins);
    if (keys.linkKey === undefined) return refuse(response, 404, PREVIEW_OFF);
    const named = documentNamed(request, keys, query);
    if ('refused' in named) return refuse(response, 403, named.refused);
    options
      .locate(named.document)
      .then((found) => {
        if (found === null)
          return refuse(
            response,
            404,
            'This draft is not there any more: it may have been deleted or archived, or not yet published to this site.',
          );
        // The preview token shows this document too: a link never narrows it to one (a visit someone else sent).
        if (previewAccessOf(nodeHeaders(request.headers), keys).kind === 'everything')
          return redirect(response, found.path);
        const expiresAt = Math.floor(Date.now() / 1000) + PREVIEW_SESSION_TTL_S;
        const session = signPreviewGrant(keys.linkKey!, {
          purpose: 'session',
          document: { type: named.document.type, id: found.id },
          expiresAt,
        });
        previewSessionsOpened.inc();
        response.cookie(PREVIEW_COOKIE, session, {
          ...cookieOptions(request),
          maxAge: PREVIEW_SESSION_TTL_S * 1000,
          // Over HTTPS a CMS on another site may frame the page: the cookie goes with framed requests, kept apart per framing site.
          ...(request.secure ? { sameSite: 'none' as const, partitioned: true } : {}),
        });
        redirect(response, found.path);
      })
      .catch(next);
  });

  router.get(PREVIEW_EXIT_PATH, (request, response) => {
    response.clearCookie(PREVIEW_COOKIE, cookieOptions(request));
    redirect(response, query(request, 'to') || null);
  });
  return router;
}

/** The document `/preview/open` is asked for: a signed link's, or a URL pattern's with its key (where the source's URLs are patterns). */
function documentNamed(
  request: Request,
  keys: PreviewKeys,
  query: (request: Request, name: string) => string,
): { document: PreviewDocument } | { refused: string } {
  const link = query(request, 'link');
  if (link !== '') {
    const reading = readPreviewGrant(keys.linkKey, link);
    if ('grant' in reading && reading.grant.purpose === 'link')
      return { document: reading.grant.document };
    return {
      refused:
        'refused' in reading && reading.refused === 'expired'
          ? 'This preview link has expired: open the preview again from your CMS.'
          : 'This preview link is not valid. Open the preview again from your CMS.',
    };
  }
  // Over a source that signs its links (Folio's own database, Strapi), a URL key opens nothing: its ids are counted, not random.
  if (!keys.urlPatterns)
    return {
      refused: 'This site’s preview links are signed: open the preview again from your CMS.',
    };
  const key = query(request, 'key');
  const type = query(request, 'type') as PreviewDocumentType;
  const id = query(request, 'id');
  if (key === '' || !isSecret(key, previewUrlKey(keys.linkKey!)))
    return { refused: 'This preview link is not valid: its key is not this site’s.' };
  if (!PREVIEW_DOCUMENT_TYPES.includes(type) || !isSourceId(id))
    return {
      refused: `A preview link names a type (${PREVIEW_DOCUMENT_TYPES.join(' or ')}) and an entry id.`,
    };
  return { document: { type, id } };
}
