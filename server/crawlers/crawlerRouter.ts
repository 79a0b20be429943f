import express from 'express';
import { cdnHeaders, cdnKeys, SITEMAP_KEY, type CdnKeys } from '../../api/caches/cacheKeys';
import type { CrawlContent } from '../../api/contentService';
import { buildAtomFeed } from './feed';
import { robotsTxt } from './robots';
import {
  buildSitemap,
  buildSitemapPart,
  planSitemap,
  SITEMAP_URL_LIMIT,
  type SitemapPlan,
} from './sitemap';
import { etagOf, matchesIfNoneMatch } from '../http/etag';
import type { Logger } from '../ops/logger';
import { CRAWLER_CACHE_CONTROL, NO_STORE, READER_ANSWER_TTL_MS } from '../../api/cacheControl';
import {
  FEED_PATH,
  localePath,
  ROBOTS_PATH,
  SITEMAP_PATH,
  sitemapPartPath,
} from '../../shared/sitePaths';
import { LOCALE_CODES } from '../../shared/locales';

export interface CrawlerRouterOptions {
  /** What the documents read, kept and dropped with readers' answers (api/crawlContent.ts). */
  content: CrawlContent;
  /** The absolute origin (`https://folio.example`) for a request: `publicOriginOf` of server/publicOrigin.ts. */
  publicOrigin: (request: express.Request) => string;
  /** URLs in one sitemap file before `/sitemap.xml` becomes an index (default and maximum: 50,000). */
  sitemapUrlLimit?: number;
  /** How long a generated document is reused, in milliseconds; 0 builds every answer afresh. */
  cacheMs?: number;
  /** Where a failure is reported (the server's logger). */
  logger?: Pick<Logger, 'error'>;
}

interface CrawlerDocument {
  body: string;
  /** Strong ETag: a hash of the exact bytes. */
  etag: string;
  /** The cache keys of what it shows (api/caches/cacheKeys.ts). */
  keys: readonly string[];
  /** Those keys as a CDN is told them, worked out once with the document rather than on every answer. */
  cdn: CdnKeys;
}

function documentOf(body: string, keys: readonly string[] = []): CrawlerDocument {
  return { body, etag: etagOf(body), keys, cdn: cdnKeys(keys) };
}

const ATOM = 'application/atom+xml; charset=utf-8';
const XML = 'application/xml; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';

/** A document for everyone: named by its keys for a CDN, kept by one no longer than until the next scheduled publication. */
function send(
  request: express.Request,
  response: express.Response,
  document: CrawlerDocument,
  contentType: string,
  secondsLeft: number | null = null,
) {
  response.set({
    ...cdnHeaders(CRAWLER_CACHE_CONTROL, document.cdn, secondsLeft),
    ETag: document.etag,
    'Content-Type': contentType,
  });
  if (matchesIfNoneMatch(request.get('If-None-Match'), document.etag)) {
    response.status(304).end();
    return;
  }
  response.send(document.body);
}

const NOT_FOUND = documentOf('Not found.\n');
/** A missing sitemap part may appear when articles are published: named `sitemap` for a CDN. */
const PART_NOT_FOUND_YET = documentOf(NOT_FOUND.body, [SITEMAP_KEY]);

function notFound(
  response: express.Response,
  document: CrawlerDocument,
  secondsLeft: number | null = null,
) {
  response
    .status(404)
    .set({
      ...cdnHeaders(CRAWLER_CACHE_CONTROL, document.cdn, secondsLeft),
      ETag: document.etag,
      'Content-Type': TEXT,
    })
    .send(document.body);
}

/**
 * Only published, non-future content: the feed, the sitemap (split when
 * large) and robots.txt (docs/routes.md#routes). The feed is tagged with the keys of what it
 * shows (its reader notes them), sitemaps with `sitemap`, which every change
 * of an article, page, topic or author includes.
 */
export function createCrawlerRouter({
  content,
  publicOrigin,
  sitemapUrlLimit = SITEMAP_URL_LIMIT,
  cacheMs = READER_ANSWER_TTL_MS,
  logger,
}: CrawlerRouterOptions): express.Router {
  if (
    !Number.isInteger(sitemapUrlLimit) ||
    sitemapUrlLimit < 1 ||
    sitemapUrlLimit > SITEMAP_URL_LIMIT
  ) {
    throw new RangeError(`sitemapUrlLimit must be a whole number from 1 to ${SITEMAP_URL_LIMIT}`);
  }
  // 64 MB holds every document of a 100k-article site for a few origins (a 50,000-URL part is about 6 MB).
  // A change drops the documents that show it, and nothing is kept past the next scheduled publication.
  const documents = content.keep<CrawlerDocument | null>({
    ttlMs: cacheMs,
    maxEntries: 100,
    maxSize: 64 * 1024 * 1024,
    sizeOf: (document) => document?.body.length ?? 0,
    // A part that does not exist yet (null) comes with publishing.
    keysOf: (_key, document) => document?.keys ?? [SITEMAP_KEY],
  });
  // The sitemap's counts and small URLs do not depend on the origin: the index and every part share them.
  const plans = content.keep<SitemapPlan>({
    ttlMs: cacheMs,
    maxEntries: 1,
    keysOf: () => [SITEMAP_KEY],
  });
  const secondsLeft = () => content.secondsLeft();
  const plan = () => plans.get('plan', () => planSitemap(content, sitemapUrlLimit));
  const router = express.Router({ caseSensitive: true });
  const originOf = (request: express.Request) => publicOrigin(request).replace(/\/+$/, '');

  /** Answers with the document `build` makes (404 when it makes none) or 503, never a stack, when the store fails. */
  const serve = (
    name: string,
    contentType: string,
    build: (origin: string) => Promise<{ body: string; keys: string[] } | null>,
  ): express.RequestHandler => {
    return async (request, response) => {
      const origin = originOf(request);
      let document: CrawlerDocument | null;
      try {
        document = await documents.get(`${origin} ${name}`, async () => {
          const built = await build(origin);
          return built === null ? null : documentOf(built.body, built.keys);
        });
      } catch (error) {
        if (logger) logger.error({ err: error, path: request.path }, 'crawler document failed');
        else
          console.error(
            `crawlers: ${request.path} failed: ${error instanceof Error ? error.message : String(error)}`,
          );
        // end(), not send(): an error answer gets no ETag.
        response
          .status(503)
          .set({ 'Cache-Control': NO_STORE, 'Retry-After': '30', 'Content-Type': TEXT })
          .end('Temporarily unavailable; try again shortly.\n');
        return;
      }
      if (document) send(request, response, document, contentType, secondsLeft());
      else notFound(response, PART_NOT_FOUND_YET, secondsLeft());
    };
  };
  const sitemapDocument = (body: string | null) =>
    body === null ? null : { body, keys: [SITEMAP_KEY] };

  router.get(ROBOTS_PATH, (request, response) =>
    send(request, response, documentOf(robotsTxt(originOf(request))), TEXT),
  );
  // A feed per locale: `/feed.xml`, `/de/feed.xml` (docs/routes.md#crawlers).
  for (const locale of LOCALE_CODES)
    router.get(
      localePath(locale, FEED_PATH),
      serve(`feed ${locale}`, ATOM, async (origin) => {
        const keys = new Set<string>();
        const body = await buildAtomFeed(content, origin, keys, locale);
        return { body, keys: [...keys] };
      }),
    );
  router.get(
    SITEMAP_PATH,
    serve('sitemap', XML, async (origin) =>
      sitemapDocument(await buildSitemap(content, origin, await plan())),
    ),
  );
  router.get(sitemapPartPath(':part'), (request, response, next) => {
    const part = String(request.params.part ?? '');
    // Anything but a plain part number is no sitemap (and must not grow the cache).
    if (!/^[1-9][0-9]{0,5}$/.test(part)) {
      notFound(response, NOT_FOUND);
      return;
    }
    return serve(`sitemap-${part}`, XML, async (origin) =>
      sitemapDocument(await buildSitemapPart(content, origin, await plan(), Number(part))),
    )(request, response, next);
  });
  return router;
}
