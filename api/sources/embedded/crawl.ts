import type { Database } from '../../db/database';
import type { PublishedOverview } from '../contentSource';
import { isoString } from './rowsAsContent';
import { inLocale, visibleArticle, visiblePage } from './visibility';
import type { Locale } from '../../../shared/locales';
import { HOME_PAGE_SLUG } from '../../../shared/sitePaths';
import { versionsOfRow, versionsSql } from './translations';

/** What readers see in `locale`. */
const reader = (locale: Locale) => `${visibleArticle('a', false)} AND ${inLocale('a', locale)}`;

/** Newest update among each topic's (or author's) published articles: one grouped scan, not one per row. */
async function newestBy(db: Database, table: 'topics' | 'authors', locale: Locale) {
  const [link, key] =
    table === 'topics' ? ['article_topics', 'topic_id'] : ['article_authors', 'author_id'];
  const { rows } = await db.query<{
    id: number;
    slug: string;
    lastmod: Date | null;
    versions: unknown;
  }>(
    `SELECT t.id, t.slug, m.lastmod, ${versionsSql(table, 't', false)} AS versions FROM ${table} t
     LEFT JOIN (SELECT x.${key} AS id, max(a.updated_at) AS lastmod FROM ${link} x JOIN articles a ON a.id = x.article_id WHERE ${reader(locale)} GROUP BY x.${key}) m ON m.id = t.id
     WHERE ${inLocale('t', locale)}
     ORDER BY t.slug`,
  );
  return rows.map((row) => ({
    id: String(row.id),
    slug: row.slug,
    versions: versionsOfRow(row.versions),
    newestArticleUpdate: isoString(row.lastmod),
  }));
}

/** The sitemap's head in one locale: pages, topics and authors with dates and versions, and the published articles' count; four statements at once. */
export async function publishedOverview(db: Database, locale: Locale): Promise<PublishedOverview> {
  const [articles, pages, topics, authors] = await Promise.all([
    db.query<{ n: number; lastmod: Date | null }>(
      `SELECT count(*)::int AS n, max(a.updated_at) AS lastmod FROM articles a WHERE ${reader(locale)}`,
    ),
    db.query<{ id: number; slug: string; updated_at: Date; versions: unknown }>(
      `SELECT p.id, p.slug, p.updated_at, ${versionsSql('pages', 'p', false)} AS versions FROM pages p
       WHERE ${visiblePage('p', false)} AND ${inLocale('p', locale)} ORDER BY p.slug <> '${HOME_PAGE_SLUG}', p.slug`,
    ),
    newestBy(db, 'topics', locale),
    newestBy(db, 'authors', locale),
  ]);
  return {
    pages: pages.rows.map((row) => ({
      id: String(row.id),
      slug: row.slug,
      versions: versionsOfRow(row.versions),
      updatedAt: isoString(row.updated_at)!,
    })),
    topics,
    authors,
    articleCount: articles.rows[0]?.n ?? 0,
    newestArticleUpdate: isoString(articles.rows[0]?.lastmod ?? null),
  };
}

/** Published articles in one locale, oldest first from `from`: publishing appends, so earlier sitemap parts stay put; one ordered scan of the `articles_published` index. */
export async function publishedArticles(db: Database, from: number, count: number, locale: Locale) {
  const { rows } = await db.query<{
    id: number;
    slug: string;
    updated_at: Date;
    versions: unknown;
  }>(
    `SELECT a.id, a.slug, a.updated_at, ${versionsSql('articles', 'a', false)} AS versions FROM articles a
     WHERE ${reader(locale)} ORDER BY a.published_at, a.id OFFSET $1 LIMIT $2`,
    [from, count],
  );
  return rows.map((row) => ({
    id: String(row.id),
    slug: row.slug,
    versions: versionsOfRow(row.versions),
    updatedAt: isoString(row.updated_at)!,
  }));
}
