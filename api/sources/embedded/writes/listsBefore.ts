import type { Database } from '../../../db/database';
import { BATCH, original } from './recordTables';

/**
 * What readers' lists depend on, as it is before a publish writes: whether
 * an author or topic is new (the directories), a page's status, an article's
 * status, date, authors and topics. Publishing compares it with what it
 * writes to say whether lists may have changed.
 */

export async function existingKeys(
  tx: Database,
  table: 'authors' | 'topics',
  keys: string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const { rows } = await tx.query<{ slug: string }>(
    `SELECT slug FROM ${table} WHERE slug = ANY($1) AND ${original(table)}`,
    [keys],
  );
  return new Set(rows.map((row) => row.slug));
}

export async function existingStatus(
  tx: Database,
  table: 'pages',
  keys: string[],
): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const { rows } = await tx.query<{ slug: string; status: string }>(
    `SELECT slug, status FROM ${table} WHERE slug = ANY($1) AND ${original(table)}`,
    [keys],
  );
  return new Map(rows.map((row) => [row.slug, row.status]));
}

/** An article as readers' lists see it: its status, date, authors and topics. */
export interface ArticleListing {
  status: string;
  published_at: Date | string | null;
  authors: string[];
  topics: string[];
}

/** What readers' lists depend on, for the articles about to be written, as they are now. */
export async function articlesBefore(
  tx: Database,
  slugs: string[],
): Promise<Map<string, ArticleListing>> {
  const before = new Map<string, ArticleListing>();
  // In batches: one statement over a thousand articles would hold PGlite's thread (and readers) for ~80 ms.
  for (let start = 0; start < slugs.length; start += BATCH)
    await articleStates(tx, slugs.slice(start, start + BATCH), before);
  return before;
}

async function articleStates(
  tx: Database,
  slugs: string[],
  before: Map<string, ArticleListing>,
): Promise<void> {
  const { rows } = await tx.query<{
    slug: string;
    status: string;
    published_at: Date | string | null;
    authors: string[] | null;
    topics: string[] | null;
  }>(
    `SELECT a.slug, a.status, a.published_at,
       (SELECT array_agg(au.slug ORDER BY aa.position) FROM article_authors aa JOIN authors au ON au.id = aa.author_id WHERE aa.article_id = a.id) AS authors,
       (SELECT array_agg(t.slug ORDER BY at.position) FROM article_topics at JOIN topics t ON t.id = at.topic_id WHERE at.article_id = a.id) AS topics
     FROM articles a WHERE a.slug = ANY($1) AND ${original('a')}`,
    [slugs],
  );
  for (const row of rows)
    before.set(row.slug, {
      status: row.status,
      published_at: row.published_at,
      authors: row.authors ?? [],
      topics: row.topics ?? [],
    });
}
