import type { Database } from '../db/database';
import type { Loaders } from '../data/loaders';
import type { ReaderCounts } from '../data/readerCounts';

export type ApiContext = {
  db: Database;
  loaders: Loaders;
  /** A valid preview token came with the request: drafts and scheduled content are visible. */
  preview: boolean;
  /** The reader's address, for per-client budgets (api/data/rateLimits.ts). */
  clientAddress: string;
  /** Readers' counts kept a while, shared by the process's requests (api/data/readerCounts.ts). */
  counts: ReaderCounts;
};
