import { ARTICLE_PAGE_SIZE, MAX_FIRST } from '../../shared/limits';
import { MAX_CURSOR_LENGTH, MAX_CURSOR_OFFSET } from '../queryLimits';
import type { ApiContext } from './context';
import { apiError } from './errors';
import { ARTICLE_COLUMNS, isoString, tag, type ArticleRow } from '../data/rows';
import { articleSortKey, visibleArticle } from '../data/visibility';

export { MAX_FIRST };

export function checkFirst(first: number | null | undefined, fallback: number): number {
  const value = first ?? fallback;
  if (!Number.isInteger(value) || value < 0 || value > MAX_FIRST) {
    throw apiError('BAD_USER_INPUT', `\`first\` must be between 0 and ${MAX_FIRST}; got ${value}.`);
  }
  return value;
}

function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

/**
 * A cursor is client input: anything but the exact shape this API gives out
 * (values in range for the SQL they reach) is BAD_USER_INPUT, never a
 * database error.
 */
function decodeCursor<T>(cursor: string | null | undefined, valid: (value: unknown) => value is T): T | null {
  if (cursor === null || cursor === undefined) return null;
  if (cursor.length <= MAX_CURSOR_LENGTH) {
    try {
      const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
      if (valid(value)) return value;
    } catch {
      // fall through
    }
  }
  throw apiError('BAD_USER_INPUT', 'The cursor is not valid.');
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
const isWholeNumberUpTo = (value: unknown, max: number): value is number => Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= max;

export interface Connection<T> {
  edges: { cursor: string; node: T }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  /** Resolved only when asked for (graphql-js calls function-valued fields). */
  totalCount: () => Promise<number>;
}

export function connection<T>(
  nodes: T[],
  first: number,
  hasPrevious: boolean,
  cursorOf: (node: T) => string,
  totalCount: () => Promise<number>,
  extra?: (node: T) => Record<string, unknown>,
): Connection<T> {
  const page = nodes.slice(0, first);
  const edges = page.map((node) => ({ cursor: cursorOf(node), node, ...extra?.(node) }));
  return {
    edges,
    pageInfo: {
      hasNextPage: nodes.length > first,
      hasPreviousPage: hasPrevious,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    totalCount,
  };
}

type ArticleCursor = [string, number];
const isArticleCursor = (value: unknown): value is ArticleCursor =>
  Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && ISO_INSTANT.test(value[0]) && isoRoundTrips(value[0]) && isWholeNumberUpTo(value[1], MAX_ROW_ID);

export interface ArticleListFilter {
  topicId?: number;
  authorId?: number;
}

/**
 * Articles newest first, paginated by keyset (sort date, id): constant cost
 * however deep the reader pages, and stable when articles are published.
 */
export async function articleConnection(
  { db, preview, counts }: Pick<ApiContext, 'db' | 'preview' | 'counts'>,
  filter: ArticleListFilter,
  firstArg: number | null | undefined,
  after: string | null | undefined,
): Promise<Connection<ArticleRow>> {
  const first = checkFirst(firstArg, ARTICLE_PAGE_SIZE);
  const cursor = decodeCursor(after, isArticleCursor);
  const sortKey = articleSortKey('a', preview);
  const where = [visibleArticle('a', preview)];
  const params: unknown[] = [];
  if (filter.topicId !== undefined) {
    params.push(filter.topicId);
    where.push(`EXISTS (SELECT 1 FROM article_topics f WHERE f.article_id = a.id AND f.topic_id = $${params.length})`);
  }
  if (filter.authorId !== undefined) {
    params.push(filter.authorId);
    where.push(`EXISTS (SELECT 1 FROM article_authors f WHERE f.article_id = a.id AND f.author_id = $${params.length})`);
  }
  const countWhere = where.join(' AND ');
  const countParams = [...params];
  if (cursor) {
    params.push(cursor[0], cursor[1]);
    where.push(`(${sortKey}, a.id) < ($${params.length - 1}::timestamptz, $${params.length})`);
  }
  params.push(first + 1);
  const { rows } = await db.query<Omit<ArticleRow, '__typename'> & { sort_key: Date | string }>(
    `SELECT ${ARTICLE_COLUMNS}, ${sortKey} AS sort_key FROM articles a WHERE ${where.join(' AND ')} ORDER BY ${sortKey} DESC, a.id DESC LIMIT $${params.length}`,
    params,
  );
  let total: Promise<number> | undefined;
  const countArticles = () => {
    const count = () => db.query<{ n: number }>(`SELECT count(*)::int AS n FROM articles a WHERE ${countWhere}`, countParams).then((result) => result.rows[0]?.n ?? 0);
    // Readers' counts are kept a while (api/data/readerCounts.ts); a preview's include drafts and are always fresh.
    return preview ? count() : counts.get(`articles:${JSON.stringify(filter)}`, count);
  };
  return connection(
    tag<ArticleRow & { sort_key: Date | string }>('Article', rows),
    first,
    cursor !== null,
    (row) => encodeCursor([isoString(row.sort_key), row.id]),
    () => (total ??= countArticles()),
  );
}

type OffsetCursor = { o: number };
const isOffsetCursor = (value: unknown): value is OffsetCursor =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && isWholeNumberUpTo((value as OffsetCursor).o, MAX_CURSOR_OFFSET);

/** Offset pagination for small or ranked lists (authors, topics, search results). */
export function offsetPage(firstArg: number | null | undefined, fallback: number, after: string | null | undefined) {
  const first = checkFirst(firstArg, fallback);
  const offset = decodeCursor(after, isOffsetCursor)?.o ?? 0;
  return { first, offset, cursorAt: (index: number) => encodeCursor({ o: offset + index + 1 }) };
}
