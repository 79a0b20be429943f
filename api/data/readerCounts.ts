import { TtlCache } from '../ttlCache';

/**
 * Readers' counts — all published articles, a topic's, an author's — change
 * only when content is published or unpublished (seeding, an editor), never
 * through the API, yet each costs an index scan over every matching article:
 * 6 ms for the article list and 17 ms for a topic at 100,000 articles on
 * PostgreSQL 15 (bench/RESULTS.md §7), on every response-cache miss. So the
 * API keeps each reader count for a short while in the process, as it keeps
 * whole answers (60 s): a count at most `ttlMs` old. Previews always count
 * afresh (their counts include drafts), and development keeps nothing.
 */
export type ReaderCounts = TtlCache<number>;

/** Different counts kept at most (a topic each, an author each, a search each, the list). */
const MAX_COUNTS = 10_000;

export function readerCounts(ttlMs: number): ReaderCounts {
  return new TtlCache<number>({ ttlMs, maxEntries: MAX_COUNTS });
}
