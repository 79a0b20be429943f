import type { Locale } from '../shared/locales';
import { KeptValues, type KeptValuesOptions } from './caches/keptValues';
import type { ReaderCaches } from './caches/readerCaches';
import { recordingReader } from './caches/recordingReader';
import { resolveNode } from './schema/nodes';
import type { Asset, ContentReader, ContentSource, Entry } from './sources/contentSource';

/**
 * What the crawlers' documents (the feed, sitemaps: server/crawlers/) read:
 * readers' published content, named by cache keys, and kept like every
 * reader answer, dropped by the changes that touch it.
 */
export interface CrawlContent {
  /** A reader's view (published, non-future) in `locale`; the keys of everything it reads go into `keys`. */
  readerIn(locale: Locale, keys: Set<string>): ContentReader;
  /** Whatever a rich-text document's link names, by global id, as `RichText.links` reads it; null when the reader may not see it. */
  linkedNode(content: ContentReader, globalId: string): Promise<Entry | Asset | null>;
  publishedOverview: ContentSource['publishedOverview'];
  publishedArticles: ContentSource['publishedArticles'];
  /** Values kept as long as readers' answers (api/caches/keptValues.ts), dropped by the changes that name their keys. */
  keep<T>(options: Omit<KeptValuesOptions<T>, 'caches'>): KeptValues<T>;
  /** Seconds until the next scheduled publication (null: none): nothing is kept past it. */
  secondsLeft(): number | null;
}

/** The crawlers' view of `source`; `caches` drop what changes touch (without them, values only expire). */
export function crawlContentOf(source: ContentSource, caches?: ReaderCaches): CrawlContent {
  return {
    readerIn: (locale, keys) =>
      recordingReader(source.reader({ preview: false, locale }), keys, locale),
    linkedNode: (content, globalId) =>
      // A feed's documents are one locale's: every link is read through its reader.
      resolveNode(globalId, { contentIn: () => content }, { namedByVisibleDocument: true }),
    publishedOverview: (locale) => source.publishedOverview(locale),
    publishedArticles: (from, count, locale) => source.publishedArticles(from, count, locale),
    keep: (options) => new KeptValues({ ...options, caches }),
    secondsLeft: () => caches?.secondsLeft() ?? null,
  };
}
