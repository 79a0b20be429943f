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
  /** The request previews (the preview token, or a session a signed link opened): `viewer.isPreview`. */
  preview: boolean;
  /** What the preview shows: every draft, or one document (`viewer.previewScope`). */
  previewScope: 'EVERYTHING' | 'DOCUMENT' | null;
  /** The reader's address, for per-client budgets (api/readerData/rateLimits.ts). */
  clientAddress: string;
};
