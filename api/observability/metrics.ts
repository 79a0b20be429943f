import { Counter, Gauge, Histogram, register, type Registry } from 'prom-client';

/**
 * Every metric Folio exposes (docs/operations.md#observing-folio), named
 * once: the parts that count import them from here, the alert rules and the
 * dashboard (deploy/prometheus/, deploy/grafana/) query these names. Each
 * label's values are a small fixed set (a route's template, never its path),
 * so the number of series stays bounded whatever readers send.
 *
 * Metrics live in prom-client's default registry of each process; a cluster's
 * primary sums its workers' (server/ops/metricsServer.ts). Counting costs a
 * few microseconds on the hot path, so it is always on; only the scrape port
 * (`FOLIO_METRICS_PORT`) is optional.
 */
export const metricsRegistry: Registry = register;

let requestsCounted = true;
/**
 * Whether readers' requests are timed and their cache lookups counted (the
 * hot path's only metrics): on, unless the process exposes no metrics
 * (`FOLIO_METRICS_PORT` unset, server/start.ts), where they would cost
 * every request and be read by nobody.
 */
export const countsRequests = (): boolean => requestsCounted;
export function countRequests(on: boolean): void {
  requestsCounted = on;
}

/** Seconds: from half a millisecond (a kept answer) to ten seconds (a render that times out). */
const REQUEST_BUCKETS = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
];
/** Seconds: a change reaches every cache in well under one (the alert's line is one second). */
const PROPAGATION_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 0.75, 1, 2, 5, 10, 30];
/** Seconds: a publish of the whole folder takes from a tenth of a second to a minute. */
const PUBLISH_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
/** Seconds: a database statement, from a tenth of a millisecond. */
const STATEMENT_BUCKETS = [
  0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5,
];

/** OpenTelemetry's HTTP server semantic conventions, in Prometheus's spelling. */
export const httpRequestDuration = new Histogram({
  name: 'http_server_request_duration_seconds',
  help: 'Duration of HTTP server requests, by method, route template and status code.',
  labelNames: ['http_request_method', 'http_route', 'http_response_status_code'] as const,
  buckets: REQUEST_BUCKETS,
});

/** Which reader cache answered: `answers` (GraphQL and pages in the reader response cache), `pages` (rendered pages), `images` (resized images). */
export type ReaderCacheName = 'answers' | 'pages' | 'images';
export type CacheLookupResult = 'hit' | 'miss' | 'stale';
export const readerCacheLookups = new Counter({
  name: 'folio_reader_cache_lookups_total',
  help: 'Lookups in the caches that answer readers, by cache and result (hit, miss, stale).',
  labelNames: ['cache', 'result'] as const,
});

export type SourceOutcome = 'ok' | 'not_found' | 'error' | 'timeout';
export const sourceRequestDuration = new Histogram({
  name: 'folio_source_request_duration_seconds',
  help: 'Reads from the content source (embedded database, Strapi or Contentful), by operation and outcome.',
  labelNames: ['source', 'operation', 'outcome'] as const,
  buckets: REQUEST_BUCKETS,
});

export const sourceRateLimitWait = new Histogram({
  name: 'folio_source_rate_limit_wait_seconds',
  help: "Time a CMS request waited for the CMS's rate limit (429 Retry-After or Folio's own pacing).",
  labelNames: ['source'] as const,
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
});

export const renderDuration = new Histogram({
  name: 'folio_render_duration_seconds',
  help: 'Server renders of reader pages (not kept answers), by route template.',
  labelNames: ['route'] as const,
  buckets: REQUEST_BUCKETS,
});

export type PublishOutcome = 'published' | 'refused' | 'failed';
export const publishDuration = new Histogram({
  name: 'folio_publish_duration_seconds',
  help: 'Publishes of the content folder, by outcome (published, refused: problems found, failed).',
  labelNames: ['outcome'] as const,
  buckets: PUBLISH_BUCKETS,
});

export const publishProblems = new Counter({
  name: 'folio_publish_problems_total',
  help: 'Problems publishing found in content files (each names a file and line).',
});

export type ChangeOrigin = 'publish' | 'webhook' | 'schedule';
export const changeEvents = new Counter({
  name: 'folio_change_events_total',
  help: 'Content changes resolved into cache keys (counted once, by the process that purges), by origin.',
  labelNames: ['origin'] as const,
});

export type PropagationStage = 'caches' | 'cdn';
export const changePropagation = new Histogram({
  name: 'folio_change_propagation_seconds',
  help: "From a change's commit to this process's caches having dropped it (stage caches), and to the CDN's purge being acknowledged (stage cdn).",
  labelNames: ['stage'] as const,
  buckets: PROPAGATION_BUCKETS,
});

const listeners = new Set<() => boolean>();

/** Has `listening` read into `folio_change_listener_up` at every scrape, until the returned function is called. */
export function watchChangeListener(listening: () => boolean): () => void {
  listeners.add(listening);
  return () => listeners.delete(listening);
}

export const changeListenerUp = new Gauge({
  name: 'folio_change_listener_up',
  // A cluster's sum would hide one deaf worker: the least of them is what the cluster hears.
  aggregator: 'min',
  help: "1 while this process hears content changes (its LISTEN connection is open; PGlite's one process always), else 0.",
  collect() {
    if (listeners.size === 0) return;
    this.set([...listeners].every((listening) => listening()) ? 1 : 0);
  },
});

export const cdnPurgeFailures = new Counter({
  name: 'folio_cdn_purge_failures_total',
  help: 'CDN purge calls that failed (each is retried with a back-off).',
});

export type WebhookOutcome = 'accepted' | 'refused' | 'invalid' | 'failed';
export const webhookRequests = new Counter({
  name: 'folio_webhook_requests_total',
  help: "CMS notifications at POST /hooks/content, by outcome (accepted; refused: wrong secret or too many; invalid: not a notification; failed: Folio's own error).",
  labelNames: ['outcome'] as const,
});

export const previewSessionsOpened = new Counter({
  name: 'folio_preview_sessions_opened_total',
  help: 'Preview sessions opened (a token or a signed link exchanged for the preview cookie).',
});

export type UnavailableReason = 'drain' | 'no_worker' | 'worker_died';
export const requestsAnsweredUnavailable = new Counter({
  name: 'folio_requests_answered_unavailable_total',
  help: "Requests Folio answered 503 itself, by reason (drain: still unanswered at the end of the shutdown grace period; no_worker: no worker took the connection; worker_died: the worker holding it died). A source's or the database's 503s are counted by the request metric.",
  labelNames: ['reason'] as const,
});

export const workerRestarts = new Counter({
  name: 'folio_worker_restarts_total',
  help: 'Cluster workers started again after one died.',
});

export const connectionsInFlight = new Gauge({
  name: 'folio_connections_in_flight',
  help: 'Open HTTP connections this process serves.',
});

/** What the PostgreSQL pool holds now (node-postgres's counts), read at each scrape. */
export interface PoolCounts {
  total: number;
  idle: number;
  waiting: number;
}
const pools = new Set<() => PoolCounts>();

/** Has the pool's counts read into `folio_db_pool_clients` at every scrape, until the returned function is called. */
export function watchDatabasePool(counts: () => PoolCounts): () => void {
  pools.add(counts);
  return () => pools.delete(counts);
}

export const databasePoolClients = new Gauge({
  name: 'folio_db_pool_clients',
  help: "The PostgreSQL pool's clients, by state (in_use, idle, waiting: requests waiting for one).",
  labelNames: ['state'] as const,
  collect() {
    if (pools.size === 0) return;
    let inUse = 0;
    let idle = 0;
    let waiting = 0;
    for (const counts of pools) {
      const now = counts();
      inUse += now.total - now.idle;
      idle += now.idle;
      waiting += now.waiting;
    }
    this.set({ state: 'in_use' }, inUse);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'waiting' }, waiting);
  },
});

export const liveStreamsOpen = new Gauge({
  name: 'folio_live_streams',
  help: 'Open live-update streams (server-sent events at /graphql/stream) this process serves.',
});

export type LiveStreamRefusal =
  'too_many' | 'full' | 'not_found' | 'bad_request' | 'draining' | 'failed';
export const liveStreamsRefused = new Counter({
  name: 'folio_live_streams_refused_total',
  help: 'Live-update streams refused, by reason (too many from one address, the process full, nothing to follow, a bad request, a draining server, a first answer that failed).',
  labelNames: ['reason'] as const,
});

export const liveStreamsCut = new Counter({
  name: 'folio_live_streams_cut_total',
  help: 'Live-update streams ended because their reader did not read (more than the slow-reader bound waiting to be sent).',
});

export const liveUpdatesSent = new Counter({
  name: 'folio_live_updates_sent_total',
  help: 'Updates written to open live-update streams (one per stream an update reached).',
});

export const statementDuration = new Histogram({
  name: 'folio_db_statement_duration_seconds',
  help: 'Database statements, by operation (the SQL command: select, insert, update, delete, with, begin, commit, rollback, other).',
  labelNames: ['operation'] as const,
  buckets: STATEMENT_BUCKETS,
});

/**
 * Every series whose label values are a fixed set starts at 0, so a
 * dashboard shows "none yet" and Prometheus sees the first one as an increase.
 */
function startAtZero(): void {
  for (const cache of ['answers', 'pages', 'images'] satisfies ReaderCacheName[])
    for (const result of ['hit', 'miss', 'stale'] satisfies CacheLookupResult[])
      readerCacheLookups.labels(cache, result).inc(0);
  for (const origin of ['publish', 'webhook', 'schedule'] satisfies ChangeOrigin[])
    changeEvents.labels(origin).inc(0);
  for (const outcome of ['accepted', 'refused', 'invalid', 'failed'] satisfies WebhookOutcome[])
    webhookRequests.labels(outcome).inc(0);
  for (const reason of ['drain', 'no_worker', 'worker_died'] satisfies UnavailableReason[])
    requestsAnsweredUnavailable.labels(reason).inc(0);
  for (const outcome of ['published', 'refused', 'failed'] satisfies PublishOutcome[])
    publishDuration.zero({ outcome });
  for (const stage of ['caches', 'cdn'] satisfies PropagationStage[])
    changePropagation.zero({ stage });
  for (const reason of [
    'too_many',
    'full',
    'not_found',
    'bad_request',
    'draining',
    'failed',
  ] satisfies LiveStreamRefusal[])
    liveStreamsRefused.labels(reason).inc(0);
}
startAtZero();
