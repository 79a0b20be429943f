interface Entry<T> {
  expires: number;
  value: Promise<T>;
  /** Known once the value resolves. */
  size: number;
}

export interface TtlCacheOptions<T> {
  ttlMs: number;
  maxEntries?: number;
  /** With `sizeOf`: the most the resolved values may weigh together. */
  maxSize?: number;
  sizeOf?: (value: T) => number;
}

/**
 * Values reused for `ttlMs`, by key. A build in flight is shared, so a burst
 * of crawlers costs one set of queries; a failed build is forgotten at once.
 * Keys may hold a Host header's origin, so entries and their total size are
 * capped, the oldest going first.
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private size = 0;

  constructor(private readonly options: TtlCacheOptions<T>) {}

  get(key: string, build: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const cached = this.entries.get(key);
    if (cached && cached.expires > now) return cached.value;
    const value = build();
    if (this.options.ttlMs <= 0) return value;
    const entry: Entry<T> = { expires: now + this.options.ttlMs, value, size: 0 };
    this.remove(key);
    this.entries.set(key, entry);
    this.trim();
    value.then(
      (result) => {
        if (this.entries.get(key) !== entry) return;
        entry.size = this.options.sizeOf?.(result) ?? 0;
        this.size += entry.size;
        this.trim();
      },
      () => {
        if (this.entries.get(key) === entry) this.remove(key);
      },
    );
    return value;
  }

  /** The value kept for `key` and not yet expired, without building one. */
  peek(key: string): Promise<T> | undefined {
    const cached = this.entries.get(key);
    return cached && cached.expires > Date.now() ? cached.value : undefined;
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.size -= entry.size;
    this.entries.delete(key);
  }

  private trim() {
    const { maxEntries = 100, maxSize = Infinity } = this.options;
    // Maps keep insertion order: the first key is the oldest.
    while (this.entries.size > maxEntries || this.size > maxSize) this.remove(this.entries.keys().next().value!);
  }
}
