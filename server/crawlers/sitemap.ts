import type { ContentSource } from '../../api/sources/contentSource';
import { escapeXml, isoDate } from './xml';
import {
  articlePath,
  ARTICLES_PATH,
  authorPath,
  pagePath,
  sitemapPartPath,
  topicPath,
  TOPICS_PATH,
} from '../../shared/sitePaths';

/** sitemaps.org: at most 50,000 URLs in one sitemap file. */
export const SITEMAP_URL_LIMIT = 50_000;

export interface SitemapUrl {
  path: string;
  /** W3C datetime; null when there is nothing to date it by (a topic without published articles). */
  lastmod: string | null;
}

/** What the sitemap holds: the few section, page, topic and author URLs, then every article. */
export interface SitemapPlan {
  head: SitemapUrl[];
  articleCount: number;
  total: number;
  /** URLs per sitemap file. */
  limit: number;
  /** Sitemap files needed: 1 means `/sitemap.xml` is the urlset itself. */
  parts: number;
}

const dated = (value: string | null) => (value === null ? null : isoDate(value));

export async function planSitemap(source: ContentSource, limit: number): Promise<SitemapPlan> {
  const head = await source.publishedOverview();
  const newest = dated(head.newestArticleUpdate);
  const urls: SitemapUrl[] = [
    ...head.pages.map((page) => ({ path: pagePath(page.slug), lastmod: dated(page.updatedAt) })),
    { path: ARTICLES_PATH, lastmod: newest },
    { path: TOPICS_PATH, lastmod: newest },
    ...head.topics.map((topic) => ({
      path: topicPath(topic.slug),
      lastmod: dated(topic.newestArticleUpdate),
    })),
    ...head.authors.map((author) => ({
      path: authorPath(author.slug),
      lastmod: dated(author.newestArticleUpdate),
    })),
  ];
  const total = urls.length + head.articleCount;
  return {
    head: urls,
    articleCount: head.articleCount,
    total,
    limit,
    parts: Math.max(1, Math.ceil(total / limit)),
  };
}

/**
 * The URLs from `start` (inclusive) to `end` (exclusive). Articles go oldest
 * first, so publishing appends to the last part and earlier parts (and their
 * ETags) stay put.
 */
export async function sitemapUrls(
  source: ContentSource,
  plan: SitemapPlan,
  start: number,
  end: number,
): Promise<SitemapUrl[]> {
  const urls = plan.head.slice(start, end);
  const from = Math.max(0, start - plan.head.length);
  const count = end - Math.max(start, plan.head.length);
  if (count <= 0) return urls;
  for (const article of await source.publishedArticles(from, count))
    urls.push({ path: articlePath(article.slug), lastmod: isoDate(article.updatedAt) });
  return urls;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function entry(tag: 'url' | 'sitemap', origin: string, url: SitemapUrl): string {
  const lastmod = url.lastmod ? `<lastmod>${url.lastmod}</lastmod>` : '';
  return `<${tag}><loc>${escapeXml(origin + url.path)}</loc>${lastmod}</${tag}>\n`;
}

export function urlsetXml(origin: string, urls: SitemapUrl[]): string {
  return `${XML_DECLARATION}<urlset xmlns="${NAMESPACE}">\n${urls.map((url) => entry('url', origin, url)).join('')}</urlset>\n`;
}

export function sitemapIndexXml(origin: string, parts: number): string {
  const names = Array.from({ length: parts }, (_, index) => ({
    path: sitemapPartPath(index + 1),
    lastmod: null,
  }));
  return `${XML_DECLARATION}<sitemapindex xmlns="${NAMESPACE}">\n${names.map((url) => entry('sitemap', origin, url)).join('')}</sitemapindex>\n`;
}

/** `/sitemap.xml`: every URL, or when they are more than the plan's limit, an index of the parts. */
export async function buildSitemap(
  source: ContentSource,
  origin: string,
  plan: SitemapPlan,
): Promise<string> {
  if (plan.parts > 1) return sitemapIndexXml(origin, plan.parts);
  return urlsetXml(origin, await sitemapUrls(source, plan, 0, plan.total));
}

/** `/sitemaps/<part>.xml` (1-based), or null when there is no such part. */
export async function buildSitemapPart(
  source: ContentSource,
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
