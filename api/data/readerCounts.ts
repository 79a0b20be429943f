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
export class ReaderCounts {
  private readonly entries = new Map<string, { value: Promise<number>; expiresAt: number }>();

  constructor(
    readonly ttlMs: number,
    /** Different counts kept at most (a topic each, an author each, the list). */
    private readonly maxEntries = 10_000,
  ) {}

  /** The count under `key`, computed by `count` when none is kept or it has expired. A failed count is not kept. */
  get(key: string, count: () => Promise<number>): Promise<number> {
    if (this.ttlMs <= 0) return count();
    const now = Date.now();
    const kept = this.entries.get(key);
    if (kept && kept.expiresAt > now) return kept.value;
    const value = count();
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, expiresAt: now + this.ttlMs });
    value.catch(() => this.entries.get(key)?.value === value && this.entries.delete(key));
    return value;
  }

  /** For batched lookups: the counts kept for `keys`, by key (expired and missing ones left out). */
  kept(keys: readonly string[]): Map<string, Promise<number>> {
    const now = Date.now();
    const found = new Map<string, Promise<number>>();
    if (this.ttlMs <= 0) return found;
    for (const key of keys) {
      const entry = this.entries.get(key);
      if (entry && entry.expiresAt > now) found.set(key, entry.value);
    }
    return found;
  }
}
