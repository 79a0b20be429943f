import { MAX_FIRST } from '../../../shared/limits';
import type { Database } from '../../db/database';
import type { Article, ArticleFilter, ListPage, PageRequest, KeptCounts } from '../contentSource';
import { decodeCursor, encodeCursor, isWholeNumberUpTo, once } from '../cursors';
import { countKeyIn } from './countKeys';
import { isoString, toArticle } from './rowsAsContent';
import { ARTICLE_COLUMNS, numericId, type ArticleRow } from './tableRows';
import { articleSortKey, inLocale, visibleArticle } from './visibility';
import type { Locale } from '../../../shared/locales';

/** Readers' lists of articles: the newest few (a page block), and every article newest first, a page at a time. */

/** The newest visible articles, of one topic or of all, at most `count` (0–50). */
export async function latestArticles(
  db: Database,
  preview: boolean,
  count: number,
  topicId: number | null,
  locale: Locale,
): Promise<Article[]> {
  const params: unknown[] = [Math.min(Math.max(count, 0), MAX_FIRST)];
  let filter = '';
  if (topicId !== null) {
    params.push(topicId);
    filter =
      'AND EXISTS (SELECT 1 FROM article_topics f WHERE f.article_id = a.id AND f.topic_id = $2)';
  }
  const { rows } = await db.query<ArticleRow>(
    `SELECT ${ARTICLE_COLUMNS} FROM articles a WHERE ${inLocale('a', locale)} AND ${visibleArticle('a', preview)} ${filter} ORDER BY ${articleSortKey('a', preview)} DESC, a.id DESC LIMIT $1`,
    params,
  );
  return rows.map(toArticle);
}

/** The largest id a `serial` column holds. */
const MAX_ROW_ID = 2_147_483_647;
/** What `Date#toISOString` writes for the years a timestamp column holds. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** A real instant, written as this API writes it (`2024-02-30…` is not one). */
const isoRoundTrips = (text: string) => {
  const time = Date.parse(text);
  return !Number.isNaN(time) && new Date(time).toISOString() === text;
};

type ArticleCursor = [string, number];
const isArticleCursor = (value: unknown): value is ArticleCursor =>
  Array.isArray(value) &&
  value.length === 2 &&
  typeof value[0] === 'string' &&
  ISO_INSTANT.test(value[0]) &&
  isoRoundTrips(value[0]) &&
  isWholeNumberUpTo(value[1], MAX_ROW_ID);

/**
 * Articles newest first, paginated by keyset (sort date, id): constant cost
 * however deep the reader pages, and stable when articles are published.
 */
export async function articleList(
  db: Database,
  preview: boolean,
  counts: KeptCounts,
  filter: ArticleFilter,
  page: PageRequest,
  locale: Locale,
): Promise<ListPage<Article>> {
  const cursor = decodeCursor(page.after, isArticleCursor);
  const sortKey = articleSortKey('a', preview);
  const where = [inLocale('a', locale), visibleArticle('a', preview)];
  const params: unknown[] = [];
  // An id that is no row of ours matches nothing (-1 is no serial).
  if (filter.topicId !== undefined) {
    params.push(numericId(filter.topicId) ?? -1);
    where.push(
      `EXISTS (SELECT 1 FROM article_topics f WHERE f.article_id = a.id AND f.topic_id = $${params.length})`,
    );
  }
  if (filter.authorId !== undefined) {
    params.push(numericId(filter.authorId) ?? -1);
    where.push(
      `EXISTS (SELECT 1 FROM article_authors f WHERE f.article_id = a.id AND f.author_id = $${params.length})`,
    );
  }
  const countWhere = where.join(' AND ');
  const countParams = [...params];
  if (cursor) {
    params.push(cursor[0], cursor[1]);
    where.push(`(${sortKey}, a.id) < ($${params.length - 1}::timestamptz, $${params.length})`);
  }
  params.push(page.first + 1);
  const { rows } = await db.query<ArticleRow & { sort_key: Date | string }>(
    `SELECT ${ARTICLE_COLUMNS}, ${sortKey} AS sort_key FROM articles a WHERE ${where.join(' AND ')} ORDER BY ${sortKey} DESC, a.id DESC LIMIT $${params.length}`,
    params,
  );
  const countArticles = () => {
    const count = () =>
      db
        .query<{ n: number }>(
          `SELECT count(*)::int AS n FROM articles a WHERE ${countWhere}`,
          countParams,
        )
        .then((result) => result.rows[0]?.n ?? 0);
    // Readers' counts are kept a while (api/caches/readerCounts.ts); a preview's include drafts and are always fresh.
    return preview
      ? count()
      : counts.get(countKeyIn('articles', locale, JSON.stringify(filter)), count);
  };
  const shown = rows.slice(0, page.first);
  return {
    nodes: shown.map(toArticle),
    cursors: shown.map((row) => encodeCursor([isoString(row.sort_key), row.id])),
    hasNextPage: rows.length > page.first,
    hasPreviousPage: cursor !== null,
    totalCount: once(countArticles),
  };
}
