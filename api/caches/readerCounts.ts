import {
  ARTICLES_KEY,
  articleListKey,
  inLocaleKey,
  SEARCH_KEY,
  topicArticlesKey,
} from './cacheKeys';
import { DEFAULT_LOCALE, isLocale } from '../../shared/locales';
import { KeptValues } from './keptValues';
import type { ReaderCaches } from './readerCaches';
import type { KeptCounts } from '../sources/contentSource';

/**
 * Readers' counts — all published articles, a topic's, an author's — change
 * only when content is published or unpublished (seeding, an editor), never
 * through the API, yet each costs an index scan over every matching article:
 * 6 ms for the article list and 17 ms for a topic at 100,000 articles on
 * PostgreSQL 15 (bench/RESULTS.md §7), on every response-cache miss. So the
 * API keeps each reader count for a short while in the process, as it keeps
 * whole answers (60 s): a count at most `ttlMs` old, dropped at once when a
 * change touches its list (issue 21), and never kept past the next scheduled
 * publication. Previews always count afresh (their counts include drafts),
 * and development keeps nothing.
 *
 * Sources ask for counts through `get` and `peek` (`ReaderCounts`): a
 * KeptValues whose counts are tagged by the list they count.
 */
export type ReaderCounts = KeptCounts;

/** Different counts kept at most (a topic each, an author each, a search each, the list). */
const MAX_COUNTS = 10_000;

/**
 * The list a count counts, from the key the embedded source keeps it under
 * (countKeyIn in api/sources/embedded/countKeys.ts): `articles:<filter as JSON>`,
 * `topic:<id>`, `search:<text>`, in another locale `articles@de:…`. A key of
 * any other shape is taken to count all articles, whose key every change of
 * lists drops.
 */
export function countListKey(countKey: string): string {
  const shaped = /^(articles|topic|search)(?:@([a-z]{2,3}))?:(.*)$/s.exec(countKey);
  if (!shaped) return ARTICLES_KEY;
  const [, list, code, what] = shaped;
  // A locale Folio does not have any more counts as the default's: dropped with more, never less.
  const locale = isLocale(code) ? code : DEFAULT_LOCALE;
  return inLocaleKey(listOf(list!, what!), locale);
}

function listOf(list: string, what: string): string {
  if (list === 'search') return SEARCH_KEY;
  if (list === 'topic') return topicArticlesKey(what);
  try {
    const filter = JSON.parse(what) as { topicId?: unknown; authorId?: unknown };
    return articleListKey({
      topicId: typeof filter.topicId === 'string' ? filter.topicId : null,
      authorId: typeof filter.authorId === 'string' ? filter.authorId : null,
    });
  } catch {
    return ARTICLES_KEY;
  }
}

export function readerCounts(ttlMs: number, caches?: ReaderCaches): ReaderCounts {
  return new KeptValues<number>({
    ttlMs,
    caches,
    maxEntries: MAX_COUNTS,
    keysOf: (key) => [countListKey(key)],
  });
}
