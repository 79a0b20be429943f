import type { Database } from '../db/database';
import type { Loaders } from '../data/loaders';

export type ApiContext = {
  db: Database;
  loaders: Loaders;
  /** A valid preview token came with the request: drafts and scheduled content are visible. */
  preview: boolean;
  /** The reader's address, for per-client budgets (api/schema/rateLimits.ts). */
  clientAddress: string;
};
