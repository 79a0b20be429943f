import type { CrawlContent, Crawled, Translation } from '../../api/contentService';
import { escapeXml, isoDate } from './xml';
import {
  articlePath,
  ARTICLES_PATH,
  authorPath,
  localePath,
  pagePath,
  sitemapPartPath,
  topicPath,
  TOPICS_PATH,
} from '../../shared/sitePaths';
import { DEFAULT_LOCALE, LOCALE_CODES, type Locale } from '../../shared/locales';

/** sitemaps.org: at most 50,000 URLs in one sitemap file. */
export const SITEMAP_URL_LIMIT = 50_000;

/** One `hreflang` alternate of a URL: a language code, or `x-default`. */
export interface Alternate {
  hreflang: string;
  path: string;
}

export interface SitemapUrl {
  path: string;
  /** W3C datetime; null when there is nothing to date it by (a topic without published articles). */
  lastmod: string | null;
  /**
   * Every language version of the URL, itself included, then `x-default`
   * (the default locale's version): empty when it has no other version.
   */
  alternates: Alternate[];
}

/** What the sitemap holds: the few section, page, topic and author URLs of every locale, then every article of each. */
export interface SitemapPlan {
  head: SitemapUrl[];
  /** Each locale's published articles, in the order they are listed. */
  articleCounts: { locale: Locale; count: number }[];
  total: number;
  /** URLs per sitemap file. */
  limit: number;
  /** Sitemap files needed: 1 means `/sitemap.xml` is the urlset itself. */
  parts: number;
}

const dated = (value: string | null) => (value === null ? null : isoDate(value));

/**
 * A URL's alternates (docs/routes.md#crawlers): one per version, reciprocal because every
 * version lists the same set, and `x-default` naming the default locale's.
 */
function alternatesOf(versions: { locale: Locale; path: string }[]): Alternate[] {
  if (versions.length < 2) return [];
  const fallback = versions.find((version) => version.locale === DEFAULT_LOCALE);
  return [
    ...versions.map((version) => ({ hreflang: version.locale, path: version.path })),
    ...(fallback ? [{ hreflang: 'x-default', path: fallback.path }] : []),
  ];
}

const versionsAt = (versions: Translation[], pathOf: (slug: string) => string) =>
  alternatesOf(
    versions.map((v) => ({ locale: v.locale, path: localePath(v.locale, pathOf(v.slug)) })),
  );

function documentUrl(
  locale: Locale,
  document: Crawled,
  pathOf: (slug: string) => string,
  lastmod: string | null,
): SitemapUrl {
  return {
    path: localePath(locale, pathOf(document.slug)),
    lastmod: dated(lastmod),
    alternates: versionsAt(document.versions, pathOf),
  };
}

export async function planSitemap(
  source: Pick<CrawlContent, 'publishedOverview' | 'publishedArticles'>,
  limit: number,
): Promise<SitemapPlan> {
  const overviews = await Promise.all(
    LOCALE_CODES.map(async (locale) => ({
      locale,
      overview: await source.publishedOverview(locale),
    })),
  );
  // A locale's sections are listed once it has something to read in them.
  const served = overviews.filter(({ overview }) => overview.articleCount > 0);
  const sectionUrl = (locale: Locale, path: string, lastmod: string | null): SitemapUrl => ({
    path: localePath(locale, path),
    lastmod: dated(lastmod),
    alternates: alternatesOf(
      served.map((each) => ({ locale: each.locale, path: localePath(each.locale, path) })),
    ),
  });
  const head = overviews.flatMap(({ locale, overview }) => [
    ...overview.pages.map((page) => documentUrl(locale, page, pagePath, page.updatedAt)),
    ...(overview.articleCount > 0
      ? [
          sectionUrl(locale, ARTICLES_PATH, overview.newestArticleUpdate),
          sectionUrl(locale, TOPICS_PATH, overview.newestArticleUpdate),
        ]
      : []),
    ...overview.topics.map((topic) =>
      documentUrl(locale, topic, topicPath, topic.newestArticleUpdate),
    ),
    ...overview.authors.map((author) =>
      documentUrl(locale, author, authorPath, author.newestArticleUpdate),
    ),
  ]);
  const articleCounts = overviews.map(({ locale, overview }) => ({
    locale,
    count: overview.articleCount,
  }));
  const total = head.length + articleCounts.reduce((sum, each) => sum + each.count, 0);
  return {
    head,
    articleCounts,
    total,
    limit,
    parts: Math.max(1, Math.ceil(total / limit)),
  };
}

/**
 * The URLs from `start` (inclusive) to `end` (exclusive): the head, then each
 * locale's articles in turn. Articles go oldest first, so publishing appends
 * to its locale's run and earlier parts (and their ETags) mostly stay put.
 */
export async function sitemapUrls(
  source: Pick<CrawlContent, 'publishedOverview' | 'publishedArticles'>,
  plan: SitemapPlan,
  start: number,
  end: number,
): Promise<SitemapUrl[]> {
  const urls = plan.head.slice(start, end);
  let offset = plan.head.length;
  for (const { locale, count } of plan.articleCounts) {
    const from = Math.max(start, offset);
    const to = Math.min(end, offset + count);
    if (to > from)
      for (const article of await source.publishedArticles(from - offset, to - from, locale))
        urls.push(documentUrl(locale, article, articlePath, article.updatedAt));
    offset += count;
  }
  return urls;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML = 'http://www.w3.org/1999/xhtml';

function entry(tag: 'url' | 'sitemap', origin: string, url: SitemapUrl): string {
  const lastmod = url.lastmod ? `<lastmod>${url.lastmod}</lastmod>` : '';
  const alternates = url.alternates
    .map(
      (alternate) =>
        `<xhtml:link rel="alternate" hreflang="${alternate.hreflang}" href="${escapeXml(origin + alternate.path)}"/>`,
    )
    .join('');
  return `<${tag}><loc>${escapeXml(origin + url.path)}</loc>${lastmod}${alternates}</${tag}>\n`;
}

export function urlsetXml(origin: string, urls: SitemapUrl[]): string {
  return `${XML_DECLARATION}<urlset xmlns="${NAMESPACE}" xmlns:xhtml="${XHTML}">\n${urls.map((url) => entry('url', origin, url)).join('')}</urlset>\n`;
}

export function sitemapIndexXml(origin: string, parts: number): string {
  const names = Array.from({ length: parts }, (_, index) => ({
    path: sitemapPartPath(index + 1),
    lastmod: null,
    alternates: [],
  }));
  return `${XML_DECLARATION}<sitemapindex xmlns="${NAMESPACE}">\n${names.map((url) => entry('sitemap', origin, url)).join('')}</sitemapindex>\n`;
}

/** `/sitemap.xml`: every URL, or when they are more than the plan's limit, an index of the parts. */
export async function buildSitemap(
  source: Pick<CrawlContent, 'publishedOverview' | 'publishedArticles'>,
  origin: string,
  plan: SitemapPlan,
): Promise<string> {
  if (plan.parts > 1) return sitemapIndexXml(origin, plan.parts);
  return urlsetXml(origin, await sitemapUrls(source, plan, 0, plan.total));
}

/** `/sitemaps/<part>.xml` (1-based), or null when there is no such part. */
export async function buildSitemapPart(
  source: Pick<CrawlContent, 'publishedOverview' | 'publishedArticles'>,
  origin: string,
  plan: SitemapPlan,
  part: number,
): Promise<string | null> {
  if (plan.parts === 1 || part < 1 || part > plan.parts) return null;
  return urlsetXml(
    origin,
    await sitemapUrls(
      source,
      plan,
      (part - 1) * plan.limit,
      Math.min(plan.total, part * plan.limit),
    ),
  );
}
