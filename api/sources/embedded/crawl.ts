import type { Database } from '../../db/database';
import type { PublishedOverview } from '../contentSource';
import { isoString } from './rows';
import { inLocale, visibleArticle, visiblePage } from './visibility';
import { DEFAULT_LOCALE } from '../../../shared/locales';

/** What readers see in the default locale (the sitemap of other locales comes with their routes). */
const READER = `${visibleArticle('a', false)} AND ${inLocale('a', DEFAULT_LOCALE)}`;

/** Newest update among each topic's (or author's) published articles: one grouped scan, not one per row. */
async function newestBy(db: Database, table: 'topics' | 'authors') {
  const [link, key] =
    table === 'topics' ? ['article_topics', 'topic_id'] : ['article_authors', 'author_id'];
  const { rows } = await db.query<{ slug: string; lastmod: Date | null }>(
    `SELECT t.slug, m.lastmod FROM ${table} t
     LEFT JOIN (SELECT x.${key} AS id, max(a.updated_at) AS lastmod FROM ${link} x JOIN articles a ON a.id = x.article_id WHERE ${READER} GROUP BY x.${key}) m ON m.id = t.id
     WHERE ${inLocale('t', DEFAULT_LOCALE)}
     ORDER BY t.slug`,
  );
  return rows.map((row) => ({ slug: row.slug, newestArticleUpdate: isoString(row.lastmod) }));
}

/** The sitemap's head: pages, topics and authors with dates, and the published articles' count; four statements at once. */
export async function publishedOverview(db: Database): Promise<PublishedOverview> {
  const [articles, pages, topics, authors] = await Promise.all([
    db.query<{ n: number; lastmod: Date | null }>(
      `SELECT count(*)::int AS n, max(a.updated_at) AS lastmod FROM articles a WHERE ${READER}`,
    ),
    db.query<{ slug: string; updated_at: Date }>(
      `SELECT p.slug, p.updated_at FROM pages p WHERE ${visiblePage('p', false)} AND ${inLocale('p', DEFAULT_LOCALE)} ORDER BY p.slug <> 'home', p.slug`,
    ),
    newestBy(db, 'topics'),
    newestBy(db, 'authors'),
  ]);
  return {
    pages: pages.rows.map((row) => ({ slug: row.slug, updatedAt: isoString(row.updated_at)! })),
    topics,
    authors,
    articleCount: articles.rows[0]?.n ?? 0,
    newestArticleUpdate: isoString(articles.rows[0]?.lastmod ?? null),
  };
}

/** Published articles oldest first from `from`: publishing appends, so earlier sitemap parts stay put; one ordered scan of the `articles_published` index. */
export async function publishedArticles(db: Database, from: number, count: number) {
  const { rows } = await db.query<{ slug: string; updated_at: Date }>(
    `SELECT a.slug, a.updated_at FROM articles a WHERE ${READER} ORDER BY a.published_at, a.id OFFSET $1 LIMIT $2`,
    [from, count],
  );
  return rows.map((row) => ({ slug: row.slug, updatedAt: isoString(row.updated_at)! }));
}
