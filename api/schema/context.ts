import type { Database } from '../db/database';
import type { voteCountsLoader } from '../readerData/votes';
import type { ContentReader, SourceKind } from '../sources/contentSource';

export type ApiContext = {
  /** What this request may read of the content, from whichever source holds it (api/sources/). */
  content: ContentReader;
  source: SourceKind;
  /** Folio's own database: readers' writes (votes, newsletter, rate limits), whatever the source. */
  db: Database;
  votes: ReturnType<typeof voteCountsLoader>;
  /** A valid preview token came with the request: drafts and scheduled content are visible. */
  preview: boolean;
  /** The reader's address, for per-client budgets (api/readerData/rateLimits.ts). */
  clientAddress: string;
};
