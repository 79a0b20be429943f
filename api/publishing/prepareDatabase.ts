import type { ContentFiles } from '../model/contentFiles';
import { seedContent } from './seedContent';
import { withSession, type Database } from '../db/database';
import { PREPARE_LOCK } from '../db/locks';
import { migrate } from '../db/migrations';
import { ContentRejected } from './problems';

export interface PrepareOptions {
  /** The seed (default: the content folder). */
  content?: ContentFiles;
  /** The content folder to seed from (default: FOLIO_CONTENT_DIR or content/). */
  contentDir?: string;
  /** Told when this server waits for another one (default: console.log). */
  log?: (message: string) => void;
  /** Told why the content folder could not be published (default: console.error). */
  warn?: (message: string) => void;
}

export interface PrepareResult {
  /** Milliseconds spent waiting for another server's lock (0 when it was free). */
  waitedMs: number;
}

/**
 * Migrates and seeds the database, safely when any number of servers start at
 * once against one PostgreSQL: on one connection of its own (a session-level
 * lock belongs to its connection, so the pool's shared connections cannot
 * hold it), it takes the advisory lock, migrates, seeds when the seed is not
 * there yet, and unlocks. The others wait for the lock, then find the schema
 * current and the seed present, and do nothing. A server that dies while
 * holding it loses its connection, and PostgreSQL releases the lock with it;
 * a seed cut short is redone by the next one (api/publishing/seedContent.ts).
 *
 * That connection runs without the statement timeout (the seed's VACUUM
 * ANALYZE, a long migration). On PGlite — one connection in one process — the
 * same statements run and the lock is simply always free.
 */
export async function prepareDatabase(
  db: Database,
  options: PrepareOptions = {},
): Promise<PrepareResult> {
  const log = options.log ?? ((message: string) => console.log(message));
  return withSession(db, async (session) => {
    const [key1, key2] = PREPARE_LOCK;
    let waitedMs = 0;
    const { rows } = await session.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock($1::int, $2::int) AS locked',
      [key1, key2],
    );
    if (!rows[0]?.locked) {
      log(
        'folio: another server is preparing the database (migrations, seed); waiting for it to finish',
      );
      const started = Date.now();
      await session.query('SELECT pg_advisory_lock($1::int, $2::int)', [key1, key2]);
      waitedMs = Date.now() - started;
    }
    try {
      await migrate(session);
      try {
        await seedContent(session, options.content, options.contentDir);
      } catch (error) {
        if (!(error instanceof ContentRejected)) throw error;
        // Content never stops a server: it starts with no content yet, says why, and the next
        // start or `npm run content` publishes the folder once its problems are fixed.
        (options.warn ?? console.error)(
          `folio: content/ was not published, so the site has no content yet:\n${error.message}`,
        );
      }
    } finally {
      // Should the unlock itself fail, the session's connection is closed next, and the lock goes with it.
      await session
        .query('SELECT pg_advisory_unlock($1::int, $2::int)', [key1, key2])
        .catch(() => undefined);
    }
    return { waitedMs };
  });
}
