import { performance } from 'node:perf_hooks';
import { isContentError } from '../contentError';
import {
  sourceRateLimitWait,
  sourceRequestDuration,
  type SourceOutcome,
} from '../observability/metrics';
import { inSpan } from '../observability/tracing';
import type { ContentReader, ContentSource } from './contentSource';

type Read = (...args: never[]) => Promise<unknown>;

/** The source-level reads measured besides a reader's (`reader()` and `close()` are not reads). */
const SOURCE_READS = [
  'publishedOverview',
  'publishedArticles',
  'image',
  'refreshSearch',
  'refreshSearchFor',
  'nextScheduled',
] as const satisfies readonly (keyof ContentSource)[];

/**
 * Every read from the content source, timed into
 * `folio_source_request_duration_seconds{source, operation, outcome}` and
 * traced as a span `folio.source.<operation>` (docs/operations.md#observing-folio):
 * the reader's methods (`article`, `articles`, `search`, …) and the
 * source's own (`publishedOverview`, `image`, …). Outcome: `ok`,
 * `not_found` (the source has no such record: null), `timeout`, or `error`.
 */
export function withMeasuredReads(source: ContentSource): ContentSource {
  const kind = source.kind;
  // No wait for a CMS's rate limit yet: a series at 0, not none.
  sourceRateLimitWait.zero({ source: kind });
  // Made once per operation, not per request's reader.
  const observers = new Map<string, ReturnType<typeof observerOf>>();
  const measure = <F extends Read>(operation: string, read: F): F => {
    let observer = observers.get(operation);
    if (!observer) {
      observer = observerOf(kind, operation);
      observers.set(operation, observer);
    }
    const { observe, spanName, attributes } = observer;
    return ((...args: Parameters<F>) => {
      const started = performance.now();
      return inSpan(spanName, attributes, async () => {
        try {
          const result = await read(...args);
          observe(result === null ? 'not_found' : 'ok', started);
          return result;
        } catch (error) {
          observe(outcomeOf(error), started);
          throw error;
        }
      });
    }) as F;
  };
  const measured: ContentSource = {
    ...source,
    reader: (options) => {
      const reader = source.reader(options);
      const wrapped = { ...reader } as Record<string, unknown>;
      for (const [operation, read] of Object.entries(reader))
        if (typeof read === 'function') wrapped[operation] = measure(operation, read.bind(reader));
      return wrapped as unknown as ContentReader;
    },
    close: () => source.close(),
  };
  for (const operation of SOURCE_READS) {
    const read = source[operation];
    if (typeof read === 'function')
      (measured as unknown as Record<string, Read>)[operation] = measure(
        operation,
        (read as Read).bind(source),
      );
  }
  return measured;
}

/** What a failed read was: no answer in time, or any other failure. */
function outcomeOf(error: unknown): SourceOutcome {
  if (isContentError(error, 'QUERY_TIMEOUT') || isContentError(error, 'UPSTREAM_TIMEOUT'))
    return 'timeout';
  const { name, timedOut } = (error ?? {}) as { name?: unknown; timedOut?: unknown };
  return name === 'TimeoutError' || name === 'AbortError' || timedOut === true
    ? 'timeout'
    : 'error';
}

/** One operation's span name and attributes, and the histogram's children by outcome. */
function observerOf(source: string, operation: string) {
  const children = new Map<SourceOutcome, { observe(seconds: number): void }>();
  return {
    spanName: `folio.source.${operation}`,
    attributes: { 'folio.source': source, 'folio.source.operation': operation },
    observe: (outcome: SourceOutcome, started: number) => {
      let child = children.get(outcome);
      if (!child) {
        child = sourceRequestDuration.labels(source, operation, outcome);
        children.set(outcome, child);
      }
      child.observe((performance.now() - started) / 1000);
    },
  };
}
