import type { Database } from '../../../db/database';
import type { RecordKind } from '../../../model/recordKinds';
import type { KnownRecord, RememberedRecord } from '../../../model/rememberedRecords';
import { BATCH } from './recordTables';

/**
 * content_records, the embedded database's memory of content/'s files since
 * the last publish (api/model/rememberedRecords.ts): what a publish plans
 * from, and what it leaves for the next.
 */

/** What content_records remembers, and its fingerprint (a publisher that got in meanwhile changes it). */
export async function readKnown(
  db: Database,
  fingerprintOnly = false,
): Promise<{ known: KnownRecord[]; fingerprint: string }> {
  const { rows: print } = await db.query<{ fingerprint: string | null }>(
    "SELECT md5(string_agg(kind || ':' || key || ':' || hash, ',' ORDER BY kind, key)) AS fingerprint FROM content_records",
  );
  const fingerprint = print[0]?.fingerprint ?? '';
  if (fingerprintOnly) return { known: [], fingerprint };
  const { rows } = await db.query<KnownRecord>(
    'SELECT kind, key, file, line, hash, refs FROM content_records',
  );
  return { known: rows, fingerprint };
}

/** content_records as the folder now is: the changed records' new hashes and references, and nothing of what is gone. */
export async function rememberRecords(
  tx: Database,
  changed: readonly RememberedRecord[],
  gone: readonly { kind: RecordKind; key: string }[],
): Promise<void> {
  if (gone.length > 0) {
    await tx.query(
      'DELETE FROM content_records c USING jsonb_to_recordset($1::jsonb) AS g(kind text, key text) WHERE c.kind = g.kind AND c.key = g.key',
      [JSON.stringify(gone)],
    );
  }
  for (let start = 0; start < changed.length; start += BATCH) {
    const rows = changed.slice(start, start + BATCH).map((record) => ({
      kind: record.kind,
      key: record.key,
      file: record.file,
      line: record.line,
      hash: record.hash,
      refs: record.references,
    }));
    await tx.query(
      `INSERT INTO content_records (kind, key, file, line, hash, refs)
       SELECT r.kind, r.key, r.file, r.line, r.hash, r.refs FROM jsonb_to_recordset($1::jsonb) AS r(kind text, key text, file text, line integer, hash text, refs jsonb)
       ON CONFLICT (kind, key) DO UPDATE SET file = EXCLUDED.file, line = EXCLUDED.line, hash = EXCLUDED.hash, refs = EXCLUDED.refs`,
      [JSON.stringify(rows)],
    );
  }
}
