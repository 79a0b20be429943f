/**
 * The change feed of open pages (issue 40, docs/http-and-cache.md#live-updates):
 * every content change this process hears, as the cache keys it touches
 * (the same keys every cache drops, api/caches/cacheKeys.ts), wakes the live
 * subscriptions whose last answer showed one of them. A subscription's
 * answer notes the keys of everything it read (api/caches/recordingReader.ts),
 * so it is woken by exactly the changes to what it shows, whichever source
 * holds the content.
 *
 * The waiters are subscriptions (one per distinct page and credential,
 * api/live/liveStreams.ts), not readers: thousands of readers of one article
 * are one waiter.
 */
export class LiveChanges {
  private readonly waiting = new Set<Waiter>();

  /** A change dropped these keys from this process's caches: wake whoever shows one. */
  changed(keys: readonly string[]): void {
    if (keys.length === 0) return;
    for (const waiter of this.waiting) {
      if (keys.some((key) => waiter.shows.has(key))) {
        this.waiting.delete(waiter);
        waiter.wake(true);
      }
    }
  }

  /** How many subscriptions wait for a change. */
  get waiters(): number {
    return this.waiting.size;
  }

  /**
   * Resolves true at the next change touching one of `shows` (read when the
   * change comes, so keys noted meanwhile count), or false once `cancel` is called.
   */
  nextTouching(shows: ReadonlySet<string>): { changed: Promise<boolean>; cancel(): void } {
    let waiter: Waiter | null = null;
    const changed = new Promise<boolean>((resolve) => {
      waiter = { shows, wake: resolve };
      this.waiting.add(waiter);
    });
    return {
      changed,
      cancel: () => {
        if (!waiter || !this.waiting.delete(waiter)) return;
        waiter.wake(false);
      },
    };
  }
}

interface Waiter {
  shows: ReadonlySet<string>;
  wake(changed: boolean): void;
}

/** What the event stream endpoint (liveStreams.ts) adds to a request's context, so the API gives it a change feed. */
export const LIVE_STREAM_CONTEXT = 'folioLiveStream';

/** What a live subscription's GraphQL context carries (api/schema/context.ts). */
export interface LiveContext {
  changes: LiveChanges;
  /** The keys of everything the subscription's last answer read. */
  shown: ReadonlySet<string>;
  /** Fresh readers (no batched lookup remembered) and no keys noted: before each new answer. */
  renew(): void;
}

/**
 * A subscription's source stream: a first tick at once (the page as it is
 * now, which may be newer than the page the reader has), then one tick per
 * change touching what the last answer showed. Written as an iterator rather
 * than a generator so that ending it (the last reader left) also ends the
 * wait, which an async generator suspended in an `await` cannot do.
 */
export function changesOf(live: LiveContext): AsyncIterableIterator<number> {
  let ticks = 0;
  let done = false;
  let waiting: { cancel(): void } | null = null;
  const end = (): IteratorResult<number> => ({ done: true, value: undefined });
  const iterator: AsyncIterableIterator<number> = {
    [Symbol.asyncIterator]: () => iterator,
    async next() {
      if (done) return end();
      if (ticks > 0) {
        const next = live.changes.nextTouching(live.shown);
        waiting = next;
        const changed = await next.changed;
        waiting = null;
        if (!changed || done) return end();
        live.renew();
      }
      ticks += 1;
      return { done: false, value: ticks };
    },
    async return() {
      done = true;
      waiting?.cancel();
      return end();
    },
  };
  return iterator;
}
