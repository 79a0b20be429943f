import type { Database } from '../../../db/database';
import type { RecordKind } from '../../../model/recordKinds';
import { original, TABLES } from './recordTables';

/** Ids of records by kind and key, loaded from their tables as needed. */
export class RecordIds {
  readonly byKind: Record<string, Map<string, number>> = {};

  constructor(private readonly tx: Database) {}

  map(kind: RecordKind): Map<string, number> {
    return (this.byKind[kind] ??= new Map());
  }

  async load(kind: RecordKind, keys: Iterable<string>): Promise<void> {
    const map = this.map(kind);
    const missing = [...new Set(keys)].filter((key) => !map.has(key));
    // A translation is written by its original's key (api/sources/embedded/writes/translationWrites.ts).
    if (missing.length === 0 || kind === 'site' || kind === 'translation') return;
    const { table, key, type, localized } = TABLES[kind];
    const typeFilter = `${type ? ` AND type = '${type}'` : ''}${localized ? ` AND ${original(table)}` : ''}`;
    const { rows } = await this.tx.query<{ id: number; key: string }>(
      `SELECT id, ${key} AS key FROM ${table} WHERE ${key} = ANY($1)${typeFilter}`,
      [missing],
    );
    for (const row of rows) map.set(row.key, row.id);
  }

  /** Loads every record the given references name. */
  async loadReferences(ids: Iterable<string>): Promise<void> {
    const byKind = new Map<RecordKind, string[]>();
    for (const id of ids) {
      const kind = id.slice(0, id.indexOf(':')) as RecordKind;
      byKind.set(kind, [...(byKind.get(kind) ?? []), id.slice(kind.length + 1)]);
    }
    for (const [kind, keys] of byKind) await this.load(kind, keys);
  }

  get(kind: RecordKind, key: string | undefined): number | null {
    return key === undefined ? null : (this.map(kind).get(key) ?? null);
  }
}
