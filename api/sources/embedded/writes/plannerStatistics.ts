import { withSession, type Database } from '../../../db/database';

/** The tables a publish writes. */
export const PUBLISHED_TABLES = [
  'assets',
  'authors',
  'topics',
  'embeds',
  'articles',
  'article_authors',
  'article_topics',
  'pages',
  'site',
  'content_records',
  'content_record_keys',
] as const;

/**
 * ANALYZE after a large publish, so the planner sees the new rows: on a
 * connection of its own, without the statement timeout (it may take longer
 * than a reader's query may). The publish has committed by now, so a failure
 * is logged, not thrown: the writer is not told a publish that happened failed.
 */
export async function refreshStatistics(db: Database): Promise<void> {
  try {
    // Table by table, with a turn of the event loop between: PGlite runs ANALYZE on the serving thread.
    await withSession(db, async (session) => {
      for (const table of PUBLISHED_TABLES) {
        await session.exec(`ANALYZE ${table}`);
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
  } catch (error) {
    console.warn(
      `folio: published, but refreshing the planner's statistics (ANALYZE) failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/**
 * After a bulk load: planner statistics and the visibility map, so that the
 * planner sees how many rows there are and counts can use index-only scans.
 * PGlite runs no autovacuum; on a PostgreSQL server this only comes sooner.
 */
export async function refreshPlannerStatistics(db: Database): Promise<void> {
  await db.exec('VACUUM ANALYZE');
}
