import { CONTENT_PUBLISH_PATH } from '../../api/contentService';
import { CONTENT_EVENTS_PATH } from '../../shared/contentEvents';
import { DEFAULT_LOCALE, isLocale } from '../../shared/locales';
import { PREVIEW_EXIT_PATH, PREVIEW_OPEN_PATH, PREVIEW_PATH } from '../../shared/previewPaths';
import {
  APPLE_TOUCH_ICON_PATH,
  CONTENT_HOOK_PATH,
  ARTICLE_ROUTE,
  ARTICLES_PATH,
  ASSETS_PATH,
  AUTHOR_ROUTE,
  AUTHORS_PATH,
  FAVICON_PATH,
  FEED_PATH,
  GRAPHQL_PATH,
  GRAPHQL_STREAM_PATH,
  HOME_PATH,
  IMAGES_PATH,
  MANIFEST_PATH,
  PAGE_ROUTE,
  ROBOTS_PATH,
  SEARCH_PATH,
  SITEMAP_PATH,
  sitemapPartPath,
  TOPIC_ROUTE,
  TOPICS_PATH,
} from '../../shared/sitePaths';
import { HEALTH_PATH, READY_PATH } from './health';

/** Every path no route of Folio's has: one label value, however many such paths readers send. */
export const OTHER_ROUTE = 'other';
const IMAGE_ROUTE = `${IMAGES_PATH}/:file`;
const ASSET_ROUTE = `${ASSETS_PATH}/:file`;
const SITEMAP_PART_ROUTE = sitemapPartPath(':part');
const SITEMAP_PART_PREFIX = sitemapPartPath('');
const LOCALE_PREFIX = '/:locale';

/** Paths that are their own template. */
const FIXED = new Set([
  HOME_PATH,
  ARTICLES_PATH,
  TOPICS_PATH,
  SEARCH_PATH,
  GRAPHQL_PATH,
  GRAPHQL_STREAM_PATH,
  FEED_PATH,
  SITEMAP_PATH,
  ROBOTS_PATH,
  FAVICON_PATH,
  APPLE_TOUCH_ICON_PATH,
  MANIFEST_PATH,
  PREVIEW_PATH,
  PREVIEW_OPEN_PATH,
  PREVIEW_EXIT_PATH,
  CONTENT_HOOK_PATH,
  CONTENT_PUBLISH_PATH,
  CONTENT_EVENTS_PATH,
  HEALTH_PATH,
  READY_PATH,
]);

/** A page with a slug, by its first segment: `/articles/x` is the article route. */
const SLUGGED: ReadonlyMap<string, string> = new Map([
  [ARTICLES_PATH, ARTICLE_ROUTE],
  [TOPICS_PATH, TOPIC_ROUTE],
  [AUTHORS_PATH, AUTHOR_ROUTE],
]);

/**
 * The route a request's URL is answered by, as a template (`/articles/:slug`,
 * `/:locale/articles/:slug`, `/images/:file`), never the path itself: the
 * `http_route` label of the request metrics (docs/operations.md#observing-folio),
 * whose values are this small set whatever readers send. Paths are matched as
 * the site matches them (case-sensitive, docs/routes.md#routes); what no route
 * has is `other`.
 */
export function routeTemplateOf(url: string): string {
  const queryAt = url.indexOf('?');
  let path = queryAt === -1 ? url : url.slice(0, queryAt);
  let prefix = '';
  const secondSlash = path.indexOf('/', 1);
  const first = secondSlash === -1 ? path.slice(1) : path.slice(1, secondSlash);
  if (first !== DEFAULT_LOCALE && isLocale(first)) {
    prefix = LOCALE_PREFIX;
    path = secondSlash === -1 ? HOME_PATH : path.slice(secondSlash);
  }
  const template = templateOf(path);
  if (template === OTHER_ROUTE || prefix === '') return template;
  // A locale's front page is `/de`: `/:locale`, not `/:locale/`.
  return template === HOME_PATH ? prefix : prefix + template;
}

function templateOf(path: string): string {
  if (FIXED.has(path)) return path;
  if (path.startsWith(`${ASSETS_PATH}/`)) return ASSET_ROUTE;
  if (path.startsWith(`${IMAGES_PATH}/`)) return IMAGE_ROUTE;
  if (path.startsWith(SITEMAP_PART_PREFIX.slice(0, -'.xml'.length))) return SITEMAP_PART_ROUTE;
  const secondSlash = path.indexOf('/', 1);
  // One segment: a composed page (`/about`).
  if (secondSlash === -1) return path.length > 1 ? PAGE_ROUTE : OTHER_ROUTE;
  // Two: a page with a slug (`/articles/x`), when nothing follows it.
  if (path.indexOf('/', secondSlash + 1) !== -1 || secondSlash === path.length - 1)
    return OTHER_ROUTE;
  return SLUGGED.get(path.slice(0, secondSlash)) ?? OTHER_ROUTE;
}
