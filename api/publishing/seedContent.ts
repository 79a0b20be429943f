import type { Database } from '../db/database';
import { publishContent, publishContentFiles } from './publishContent';
import type { ContentFiles } from '../model/contentFiles';

/** True once a complete seed is in the database (the site row is written last). */
export async function isSeeded(db: Database): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM site');
  return (rows[0]?.n ?? 0) > 0;
}

/**
 * Loads content/ (or `content`, already read) into an empty database: a
 * publish of the whole folder (api/publishing/publishContent.ts), in one
 * transaction with the site row, so a start cut short leaves nothing half
 * made; what an earlier cut-short seed left is wiped first. Nothing is
 * announced: no cache can hold anything of a database that had no content.
 * A folder with problems stops the start, naming each `file:line`.
 */
export async function seedContent(db: Database, content?: ContentFiles): Promise<void> {
  if (await isSeeded(db)) return;
  await db.exec(
    'TRUNCATE content_records, rate_limit_windows, newsletter_subscriptions, article_votes, article_topics, article_authors, articles, pages, embeds, authors, topics, assets RESTART IDENTITY CASCADE',
  );
  // The publish's own ANALYZE would only come before the VACUUM ANALYZE below.
  if (content) await publishContentFiles(db, content, { announce: false, analyze: false });
  else await publishContent(db, { announce: false, analyze: false });
  await refreshPlannerStatistics(db);
}

/**
 * After a bulk load: planner statistics and the visibility map, so that the
 * planner sees how many rows there are and counts can use index-only scans.
 * PGlite runs no autovacuum; on a PostgreSQL server this only comes sooner.
 */
export async function refreshPlannerStatistics(db: Database): Promise<void> {
  await db.exec('VACUUM ANALYZE');
}
