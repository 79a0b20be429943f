import { SOURCE_KINDS, type SourceKind } from '../../settings/sourceSettings';
import type { Database } from './database';

/**
 * Folio's PostgreSQL advisory locks, every one here so no two can share a
 * key: pg_advisory_lock(key1, key2), two int4 keys. 0x466f6c69 is "Foli" in
 * ASCII. Advisory locks are per database, so servers of different databases
 * on one PostgreSQL never wait for each other.
 */
const FOLIO = 0x466f6c69;

/** Held while a server migrates and seeds the database (api/publishing/prepareDatabase.ts). */
export const PREPARE_LOCK: readonly [number, number] = [FOLIO, 1];

/** Held for a publish's transaction: one publisher of content/ at a time per database (api/publishing/publishContent.ts). */
export const PUBLISH_LOCK: readonly [number, number] = [FOLIO, 2];

/**
 * Held, on its notification connection, by the one process per database and
 * source that resolves changes, purges the CDN, refreshes a CMS's search
 * index and announces scheduled publications (api/changes/changeListener.ts):
 * 10 + the source's place in SOURCE_KINDS. A lock held as long as a process
 * runs must never share the others' keys.
 */
export function purgerLock(source: SourceKind): readonly [number, number] {
  return [FOLIO, 10 + SOURCE_KINDS.indexOf(source)];
}

/** Holds `lock` until the transaction `tx` ends (pg_advisory_xact_lock): one holder at a time per database. */
export async function holdUntilCommit(
  tx: Database,
  lock: readonly [number, number],
): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [...lock]);
}
