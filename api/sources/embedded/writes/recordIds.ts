import type { Database } from '../../../db/database';
import type { RecordKind } from '../../../model/recordKinds';
import { original, TABLES } from './recordTables';

/**
 * Ids of records by kind and key, loaded from their tables as needed; and of
 * what references name. A reference names an article, page, author or topic
 * by its file (`article:desire-paths` for articles/desire-paths.md) whatever
 * slug its front matter gives it (docs/publishing.md#references-name-files):
 * `fileNames` says which key each such name stands for
 * (`article:desire-paths` → `paths-of-desire`); a name no file has is the
 * record's key.
 */
export class RecordIds {
  readonly byKind: Record<string, Map<string, number>> = {};

  constructor(
    private readonly tx: Database,
    private readonly fileNames: Readonly<Record<string, string>> = {},
  ) {}

  map(kind: RecordKind): Map<string, number> {
    return (this.byKind[kind] ??= new Map());
  }

  /** The key a reference's name stands for: the key of the file it names, else the name itself. */
  keyOf(kind: RecordKind, name: string): string {
    const id = `${kind}:${name}`;
    return Object.hasOwn(this.fileNames, id) ? this.fileNames[id]! : name;
  }

  /** Loads records by their keys. */
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

  /** Loads every record the given references (`kind:name`) name. */
  async loadReferences(ids: Iterable<string>): Promise<void> {
    const byKind = new Map<RecordKind, string[]>();
    for (const id of ids) {
      const kind = id.slice(0, id.indexOf(':')) as RecordKind;
      const key = this.keyOf(kind, id.slice(kind.length + 1));
      byKind.set(kind, [...(byKind.get(kind) ?? []), key]);
    }
    for (const [kind, keys] of byKind) await this.load(kind, keys);
  }

  /** A record's id by its key. */
  get(kind: RecordKind, key: string | undefined): number | null {
    return key === undefined ? null : (this.map(kind).get(key) ?? null);
  }

  /** The id of what a reference names (by its file, or by its key). */
  ref(kind: RecordKind, name: string | undefined): number | null {
    return name === undefined ? null : this.get(kind, this.keyOf(kind, name));
  }

  /** What references name, by kind, for referenceResolver (api/model/richText.ts). */
  get references(): Record<string, { get(name: string): number | undefined }> {
    return new Proxy(
      {},
      {
        get: (_, kind: string) => ({
          get: (name: string) => this.ref(kind as RecordKind, name) ?? undefined,
        }),
      },
    );
  }
}
