import type { Database } from '../../../db/database';
import { original } from './recordTables';

/**
 * What the seed (api/publishing/seedContent.ts) and the scale generator
 * (npm run seed:generate, api/publishing/generate.ts) write besides a
 * publish: whether a seed is whole, clearing what a seed cut short left, and
 * generated articles in bulk.
 */

/** True once a complete seed is in the database (the site row is written last). */
export async function isSeeded(db: Database): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM site');
  return (rows[0]?.n ?? 0) > 0;
}

/** Empties every content table and readers' own data: what a seed cut short left goes before the seed is made again. */
export async function clearContent(db: Database): Promise<void> {
  await db.exec(
    'TRUNCATE content_records, rate_limit_windows, newsletter_subscriptions, article_votes, article_topics, article_authors, articles, pages, embeds, authors, topics, assets RESTART IDENTITY CASCADE',
  );
}

/** What the scale generator builds on: the seed's authors, topics and hero images, and how many articles it made before. */
export async function generationBase(
  db: Database,
): Promise<{ authors: number[]; topics: number[]; heroes: number[]; generated: number }> {
  const ids = async (sql: string) =>
    (await db.query<{ id: number }>(sql)).rows.map((row) => row.id);
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM articles WHERE slug LIKE 'generated-%' AND ${original('articles')}`,
  );
  return {
    authors: await ids(`SELECT id FROM authors WHERE ${original('authors')} ORDER BY id`),
    topics: await ids(`SELECT id FROM topics WHERE ${original('topics')} ORDER BY id`),
    heroes: await ids("SELECT id FROM assets WHERE key LIKE 'hero-%' ORDER BY id"),
    generated: rows[0]?.n ?? 0,
  };
}

/** A published article the scale generator made (npm run seed:generate). */
export interface GeneratedArticle {
  slug: string;
  title: string;
  summary: string;
  body: unknown;
  bodyText: string;
  publishedAt: string;
  heroImageId: number;
  readingTimeMinutes: number;
  authorId: number;
  topicIds: number[];
}

/** A batch of generated articles with their author and topics, in three statements. */
export async function insertGeneratedArticles(
  db: Database,
  articles: readonly GeneratedArticle[],
): Promise<void> {
  if (articles.length === 0) return;
  const values: unknown[] = [];
  const tuples = articles.map((article) => {
    const p = values.length;
    values.push(
      article.slug,
      article.title,
      article.summary,
      JSON.stringify(article.body),
      article.bodyText,
      article.publishedAt,
      article.heroImageId,
      article.readingTimeMinutes,
    );
    return `($${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, $${p + 5}, 'PUBLISHED', $${p + 6}, $${p + 6}, $${p + 7}, $${p + 8})`;
  });
  const { rows } = await db.query<{ id: number; slug: string }>(
    `INSERT INTO articles (slug, title, summary, body, body_text, status, published_at, updated_at, hero_image_id, reading_time_minutes) VALUES ${tuples.join(', ')} RETURNING id, slug`,
    values,
  );
  const idOf = new Map(rows.map((row) => [row.slug, row.id]));
  const authorRows = articles.map(
    (article) => `(${idOf.get(article.slug)}, ${article.authorId}, 0)`,
  );
  await db.query(
    `INSERT INTO article_authors (article_id, author_id, position) VALUES ${authorRows.join(', ')}`,
  );
  const topicRows = articles.flatMap((article) =>
    article.topicIds.map((topic, position) => `(${idOf.get(article.slug)}, ${topic}, ${position})`),
  );
  await db.query(
    `INSERT INTO article_topics (article_id, topic_id, position) VALUES ${topicRows.join(', ')}`,
  );
}
