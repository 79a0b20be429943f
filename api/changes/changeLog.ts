import type { Database } from '../db/database';
import type { SourceKind } from '../sources/contentSource';

/** Something that runs SQL: the database, or a transaction's connection. */
type Queryable = Pick<Database, 'query'>;

/**
 * Rows are kept this long: far longer than any outage a listener reconnects
 * after, and than any answer is kept (60 s in Folio, at most 300 + 600 s at a
 * CDN): a change older than this touches nothing still kept.
 */
const KEEP_CHANGES = "interval '1 day'";
/** How many logged changes one read takes. */
export const CHANGE_LOG_PAGE = 100;

export interface LoggedChange {
  /** The row's id, as text (a bigserial). */
  id: string;
  change: unknown;
}

/**
 * Writes a change to `content_change_log` (api/db/migrations.ts), in the
 * transaction that makes it: the change is there exactly when its data is.
 * The process that purges resolves the log in order from its cursor, so a
 * change whose notification nobody heard is resolved all the same.
 */
export async function logChange(
  db: Queryable,
  source: SourceKind,
  change: unknown,
): Promise<string> {
  const { rows } = await db.query<{ id: string | number }>(
    'INSERT INTO content_change_log (source, change) VALUES ($1, $2) RETURNING id',
    [source, JSON.stringify(change)],
  );
  await db.query(`DELETE FROM content_change_log WHERE created_at < now() - ${KEEP_CHANGES}`);
  return String(rows[0]!.id);
}

/**
 * The id of the last change of `source` resolved. The first time (no cursor
 * yet: a new database, or one from before the log) it is the newest change
 * logged: what came before was resolved, or is older than any kept answer.
 */
export async function resolvedUpTo(db: Queryable, source: SourceKind): Promise<string> {
  await db.query(
    `INSERT INTO content_change_cursor (source, resolved_id)
       SELECT $1, coalesce(max(id), 0) FROM content_change_log WHERE source = $1
     ON CONFLICT (source) DO NOTHING`,
    [source],
  );
  const { rows } = await db.query<{ resolved_id: string | number }>(
    'SELECT resolved_id FROM content_change_cursor WHERE source = $1',
    [source],
  );
  return String(rows[0]!.resolved_id);
}

/** The changes of `source` logged after `afterId`, oldest first, CHANGE_LOG_PAGE at most. */
export async function changesAfter(
  db: Queryable,
  source: SourceKind,
  afterId: string,
): Promise<LoggedChange[]> {
  const { rows } = await db.query<{ id: string | number; change: unknown }>(
    'SELECT id, change FROM content_change_log WHERE source = $1 AND id > $2 ORDER BY id LIMIT $3',
    [source, afterId, CHANGE_LOG_PAGE],
  );
  return rows.map((row) => ({
    id: String(row.id),
    // jsonb comes back parsed on pg and PGlite alike.
    change: typeof row.change === 'string' ? (JSON.parse(row.change) as unknown) : row.change,
  }));
}

/** Moves the cursor to `id` (never back: two processes may both have resolved it while the lock changed hands). */
export async function markResolved(db: Queryable, source: SourceKind, id: string): Promise<void> {
  await db.query(
    `UPDATE content_change_cursor SET resolved_id = greatest(resolved_id, $2::bigint), updated_at = now()
     WHERE source = $1`,
    [source, id],
  );
}
