import { performance } from 'node:perf_hooks';
import type { NextFunction, Request, Response } from 'express';
import {
  accessOfCredential,
  carriesCredential,
  type ContentService,
  inSpan,
  isContentError,
  PREVIEW_COOKIE,
  type PreviewKeys,
  previews,
  previewTokenOf,
  renderDuration,
} from '../../api/contentService';
import { keyOfGlobalId, keysOfHeader } from '../../api/caches/cacheKeys';
import { allowFramingBy } from '../http/securityHeaders';
import { send, type ReaderResponseCache } from '../http/readerResponseCache';
import type { PageRenderer, RenderedPage } from './pageRenderer';
import type { Logger } from '../ops/logger';
import { routeTemplateOf } from '../ops/routeTemplate';
import { PRIVATE_CACHE_CONTROL, READER_PAGE_CACHE_CONTROL } from '../../api/cacheControl';

export interface PageHandlerOptions {
  renderer: PageRenderer;
  /** One GraphQL request in this process (the content API's `fetch`, or the forwarder). */
  fetchGraphQL: typeof globalThis.fetch;
  /** The preview token and link key; without either, preview is off. */
  previewKeys: PreviewKeys;
  /** Origins that may frame a preview page (a CMS's preview panel). */
  previewFrameOrigins?: readonly string[];
  cache: ReaderResponseCache;
  renderTimeoutMs?: number;
  /** The browser's GraphQL endpoint, named in every page (docs/operations.md#configuration). */
  clientGraphQL?: { endpoint?: string | undefined; queriesAsGet?: boolean | undefined };
  /** The site's public origin for this request (server/publicOrigin.ts). */
  publicOrigin: (request: Request) => string;
  /** Where a page that could not be rendered is told (the server's JSON log). */
  logger?: Pick<Logger, 'error'>;
  /** Where an address a document left leads now: readers are answered 301 (docs/routes.md#addresses-that-moved). */
  movedTo?: ContentService['moved'];
}

/** A rendered page and the cache keys of what it shows. */
interface PageWithKeys {
  page: RenderedPage;
  keys: string[];
}

/**
 * Every reader page, rendered on the server (docs/architecture.md#server-rendering). A reader's page (no
 * credential of any kind) is kept in the reader cache and may be kept by a
 * CDN, tagged with the keys of what it shows: those the content API named
 * for each of its answers (`Surrogate-Key`), and the records the page used
 * (an external GraphQL service names none). A preview, or any request with a
 * credential, is rendered for it alone and marked `private, no-store`.
 * Renders of one URL in flight at once are shared, unless a change came
 * since the render began (it may have read the content before it).
 */
export function createPageHandler(options: PageHandlerOptions) {
  const inFlight = new Map<string, { generation: number; render: Promise<PageWithKeys> }>();
  return (request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    void handle(request, response).catch(next);
  };

  async function handle(request: Request, response: Response) {
    const token = previewTokenOf(request);
    const preview = previews(accessOfCredential(token, options.previewKeys));
    // A preview cookie that no longer opens preview (the token changed, the session ended) is dropped; the page is a reader's.
    if (!preview && request.get('cookie')?.includes(`${PREVIEW_COOKIE}=`))
      response.clearCookie(PREVIEW_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax' });
    const shared = !carriesCredential(request);
    if (shared && (await answeredMoved(request, response, options))) return;
    const origin = options.publicOrigin(request);
    const url = `${origin}${decodablePath(request.originalUrl)}`;
    const render = async (): Promise<PageWithKeys> => {
      const keys = new Set<string>();
      // The API names the keys of each answer; a page shows what all its answers show.
      const fetchGraphQL: typeof globalThis.fetch = async (input, init) => {
        const answer = await options.fetchGraphQL(input, init);
        for (const key of keysOfHeader(answer.headers.get('surrogate-key'))) keys.add(key);
        return answer;
      };
      const route = routeTemplateOf(request.originalUrl);
      const started = performance.now();
      const page = await inSpan('folio.render', { 'http.route': route }, async (span) => {
        const rendered = await options.renderer.renderPage({
          url,
          site: { origin, preview },
          fetch: fetchGraphQL,
          headers: preview ? { 'X-Preview-Token': token! } : {},
          assets: options.renderer.assets,
          timeoutMs: options.renderTimeoutMs,
          graphql: options.clientGraphQL,
        });
        span.setAttribute('http.response.status_code', rendered.status);
        return rendered;
      });
      renderDuration.labels(route).observe((performance.now() - started) / 1000);
      for (const id of page.recordIds) {
        const key = keyOfGlobalId(id);
        if (key !== null) keys.add(key);
      }
      return { page, keys: [...keys] };
    };
    const generation = options.cache.generation;
    let rendered: PageWithKeys;
    if (shared) {
      let pending = inFlight.get(url);
      if (!pending || pending.generation !== generation) {
        const entry = { generation, render: render() };
        entry.render
          .finally(() => inFlight.get(url) === entry && inFlight.delete(url))
          .catch(() => undefined);
        inFlight.set(url, entry);
        pending = entry;
      }
      rendered = await pending.render;
    } else {
      rendered = await render();
    }
    const { page } = rendered;
    if (page.failure !== undefined)
      options.logger?.error(
        { err: page.failure, path: request.path, requestId: response.getHeader('X-Request-Id') },
        'could not render the page',
      );
    const headers: Record<string, string> =
      page.retryAfterSeconds === null ? {} : { 'Retry-After': String(page.retryAfterSeconds) };
    const answer = {
      status: page.status,
      contentType: 'text/html; charset=utf-8',
      // Pages a reader may share with others: found and not found. Errors pass.
      cacheControl:
        shared && (page.status === 200 || page.status === 404)
          ? READER_PAGE_CACHE_CONTROL
          : PRIVATE_CACHE_CONTROL,
      body: Buffer.from(page.html),
      keys: rendered.keys,
      headers,
    };
    if (shared) {
      options.cache.storeAndSend(request, response, answer, generation);
      return;
    }
    if (preview) allowFramingBy(response, options.previewFrameOrigins ?? []);
    // Headers set for this request alone (a dropped preview cookie) go with its answer, which nobody keeps.
    const own = response.getHeader('set-cookie');
    if (own !== undefined)
      headers['Set-Cookie'] = Array.isArray(own) ? own.join(', ') : String(own);
    send(request, response, answer);
  }
}

/**
 * A reader asking for an address its document left: a 301 to where the
 * document is now, kept and tagged like a page (the old slug's key and the
 * document's), so that the change that gives the address to another
 * document, or moves this one again, drops it here and at the CDN.
 */
async function answeredMoved(
  request: Request,
  response: Response,
  options: PageHandlerOptions,
): Promise<boolean> {
  if (!options.movedTo) return false;
  const generation = options.cache.generation;
  const queryAt = request.originalUrl.indexOf('?');
  const search = queryAt === -1 ? '' : request.originalUrl.slice(queryAt);
  let moved;
  try {
    moved = await options.movedTo(request.path, search);
  } catch (error) {
    // The database cannot say now (an outage): the page's own render answers as it can (a 503, or the kept copy).
    if (isContentError(error)) return false;
    throw error;
  }
  if (!moved) return false;
  const href = moved.location.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
  const answer = {
    status: 301,
    contentType: 'text/html; charset=utf-8',
    cacheControl: READER_PAGE_CACHE_CONTROL,
    body: Buffer.from(`<!doctype html><title>Moved</title><a href="${href}">${href}</a>\n`),
    keys: moved.keys,
    headers: { Location: moved.location },
  };
  options.cache.storeAndSend(request, response, answer, generation);
  return true;
}

/**
 * The URL with a path that is not valid percent-encoding (`/de/%ff`) taken
 * literally: each `%` of it as `%25`. The router then reads it as the text it
 * is (no page has such a path: the not-found page, in the path's locale)
 * instead of warning on every request, outside the JSON log.
 */
export function decodablePath(originalUrl: string): string {
  const queryAt = originalUrl.indexOf('?');
  const path = queryAt === -1 ? originalUrl : originalUrl.slice(0, queryAt);
  try {
    decodeURIComponent(path);
    return originalUrl;
  } catch {
    return path.replaceAll('%', '%25') + (queryAt === -1 ? '' : originalUrl.slice(queryAt));
  }
}
