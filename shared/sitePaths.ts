import { DEFAULT_LOCALE, isLocale, type Locale } from './locales';
/**
 * Every path of the site, named once for the route table, the components,
 * the server renderer and the crawlers' documents (feed, sitemap).
 */
export const HOME_PATH = '/';
export const ARTICLES_PATH = '/articles';
export const TOPICS_PATH = '/topics';
export const AUTHORS_PATH = '/authors';
export const SEARCH_PATH = '/search';
/** The route table's paths with a slug (src/routes.ts), also the server's `http_route` metric label. */
export const ARTICLE_ROUTE = `${ARTICLES_PATH}/:slug`;
export const TOPIC_ROUTE = `${TOPICS_PATH}/:slug`;
export const AUTHOR_ROUTE = `${AUTHORS_PATH}/:slug`;
/** Any other composed page (about, …) lives at the root. */
export const PAGE_ROUTE = '/:slug';
/** The built client's files (webpack's output: hashed names under dist/assets/). */
export const ASSETS_PATH = '/assets';
/** The composed page that is the front page (`/`, `/de`): every source and content/ name it so. */
export const HOME_PAGE_SLUG = 'home';

// Slugs are checked against SLUG_PATTERN wherever they come from; encoding keeps a path a path regardless.
export const articlePath = (slug: string) => `${ARTICLES_PATH}/${encodeURIComponent(slug)}`;
export const topicPath = (slug: string) => `${TOPICS_PATH}/${encodeURIComponent(slug)}`;
export const authorPath = (slug: string) => `${AUTHORS_PATH}/${encodeURIComponent(slug)}`;
/** A composed page: `home` is the front page, the others live at the root. */
export const pagePath = (slug: string) =>
  slug === HOME_PAGE_SLUG ? HOME_PATH : `/${encodeURIComponent(slug)}`;

/** Where an entry lives on the site, by its GraphQL type and slug; null for types without a page. */
export function entryPath(typename: string, slug: string): string | null {
  switch (typename) {
    case 'Article':
      return articlePath(slug);
    case 'Author':
      return authorPath(slug);
    case 'Topic':
      return topicPath(slug);
    case 'Page':
      return pagePath(slug);
    default:
      return null;
  }
}

/** Paths the server answers outside the route table. */
export const FEED_PATH = '/feed.xml';
export const SITEMAP_PATH = '/sitemap.xml';
/** A part of the sitemap when it is an index (1-based). */
export const sitemapPartPath = (part: number | string) => `/sitemaps/${part}.xml`;
export const ROBOTS_PATH = '/robots.txt';
export const GRAPHQL_PATH = '/graphql';
/** Live updates of open pages: persisted subscriptions as server-sent events (docs/http-and-cache.md#live-updates). */
export const GRAPHQL_STREAM_PATH = '/graphql/stream';
/** Where CMSs send their change notifications (docs/publishing.md#change-events-and-freshness). */
export const CONTENT_HOOK_PATH = '/hooks/content';
export const IMAGES_PATH = '/images';
/** Files served as they are from public/ (not hashed). */
export const FAVICON_PATH = '/favicon.svg';
export const APPLE_TOUCH_ICON_PATH = '/apple-touch-icon.png';
export const MANIFEST_PATH = '/manifest.webmanifest';

/**
 * Where a path lives in a locale (docs/decisions.md#locales): the default locale's paths as
 * they are, another's under its code (`/de`, `/de/articles/…`). The words of
 * the path are the same in every locale.
 */
export function localePath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE || /^[a-z][a-z0-9+.-]*:/i.test(path) || !path.startsWith('/'))
    return path;
  return path === HOME_PATH ? `/${locale}` : `/${locale}${path}`;
}

/** The locale a path is in: its first segment when that is another locale's code, else the default. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split('/')[1] ?? '';
  return first !== DEFAULT_LOCALE && isLocale(first) ? first : DEFAULT_LOCALE;
}
