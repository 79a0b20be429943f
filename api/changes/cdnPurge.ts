import { cdnPurgeFailures } from '../observability/metrics';
import { inSpan } from '../observability/tracing';
import { isCacheKey } from '../caches/cacheKeys';

/** Fastly purges at most 256 surrogate keys a call; Varnish's xkey takes as many, and so the same batches. */
export const PURGE_KEYS_PER_CALL = 256;

/** What the purger logs with (pino's shape). */
export interface PurgeLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface CdnPurgeOptions {
  /** `FOLIO_CDN_PURGE_URL`: keys are sent to it as `PURGE <url>` with `Surrogate-Key: k1 k2 …`. */
  url: string;
  logger: PurgeLogger;
  /**
   * Past this, a key still not purged is given up: every copy a CDN keeps has
   * expired by then (readers' answers say `s-maxage` ≤ 300 and
   * `stale-while-revalidate` ≤ 600 at most). Default 15 minutes.
   */
  giveUpAfterMs?: number;
  firstRetryMs?: number;
  longestRetryMs?: number;
  /** How long one purge call may take. */
  timeoutMs?: number;
  /**
   * Keys are purged again this long after the first purge: a CDN that asked
   * another Folio process for the page in the moment before that process
   * dropped it keeps the old answer, and the second purge removes it. 0: once.
   */
  repeatAfterMs?: number;
  fetch?: typeof globalThis.fetch;
}

/**
 * Purges cache keys at the CDN (issue 21): batched by PURGE_KEYS_PER_CALL,
 * keys arriving while a call is out go in the next one, and a failed call (no
 * answer, a timeout, any status but 2xx) is logged and retried with a growing
 * back-off, never failing the change that asked for it. Until a purge
 * succeeds, the CDN keeps an answer at most its `s-maxage` (plus
 * `stale-while-revalidate`), as without purges.
 */
export class CdnPurger {
  /** Keys waiting, with when each was first asked for. */
  private readonly pending = new Map<string, number>();
  /**
   * Keys asked for again while already waiting or out (a change's repeat, or
   * the next change): the call that takes them may reach the CDN before the
   * reason to ask again, so each is purged once more after it. Every request
   * for a key is a purge of its own, whatever else is under way.
   */
  private readonly askedAgain = new Set<string>();
  /** What the purger did, for the log and the metrics: keys purged, calls failed, keys given up. */
  readonly counts = { purgedKeys: 0, failedCalls: 0, givenUpKeys: 0 };
  private timer: NodeJS.Timeout | null = null;
  private retryAt = 0;
  private failures = 0;
  private sending: Promise<void> | null = null;
  private closed = false;
  private readonly repeats = new Set<NodeJS.Timeout>();
  /** Whoever waits for keys' first purge to be acknowledged (the change propagation metric): the keys still unpurged. */
  private readonly waiters = new Set<{
    keys: Set<string>;
    /** Calls started before it asked cannot have purged for it. */
    afterCall: number;
    acknowledged: () => void;
  }>();
  private callsStarted = 0;
  private readonly settings: Required<Omit<CdnPurgeOptions, 'logger' | 'url'>>;

  constructor(private readonly options: CdnPurgeOptions) {
    this.settings = {
      giveUpAfterMs: options.giveUpAfterMs ?? 15 * 60_000,
      firstRetryMs: options.firstRetryMs ?? 500,
      longestRetryMs: options.longestRetryMs ?? 30_000,
      timeoutMs: options.timeoutMs ?? 5_000,
      repeatAfterMs: options.repeatAfterMs ?? 1_000,
      fetch: options.fetch ?? globalThis.fetch,
    };
  }

  /**
   * Asks for `keys` to be purged, now and once more a moment later;
   * `acknowledged` is called once the CDN has taken every one of them (never
   * when one is given up).
   */
  purge(keys: Iterable<string>, acknowledged?: () => void): void {
    const wanted = [...keys].filter(isCacheKey);
    if (wanted.length === 0 || this.closed) return;
    if (acknowledged)
      this.waiters.add({ keys: new Set(wanted), afterCall: this.callsStarted, acknowledged });
    this.enqueue(wanted);
    if (this.settings.repeatAfterMs > 0) {
      const repeat = setTimeout(() => {
        this.repeats.delete(repeat);
        this.enqueue(wanted);
      }, this.settings.repeatAfterMs);
      repeat.unref();
      this.repeats.add(repeat);
    }
  }

  /** Keys not yet purged (tests, and the log). */
  get waiting(): number {
    return this.pending.size;
  }

  /** Nothing waiting, being sent, or due to be purged again (tests wait on it so one change's repeat does not land in the next). */
  get idle(): boolean {
    return this.pending.size === 0 && this.repeats.size === 0 && this.sending === null;
  }

  /** Stops: nothing more is sent (what is pending expires at the CDN on its own). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    for (const repeat of this.repeats) clearTimeout(repeat);
    this.repeats.clear();
    this.waiters.clear();
    await this.sending;
  }

  private enqueue(keys: string[]) {
    const now = Date.now();
    for (const key of keys) {
      if (!this.pending.has(key)) this.pending.set(key, now);
      else this.askedAgain.add(key);
    }
    this.schedule(Math.max(0, this.retryAt - now));
  }

  private schedule(delayMs: number) {
    if (this.closed || this.timer || this.sending) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.sending = this.flush().finally(() => {
        this.sending = null;
        // Keys that came while the call was out, unless a failure set a back-off (which scheduled its own retry).
        if (this.pending.size > 0 && !this.timer)
          this.schedule(Math.max(0, this.retryAt - Date.now()));
      });
    }, delayMs);
    this.timer.unref();
  }

  private async flush(): Promise<void> {
    while (this.pending.size > 0 && !this.closed) {
      const batch = [...this.pending.keys()].slice(0, PURGE_KEYS_PER_CALL);
      const call = ++this.callsStarted;
      const failure = await this.send(batch);
      if (failure === null) {
        this.counts.purgedKeys += batch.length;
        this.acknowledge(batch, call);
        const now = Date.now();
        for (const key of batch) {
          // Asked for again meanwhile: purged once more, after this call.
          this.pending.delete(key);
          if (this.askedAgain.delete(key)) this.pending.set(key, now);
        }
        if (this.failures > 0)
          this.options.logger.info(
            { keys: batch.length, after: this.failures },
            `CDN purge succeeded after ${this.failures} failed attempts`,
          );
        this.failures = 0;
        this.retryAt = 0;
        continue;
      }
      this.failures += 1;
      this.counts.failedCalls += 1;
      cdnPurgeFailures.inc();
      const now = Date.now();
      const expired = batch.filter(
        (key) => now - this.pending.get(key)! >= this.settings.giveUpAfterMs,
      );
      for (const key of expired) this.pending.delete(key);
      this.forget(expired);
      this.counts.givenUpKeys += expired.length;
      const delay = Math.min(
        this.settings.longestRetryMs,
        this.settings.firstRetryMs * 2 ** (this.failures - 1),
      );
      this.retryAt = now + delay;
      this.options.logger.warn(
        {
          url: this.options.url,
          keys: batch.length,
          attempt: this.failures,
          retryInMs: delay,
          reason: failure,
        },
        `CDN purge failed (${failure}); retrying in ${delay} ms`,
      );
      if (expired.length > 0) {
        this.options.logger.error(
          { url: this.options.url, keys: expired.length },
          `CDN purge of ${expired.length} keys given up after ${this.settings.giveUpAfterMs / 1000} s: the CDN's copies have expired by their s-maxage`,
        );
      }
      this.timer = setTimeout(() => {
        this.timer = null;
        this.schedule(0);
      }, delay);
      this.timer.unref();
      return;
    }
  }

  /** Keys the CDN took: whoever waited for them all is told. */
  private acknowledge(keys: readonly string[], call: number) {
    for (const waiter of this.waiters) {
      if (call <= waiter.afterCall) continue;
      for (const key of keys) waiter.keys.delete(key);
      if (waiter.keys.size > 0) continue;
      this.waiters.delete(waiter);
      waiter.acknowledged();
    }
  }

  /** Keys given up: nobody waiting for them will be told. */
  private forget(keys: readonly string[]) {
    if (keys.length === 0) return;
    for (const waiter of this.waiters)
      if (keys.some((key) => waiter.keys.has(key))) this.waiters.delete(waiter);
  }

  /** One purge call, traced: null when the CDN took it, else why not. */
  private send(keys: string[]): Promise<string | null> {
    return inSpan('folio.cdn.purge', { 'folio.cdn.keys': keys.length }, async (span) => {
      const failure = await this.call(keys);
      if (failure !== null) span.setAttribute('error.type', failure);
      return failure;
    });
  }

  private async call(keys: string[]): Promise<string | null> {
    try {
      const answer = await this.settings.fetch(this.options.url, {
        method: 'PURGE',
        headers: { 'Surrogate-Key': keys.join(' ') },
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
      await answer.arrayBuffer().catch(() => undefined);
      return answer.ok ? null : `the CDN answered ${answer.status}`;
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      return (error as Error).name === 'TimeoutError'
        ? `no answer within ${this.settings.timeoutMs} ms`
        : (cause?.code ?? cause?.message ?? (error as Error).message);
    }
  }
}
