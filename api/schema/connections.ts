import type { Database } from '../db/database';
import { apiError } from './errors';
import { ARTICLE_COLUMNS, isoString, tag, type ArticleRow } from './rows';
import { articleSortKey, visibleArticle } from './visibility';

/** SPEC §9: the largest page a client may ask for. */
export const MAX_FIRST = 50;

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

function decodeCursor<T>(cursor: string | null | undefined, valid: (value: unknown) => value is T): T | null {
  if (cursor === null || cursor === undefined) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (valid(value)) return value;
  } catch {
    // fall through
  }
  throw apiError('BAD_USER_INPUT', 'The `after` cursor is not one this API gave out.');
}

export interface Connection<T> {
  edges: { cursor: string; node: T }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  /** Resolved only when asked for (graphql-js calls function-valued fields). */
  totalCount: () => Promise<number>;
}

export function connection<T>(nodes: T[], first: number, hasPrevious: boolean, cursorOf: (node: T) => string, totalCount: () => Promise<number>, extra?: (node: T) => Record<string, unknown>): Connection<T> {
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
  Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && !Number.isNaN(Date.parse(value[0])) && Number.isInteger(value[1]);

export interface ArticleListFilter {
  topicId?: number;
  authorId?: number;
}

/**
 * Articles newest first, paginated by keyset (sort date, id): constant cost
 * however deep the reader pages, and stable when articles are published.
 */
export async function articleConnection(db: Database, preview: boolean, filter: ArticleListFilter, firstArg: number | null | undefined, after: string | null | undefined): Promise<Connection<ArticleRow>> {
  const first = checkFirst(firstArg, 12);
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
  return connection(
    tag<ArticleRow & { sort_key: Date | string }>('Article', rows),
    first,
    cursor !== null,
    (row) => encodeCursor([isoString(row.sort_key), row.id]),
    () =>
      (total ??= db
        .query<{ n: number }>(`SELECT count(*)::int AS n FROM articles a WHERE ${countWhere}`, countParams)
        .then((result) => result.rows[0]?.n ?? 0)),
  );
}

type OffsetCursor = { o: number };
const isOffsetCursor = (value: unknown): value is OffsetCursor =>
  typeof value === 'object' && value !== null && Number.isInteger((value as OffsetCursor).o) && (value as OffsetCursor).o >= 0;

/** Offset pagination for small or ranked lists (authors, topics, search results). */
export function offsetPage(firstArg: number | null | undefined, fallback: number, after: string | null | undefined) {
  const first = checkFirst(firstArg, fallback);
  const offset = decodeCursor(after, isOffsetCursor)?.o ?? 0;
  return { first, offset, cursorAt: (index: number) => encodeCursor({ o: offset + index + 1 }) };
}
