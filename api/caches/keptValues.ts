import type { KeptAnswers, ReaderCaches } from './readerCaches';

interface Entry<T> {
  promise: Promise<T>;
  /** Set once made: the value and what it shows. */
  made: { value: T; keys: ReadonlySet<string> } | null;
  expiresAt: number;
  size: number;
}

export interface KeptValuesOptions<T> {
  ttlMs: number;
  /** The process's reader caches: they drop by key, and cap how long anything is kept (the next scheduled publication). */
  caches?: ReaderCaches | undefined;
  maxEntries?: number;
  /** With `sizeOf`: the most the made values may weigh together. */
  maxSize?: number;
  sizeOf?: (value: T) => number;
  /** The keys of what a value shows (api/caches/cacheKeys.ts); a value without keys is dropped by `dropAll` only. */
  keysOf?: (key: string, value: T) => Iterable<string>;
}

/**
 * Values reused for `ttlMs` by key, each tagged with what it shows, and
 * dropped as soon as a change names one of its keys. A value being made is
 * shared by everyone who asks meanwhile; a change during its making drops it
 * (it was read before the change), and a failure is forgotten at once.
 * Entries and their total size are capped, the oldest going first (keys may
 * hold a Host header's origin).
 */
export class KeptValues<T> implements KeptAnswers {
  private readonly entries = new Map<string, Entry<T>>();
  private size = 0;

  constructor(private readonly options: KeptValuesOptions<T>) {
    options.caches?.register(this);
  }

  get(key: string, make: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const kept = this.entries.get(key);
    if (kept && kept.expiresAt > now) return kept.promise;
    const promise = make();
    if (this.options.ttlMs <= 0) return promise;
    const entry: Entry<T> = { promise, made: null, expiresAt: this.expiresAt(now), size: 0 };
    this.remove(key);
    this.entries.set(key, entry);
    this.trim();
    promise.then(
      (value) => {
        if (this.entries.get(key) !== entry) return;
        entry.made = { value, keys: new Set(this.options.keysOf?.(key, value) ?? []) };
        entry.size = this.options.sizeOf?.(value) ?? 0;
        this.size += entry.size;
        this.trim();
      },
      () => {
        if (this.entries.get(key) === entry) this.remove(key);
      },
    );
    return promise;
  }

  /** The value kept for `key` and still fresh, without making one. */
  peek(key: string): Promise<T> | undefined {
    const kept = this.entries.get(key);
    return kept && kept.expiresAt > Date.now() ? kept.promise : undefined;
  }

  /** A made value, kept under `key` with the keys of what it shows. */
  set(key: string, value: T, keys: Iterable<string>, ttlMs = this.options.ttlMs): void {
    if (ttlMs <= 0) return;
    this.remove(key);
    const size = this.options.sizeOf?.(value) ?? 0;
    this.entries.set(key, {
      promise: Promise.resolve(value),
      made: { value, keys: new Set(keys) },
      expiresAt: this.expiresAt(Date.now(), ttlMs),
      size,
    });
    this.size += size;
    this.trim();
  }

  /** A made value still fresh, and the keys it was kept with. */
  kept(key: string): { value: T; keys: ReadonlySet<string> } | undefined {
    const entry = this.entries.get(key);
    if (!entry?.made) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.remove(key);
      return undefined;
    }
    return entry.made;
  }

  drop(keys: ReadonlySet<string>): void {
    for (const [key, entry] of this.entries) {
      if (entry.made === null || [...entry.made.keys].some((shown) => keys.has(shown)))
        this.remove(key);
    }
  }

  dropAll(): void {
    this.entries.clear();
    this.size = 0;
  }

  private expiresAt(now: number, ttlMs = this.options.ttlMs): number {
    return this.options.caches ? this.options.caches.expiresAt(ttlMs, now) : now + ttlMs;
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.size -= entry.size;
    this.entries.delete(key);
  }

  private trim() {
    const { maxEntries = 100, maxSize = Number.POSITIVE_INFINITY } = this.options;
    // Maps keep insertion order: the first key is the oldest.
    while (this.entries.size > maxEntries || this.size > maxSize)
      this.remove(this.entries.keys().next().value!);
  }
}
