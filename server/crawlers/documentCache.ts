import { createHash } from 'node:crypto';

export interface CrawlerDocument {
  body: string;
  /** Strong ETag: a hash of the exact bytes. */
  etag: string;
}

export function documentOf(body: string): CrawlerDocument {
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` };
}

/**
 * Generated documents reused for `ttlMs`, by key (origin and document). A
 * build in flight is shared, so a burst of crawlers costs one query set; a
 * failed build is forgotten at once. Origins can come from the Host header,
 * so the number of entries is capped.
 */
export class DocumentCache {
  private readonly entries = new Map<string, { expires: number; value: Promise<CrawlerDocument | null> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 100,
  ) {}

  get(key: string, build: () => Promise<string | null>): Promise<CrawlerDocument | null> {
    const now = Date.now();
    const cached = this.entries.get(key);
    if (cached && cached.expires > now) return cached.value;
    const value = build().then((body) => (body === null ? null : documentOf(body)));
    if (this.ttlMs <= 0) return value;
    this.entries.delete(key);
    this.entries.set(key, { expires: now + this.ttlMs, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    // Maps keep insertion order: the first key is the oldest.
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}
