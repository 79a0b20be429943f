import cluster, { type Worker } from 'node:cluster';
import { createServer, type Server } from 'node:http';
import { AggregatorRegistry, collectDefaultMetrics } from 'prom-client';
import { metricsRegistry } from '../../api/contentService';

/** The scrape's path on the metrics port (any other path there is a 404). */
export const METRICS_PATH = '/metrics';
/** How long the primary waits for a worker's metrics before scraping without them. */
const WORKER_ANSWER_MS = 2_000;
/**
 * How often the primary reads every worker's metrics between scrapes: what
 * a worker that dies had counted since is lost to the sum (never more than
 * this much of its counting), but the sum never goes backwards.
 */
const WORKER_POLL_MS = 5_000;

/** One metric as `getMetricsAsJSON` gives it: what workers send the primary. */
type MetricJson = Awaited<ReturnType<typeof metricsRegistry.getMetricsAsJSON>>[number];

/** What an exited worker leaves counted: its counters and histograms (its gauges go with it). */
const KEPT_TYPES = new Set(['counter', 'histogram']);

/** What a cluster's primary counts itself: restarts, and requests it answered 503 for want of a worker. */
const PRIMARY_COUNTS = new Set([
  'folio_worker_restarts_total',
  'folio_requests_answered_unavailable_total',
]);

/** Node's words for a port someone else holds, or this user may not take. */
const PORT_TAKEN = new Set(['EADDRINUSE', 'EACCES']);

/** Exited workers' counts kept apart before they are summed into one. */
const RETIRED_PARTS = 8;

/** What a worker and the primary say about metrics over the cluster's IPC channel. */
type MetricsMessage =
  | { folioMetrics: 'ask'; id: number }
  | { folioMetrics: 'answer'; id: number; metrics: MetricJson[] };

let defaultsCollected = false;
const MISNAMED_DEFAULTS = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

/** Node's own metrics (event-loop lag, heap, GC, CPU) in this process's registry, once. */
export function collectNodeMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: metricsRegistry });
  // Gauges named like counters (`promtool check metrics` objects); `nodejs_active_handles{type}` and the others say the same by type.
  for (const name of MISNAMED_DEFAULTS) metricsRegistry.removeSingleMetric(name);
}

/** A cluster worker's half: it answers the primary's asks with its metrics. */
export function answerMetricsAsks(): void {
  collectNodeMetrics();
  process.on('message', (message: MetricsMessage) => {
    if (message?.folioMetrics !== 'ask') return;
    void metricsRegistry.getMetricsAsJSON().then((metrics) => {
      const answer: MetricsMessage = { folioMetrics: 'answer', id: message.id, metrics };
      if (process.connected) process.send?.(answer);
    });
  });
}

/**
 * The primary's view of the cluster's metrics: every live worker's summed
 * with its own, and with what workers that exited had counted (their
 * counters and histograms as last read, kept, so the sum never goes
 * backwards when a worker is restarted; their gauges go with them).
 */
export function clusterMetrics(): { text(): Promise<string>; stop(): void } {
  collectNodeMetrics();
  const last = new Map<Worker, MetricJson[]>();
  /** What exited workers counted: replaced whole by its sum now and then, so a scrape never misses a part. */
  let retired: MetricJson[][] = [];
  let nextId = 0;
  const waiting = new Map<number, { worker: Worker; done: (metrics: MetricJson[]) => void }>();

  const onMessage = (worker: Worker, message: MetricsMessage) => {
    if (message?.folioMetrics !== 'answer') return;
    const asked = waiting.get(message.id);
    if (!asked || asked.worker !== worker) return;
    waiting.delete(message.id);
    last.set(worker, message.metrics);
    asked.done(message.metrics);
  };
  const onExit = (worker: Worker) => {
    const counted = last.get(worker);
    last.delete(worker);
    if (!counted) return;
    retired.push(counted.filter((metric) => KEPT_TYPES.has(String(metric.type))));
    if (retired.length > RETIRED_PARTS) void compact();
  };
  const compact = async () => {
    const parts = retired;
    const sum = await AggregatorRegistry.aggregate(parts).getMetricsAsJSON();
    retired = [sum, ...retired.slice(parts.length)];
  };
  cluster.on('message', onMessage);
  cluster.on('exit', onExit);

  const ask = (worker: Worker) =>
    new Promise<MetricJson[] | null>((resolve) => {
      if (!worker.isConnected()) return resolve(last.get(worker) ?? null);
      const id = (nextId += 1);
      const timer = setTimeout(() => {
        waiting.delete(id);
        // No answer in time (busy, or dying): what it said last stands for it.
        resolve(last.get(worker) ?? null);
      }, WORKER_ANSWER_MS);
      waiting.set(id, {
        worker,
        done: (metrics) => {
          clearTimeout(timer);
          resolve(metrics);
        },
      });
      const message: MetricsMessage = { folioMetrics: 'ask', id };
      worker.send(message);
    });
  const askAll = () =>
    Promise.all(Object.values(cluster.workers ?? {}).flatMap((w) => (w ? [ask(w)] : [])));
  const poll = setInterval(() => void askAll(), WORKER_POLL_MS);
  poll.unref();

  return {
    async text() {
      const workers = (await askAll()).filter(
        (metrics): metrics is MetricJson[] => metrics !== null,
      );
      // The primary's own: Node's, and what only it counts (the workers count the rest).
      const own = (await metricsRegistry.getMetricsAsJSON()).filter(
        (metric) => !metric.name.startsWith('folio_') || PRIMARY_COUNTS.has(metric.name),
      );
      return AggregatorRegistry.aggregate([own, ...retired, ...workers]).metrics();
    },
    stop() {
      clearInterval(poll);
      cluster.off('message', onMessage);
      cluster.off('exit', onExit);
    },
  };
}

/**
 * The metrics port (`FOLIO_METRICS_PORT` on `FOLIO_METRICS_HOST`,
 * docs/operations.md#observing-folio): `GET /metrics` in Prometheus's text
 * format, nothing else, never on the readers' port. Rejects with an error
 * naming the variable when the port cannot be had.
 */
export function serveMetrics(options: {
  port: number;
  host: string;
  text: () => Promise<string>;
}): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end(`Not found: metrics are at ${METRICS_PATH}.\n`);
      return;
    }
    options.text().then(
      (text) => {
        response.writeHead(200, {
          'Content-Type': metricsRegistry.contentType,
          'Cache-Control': 'no-store',
        });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        response.end(`The metrics could not be collected: ${(error as Error).message}\n`);
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          `FOLIO_METRICS_PORT=${options.port} cannot be used on ${options.host} (${error.code ?? error.message}): ${
            PORT_TAKEN.has(error.code ?? '')
              ? 'choose a free port, or leave it unset to turn metrics off'
              : 'check FOLIO_METRICS_HOST, an address of this machine'
          }.`,
        ),
      ),
    );
    server.listen(options.port, options.host, () => {
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : options.port,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/** This one process's metrics, with Node's own. */
export function processMetrics(): { text(): Promise<string> } {
  collectNodeMetrics();
  return { text: () => metricsRegistry.metrics() };
}
