import type { NamedReference, RecordKind } from './recordKinds';

/**
 * What a publish remembers of content/'s records between publishes (the
 * embedded source keeps it in content_records): where each record's file is,
 * its hash, and what it names. Publishing plans from it; the embedded
 * source's writes read and write it.
 */

/** What content_records remembers of one record since the last publish. */
export interface KnownRecord {
  kind: RecordKind;
  key: string;
  file: string;
  line: number;
  hash: string;
  refs: NamedReference[];
}

/** A record as a publish hands it over to be remembered: where its file is, its hash, what it names. */
export type RememberedRecord = Omit<KnownRecord, 'refs'> & { references: NamedReference[] };
