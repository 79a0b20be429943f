import { HttpStatusError, NoResponseError, TimeoutError } from './errors';

/** docs/content-model.md#limits-and-constants. */
export const REQUEST_TIMEOUT_MS = 15_000;
export const QUERY_RETRY_DELAYS_MS: readonly number[] = [500, 1500];
/** A Retry-After longer than this is not waited for: the reader gets the error and a Retry button. */
export const MAX_RETRY_AFTER_MS = 10_000;
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/**
 * A live stream the server refused (too many from this address, a stopping
 * server, nothing to follow) is opened again after these waits, then left:
 * the page stays as it is. A dropped connection is the browser's to reconnect.
 */
export const LIVE_REOPEN_DELAYS_MS: readonly number[] = [5_000, 15_000, 60_000];

export interface RetryPolicy {
  delaysMs: readonly number[];
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  delaysMs: QUERY_RETRY_DELAYS_MS,
  maxRetryAfterMs: MAX_RETRY_AFTER_MS,
};

/**
 * How long to wait before trying a failed query again, or null to give up.
 * Only transient failures are retried; mutations never reach this.
 */
export function retryDelay(
  error: unknown,
  attempt: number,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
): number | null {
  const scheduled = policy.delaysMs[attempt];
  if (scheduled === undefined) return null;
  if (error instanceof NoResponseError || error instanceof TimeoutError) return scheduled;
  if (error instanceof HttpStatusError && RETRYABLE_STATUSES.has(error.status)) {
    if (error.retryAfterMs === null) return scheduled;
    if (error.retryAfterMs > policy.maxRetryAfterMs) return null;
    return Math.max(scheduled, error.retryAfterMs);
  }
  return null;
}

/** Retry-After as seconds or an HTTP date, in milliseconds from `now`. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
