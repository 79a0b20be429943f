import type { Database } from '../db/database';
import type { voteCountsLoader } from '../readerData/votes';
import type { ContentReader, SourceKind } from '../sources/contentSource';
import type { Locale } from '../../shared/locales';
import type { LiveContext } from '../live/liveChanges';
import type { PreviewVersion } from '../previewLinks';
import type { Article, Page } from '../sources/contentSource';

/** What a session a signed link opened shows: one document, in its draft or its published version. */
export interface PreviewedContext {
  version: PreviewVersion;
  /** The document as the session shows it in `locale`; null when it has no such version there, or is gone. */
  in: (locale: Locale) => Promise<Article | Page | null>;
}

export type ApiContext = {
  /** What this request may read of the content in the default locale, from whichever source holds it (api/sources/). */
  content: ContentReader;
  /** The same in a locale (docs/decisions.md#locales): root fields read in the one they are given, nested objects in their parent's. */
  contentIn: (locale: Locale) => ContentReader;
  source: SourceKind;
  /** Folio's own database: readers' writes (votes, newsletter, rate limits), whatever the source. */
  db: Database;
  votes: ReturnType<typeof voteCountsLoader>;
  /** What the request previews: every draft (the preview token), one document (a session a signed link opened), or nothing (a reader). */
  previewScope: 'EVERYTHING' | 'DOCUMENT' | null;
  /** A one-document session's document (`viewer.previewedDocument`): the version it shows, and that version read in a locale. Null otherwise. */
  previewed: PreviewedContext | null;
  /** The reader's address, for per-client budgets (api/readerData/rateLimits.ts). */
  clientAddress: string;
  /** A live subscription's change feed (api/live/): only streams at /graphql/stream have one. */
  live?: LiveContext;
};
