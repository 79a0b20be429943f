import type { ContentSource } from '../sources/contentSource';

/** How often a CMS source's search index is read again by default; a change to an article reads it again at once. */
export const SEARCH_REFRESH_MS = 5 * 60_000;

/**
 * How long after a change's keys are dropped the articles it names are read
 * again for a CMS source's search index. Read at once, the index's reads
 * competed with the pages readers were asking for again (a CMS edit's fresh
 * page, p95: 146 ms without them, 187-203 ms with them; bench/cmsEdits.ts).
 */
export const SEARCH_READ_AFTER_CHANGE_MS = 250;

export interface SearchLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export interface SearchFreshnessOptions {
  source: ContentSource;
  /** How often the whole index is read again (0: only at start). */
  everyMs: number;
  logger: SearchLogger;
}

/**
 * The one owner of a CMS source's search index (api/sources/cms/searchIndex.ts):
 * read whole at start and every `everyMs`, in the background (readers are
 * served meanwhile, and a CMS that is down leaves the last index in place),
 * and the articles a change names read again a moment after it. Every read
 * waits for the one before it: one queue, so the CMS is never asked twice at
 * once. A source without an index (the embedded one searches PostgreSQL) has
 * nothing here to do.
 */
export class SearchFreshness {
  private queue: Promise<unknown> = Promise.resolve();
  /** A whole read queued and not started yet: a burst of changes joins it. */
  private wholeReadQueued: Promise<boolean> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** Told when a change's articles are in the index: search answers can be dropped. */
  private changeRead: () => Promise<void> = () => Promise.resolve();

  constructor(private readonly options: SearchFreshnessOptions) {}

  /** Whether the source keeps an index of its own at all. */
  get keepsAnIndex(): boolean {
    return this.options.source.refreshSearch !== undefined;
  }

  /** The first whole read (waited for: search answers from the start; a CMS that is down only logs it), then the periodic ones. */
  async start(): Promise<void> {
    if (!this.keepsAnIndex) return;
    const first = this.readWhole('start');
    if (this.options.everyMs > 0) {
      this.timer = setInterval(() => void this.readWhole('every'), this.options.everyMs);
      this.timer.unref();
    }
    await first;
  }

  /** What to do once a change's articles were read again (the change listener drops search answers). */
  onChangeRead(listener: () => Promise<void>): void {
    this.changeRead = listener;
  }

  /**
   * The articles a change names are read again, SEARCH_READ_AFTER_CHANGE_MS
   * after it, and not every article (a whole read held the CMS for a third of
   * a second, and the pages readers were asking for waited behind it). One
   * that cannot be read leaves it to a whole read; a source that can only be
   * read whole is read whole.
   */
  articlesChanged(articleIds: readonly string[]): void {
    if (articleIds.length === 0 || this.stopped || !this.keepsAnIndex) return;
    const source = this.options.source;
    if (!source.refreshSearchFor) {
      void this.readWhole('change');
      return;
    }
    this.enqueue(async () => {
      // The pages readers ask for again first: the CMS answers their re-read before the index's.
      await new Promise((resolve) => setTimeout(resolve, SEARCH_READ_AFTER_CHANGE_MS));
      try {
        await source.refreshSearchFor!([...articleIds]);
        await this.changeRead();
      } catch (error) {
        this.options.logger.warn(
          { err: (error as Error).message },
          'search index: the changed articles could not be read again; reading every article',
        );
        if (!this.stopped) void this.readWhole('change');
      }
    });
  }

  /** Stops the periodic reads and waits for the one under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.queue;
  }

  /** A whole read, after whatever read is under way; one already queued is joined. */
  private readWhole(why: 'start' | 'every' | 'change'): Promise<boolean> {
    if (why === 'change' && this.wholeReadQueued) return this.wholeReadQueued;
    const read = this.enqueue(async () => {
      if (this.wholeReadQueued === read) this.wholeReadQueued = null;
      if (this.stopped && why !== 'start') return false;
      const started = Date.now();
      const { source, logger } = this.options;
      try {
        const count = await source.refreshSearch!();
        logger.info(
          { source: source.kind, articles: count, ms: Date.now() - started },
          `search index: ${count} ${source.kind} articles`,
        );
        if (why === 'change') await this.changeRead();
        return true;
      } catch (error) {
        logger.warn(
          { source: source.kind, err: why === 'change' ? (error as Error).message : error },
          why === 'change'
            ? 'search index: could not be read again after a change; keeping the last one'
            : 'search index: could not be read from the source; keeping the last one',
        );
        return false;
      }
    });
    if (why === 'change') this.wholeReadQueued = read;
    return read;
  }

  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work);
    this.queue = next.catch(() => undefined);
    return next;
  }
}
