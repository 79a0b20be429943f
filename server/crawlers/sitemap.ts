import type { Database } from '../../api/db/database';
import { visibleArticle, visiblePage } from '../../api/data/visibility';
import { escapeXml, isoDate } from './xml';
import { articlePath, ARTICLES_PATH, authorPath, pagePath, topicPath, TOPICS_PATH } from '../../src/site/sitePaths';

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

const READER = visibleArticle('a', false);
const dated = (value: Date | string | null) => (value === null ? null : isoDate(value));

/** Newest update among each topic's (or author's) published articles: one grouped scan, not one per row. */
function newestBy(db: Database, table: 'topics' | 'authors') {
  const [link, key] = table === 'topics' ? ['article_topics', 'topic_id'] : ['article_authors', 'author_id'];
  return db.query<{ slug: string; lastmod: Date | null }>(
    `SELECT t.slug, m.lastmod FROM ${table} t
     LEFT JOIN (SELECT x.${key} AS id, max(a.updated_at) AS lastmod FROM ${link} x JOIN articles a ON a.id = x.article_id WHERE ${READER} GROUP BY x.${key}) m ON m.id = t.id
     ORDER BY t.slug`,
  );
}

export async function planSitemap(db: Database, limit: number): Promise<SitemapPlan> {
  const [articles, pages, topics, authors] = await Promise.all([
    db.query<{ n: number; lastmod: Date | null }>(`SELECT count(*)::int AS n, max(a.updated_at) AS lastmod FROM articles a WHERE ${READER}`),
    db.query<{ slug: string; updated_at: Date }>(`SELECT p.slug, p.updated_at FROM pages p WHERE ${visiblePage('p', false)} ORDER BY p.slug <> 'home', p.slug`),
    newestBy(db, 'topics'),
    newestBy(db, 'authors'),
  ]);
  const newest = dated(articles.rows[0]?.lastmod ?? null);
  const head: SitemapUrl[] = [
    ...pages.rows.map((page) => ({ path: pagePath(page.slug), lastmod: dated(page.updated_at) })),
    { path: ARTICLES_PATH, lastmod: newest },
    { path: TOPICS_PATH, lastmod: newest },
    ...topics.rows.map((topic) => ({ path: topicPath(topic.slug), lastmod: dated(topic.lastmod) })),
    ...authors.rows.map((author) => ({ path: authorPath(author.slug), lastmod: dated(author.lastmod) })),
  ];
  const articleCount = articles.rows[0]?.n ?? 0;
  const total = head.length + articleCount;
  return { head, articleCount, total, limit, parts: Math.max(1, Math.ceil(total / limit)) };
}

/**
 * The URLs from `start` (inclusive) to `end` (exclusive). Articles go oldest
 * first, so publishing appends to the last part and earlier parts (and their
 * ETags) stay put; one ordered query over the `articles_published` index.
 */
export async function sitemapUrls(db: Database, plan: SitemapPlan, start: number, end: number): Promise<SitemapUrl[]> {
  const urls = plan.head.slice(start, end);
  const from = Math.max(0, start - plan.head.length);
  const count = end - Math.max(start, plan.head.length);
  if (count <= 0) return urls;
  const { rows } = await db.query<{ slug: string; updated_at: Date }>(`SELECT a.slug, a.updated_at FROM articles a WHERE ${READER} ORDER BY a.published_at, a.id OFFSET $1 LIMIT $2`, [from, count]);
  for (const row of rows) urls.push({ path: articlePath(row.slug), lastmod: isoDate(row.updated_at) });
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
  const names = Array.from({ length: parts }, (_, index) => ({ path: `/sitemaps/${index + 1}.xml`, lastmod: null }));
  return `${XML_DECLARATION}<sitemapindex xmlns="${NAMESPACE}">\n${names.map((url) => entry('sitemap', origin, url)).join('')}</sitemapindex>\n`;
}

/** `/sitemap.xml`: every URL, or when they are more than the plan's limit, an index of the parts. */
export async function buildSitemap(db: Database, origin: string, plan: SitemapPlan): Promise<string> {
  if (plan.parts > 1) return sitemapIndexXml(origin, plan.parts);
  return urlsetXml(origin, await sitemapUrls(db, plan, 0, plan.total));
}

/** `/sitemaps/<part>.xml` (1-based), or null when there is no such part. */
export async function buildSitemapPart(db: Database, origin: string, plan: SitemapPlan, part: number): Promise<string | null> {
  if (plan.parts === 1 || part < 1 || part > plan.parts) return null;
  return urlsetXml(origin, await sitemapUrls(db, plan, (part - 1) * plan.limit, Math.min(plan.total, part * plan.limit)));
}
