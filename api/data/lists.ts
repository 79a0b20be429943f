import type { Database } from '../db/database';
import { ARTICLE_COLUMNS, authorColumns, tag, topicColumns, type ArticleRow, type AuthorRow, type TopicRow } from './rows';
import { articleSortKey, visibleArticle } from './visibility';

/** The newest visible articles, of one topic or of all, at most `count` (0–50). */
export async function latestArticles(db: Database, preview: boolean, count: number, topicId: number | null): Promise<ArticleRow[]> {
  const params: unknown[] = [Math.min(Math.max(count, 0), 50)];
  let filter = '';
  if (topicId !== null) {
    params.push(topicId);
    filter = 'AND EXISTS (SELECT 1 FROM article_topics f WHERE f.article_id = a.id AND f.topic_id = $2)';
  }
  const { rows } = await db.query<Omit<ArticleRow, '__typename'>>(
    `SELECT ${ARTICLE_COLUMNS} FROM articles a WHERE ${visibleArticle('a', preview)} ${filter} ORDER BY ${articleSortKey('a', preview)} DESC, a.id DESC LIMIT $1`,
    params,
  );
  return tag<ArticleRow>('Article', rows);
}

/** Authors by name: `limit` of them from `offset`. */
export async function authorsByName(db: Database, offset: number, limit: number): Promise<AuthorRow[]> {
  const { rows } = await db.query<Omit<AuthorRow, '__typename'>>(`SELECT ${authorColumns('au')} FROM authors au ORDER BY au.name, au.id OFFSET $1 LIMIT $2`, [offset, limit]);
  return tag<AuthorRow>('Author', rows);
}

/** Topics by name: `limit` of them from `offset`. */
export async function topicsByName(db: Database, offset: number, limit: number): Promise<TopicRow[]> {
  const { rows } = await db.query<Omit<TopicRow, '__typename'>>(`SELECT ${topicColumns('t')} FROM topics t ORDER BY t.name, t.id OFFSET $1 LIMIT $2`, [offset, limit]);
  return tag<TopicRow>('Topic', rows);
}

export async function countOf(db: Database, table: 'authors' | 'topics'): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0]?.n ?? 0;
}

/** Adds one helpful or not-helpful vote to a visible article; its new row, or null when there is no such article. */
export async function addVote(db: Database, preview: boolean, articleId: number, helpful: boolean): Promise<ArticleRow | null> {
  const column = helpful ? 'helpful_count' : 'not_helpful_count';
  const { rows } = await db.query<Omit<ArticleRow, '__typename'>>(`UPDATE articles a SET ${column} = ${column} + 1 WHERE a.id = $1 AND ${visibleArticle('a', preview)} RETURNING ${ARTICLE_COLUMNS}`, [
    articleId,
  ]);
  return tag<ArticleRow>('Article', rows)[0] ?? null;
}
