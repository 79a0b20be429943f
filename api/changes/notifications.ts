import type { Database } from '../db/database';

/**
 * PostgreSQL's NOTIFY takes at most 8,000 bytes of payload: a longer message
 * (a publish of a thousand articles, their keys) goes into a row of
 * `content_change_messages`, and the notification names the row.
 */
export const NOTIFY_PAYLOAD_BYTES = 7_900;

/** Rows of long messages are kept this long, far more than any listener takes to read one. */
const KEEP_MESSAGES = "interval '1 day'";

/** Something that runs SQL: the database, a session, a transaction's connection. */
type Queryable = Pick<Database, 'query'>;

type Deliver = (payload: string) => void;
/** PGlite is one process: its notifications are delivered in it, by the database object they were sent on. */
const inProcess = new WeakMap<object, Map<string, Set<Deliver>>>();

/**
 * Sends `message` to every listener of `channel` on this database, at the
 * commit of the transaction `db` is in (at once outside one). On PGlite,
 * whose one connection every query of the process shares, listeners in this
 * process get it right after the statement; whatever they read (the change's
 * row, the content) waits for PGlite's transaction to end, so they still act
 * on what was committed (a rolled-back change only drops answers for nothing).
 */
export async function sendMessage(db: Queryable, channel: string, message: unknown): Promise<void> {
  let payload = JSON.stringify(message);
  if (Buffer.byteLength(payload) > NOTIFY_PAYLOAD_BYTES) {
    const { rows } = await db.query<{ id: string | number }>(
      'INSERT INTO content_change_messages (channel, message) VALUES ($1, $2) RETURNING id',
      [channel, payload],
    );
    await db.query(
      `DELETE FROM content_change_messages WHERE created_at < now() - ${KEEP_MESSAGES}`,
    );
    payload = JSON.stringify({ row: String(rows[0]!.id) });
  }
  await db.query('SELECT pg_notify($1, $2)', [channel, payload]);
  // A transaction's or session's connection names the database it belongs to, whose listeners these are.
  const listeners = inProcess.get((db as Pick<Database, 'origin'>).origin ?? db)?.get(channel);
  if (listeners) setImmediate(() => listeners.forEach((deliver) => deliver(payload)));
}

/** The message a notification's payload carries (read from its row when it was long). */
export async function readMessage(db: Queryable, payload: string): Promise<unknown> {
  const parsed = JSON.parse(payload) as unknown;
  const row = (parsed as { row?: unknown } | null)?.row;
  if (typeof row !== 'string' || Object.keys(parsed as object).length !== 1) return parsed;
  const { rows } = await db.query<{ message: unknown }>(
    'SELECT message FROM content_change_messages WHERE id = $1',
    [row],
  );
  if (!rows[0]) throw new Error(`content change message ${row} is gone`);
  // jsonb comes back parsed on pg and PGlite alike; the text inserted was JSON.
  return typeof rows[0].message === 'string'
    ? (JSON.parse(rows[0].message) as unknown)
    : rows[0].message;
}

/** Listens on `channel` in this process (PGlite): returns what stops it. */
export function listenInProcess(db: object, channel: string, deliver: Deliver): () => void {
  let channels = inProcess.get(db);
  if (!channels) inProcess.set(db, (channels = new Map()));
  let listeners = channels.get(channel);
  if (!listeners) channels.set(channel, (listeners = new Set()));
  listeners.add(deliver);
  return () => listeners.delete(deliver);
}
