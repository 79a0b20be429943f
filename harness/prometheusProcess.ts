import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './siteProcess';

/** How much of Prometheus's output is kept for error messages and `output()`: the end of it. */
const KEPT_OUTPUT_CHARS = 64 * 1024;
/** How often the HTTP API is asked whether what is awaited has happened. */
const POLL_MS = 100;

/** Debian's prometheus (`scripts/ci-prometheus.sh` prints `export FOLIO_PROMETHEUS=…`). */
export function prometheusPath(): string | null {
  const candidate = process.env.FOLIO_PROMETHEUS || '/usr/bin/prometheus';
  return existsSync(candidate) ? candidate : null;
}

/** One scrape job: `{ job: 'folio', targets: ['127.0.0.1:9464'] }`. */
export interface ScrapeTarget {
  job: string;
  targets: string[];
  /** Default `/metrics`. */
  metricsPath?: string;
}

export interface PrometheusOptions {
  targets: ScrapeTarget[];
  /** Rule files to load (alerting and recording rules), evaluated every second. */
  ruleFiles?: string[];
  /** Prometheus's own port on 127.0.0.1 (default: a free one). */
  port?: number;
  /** How long it may take to be ready, and the bound of each wait (default 60 s). */
  timeoutMs?: number;
}

/** One series of an instant query's vector, its value as a number (`NaN`, `±Inf` too). */
export interface VectorSample {
  metric: Record<string, string>;
  value: number;
  /** Seconds since the epoch, as Prometheus gives it. */
  timestamp: number;
}

/** An alert as `/api/v1/alerts` lists it. */
export interface PrometheusAlert {
  labels: Record<string, string>;
  annotations: Record<string, string>;
  state: 'pending' | 'firing';
  activeAt: string;
  value: string;
}

export interface RunningPrometheus {
  /** Its HTTP API and UI (`http://127.0.0.1:<port>`). */
  url: string;
  /** An instant query at this moment: the vector it answers (an error for any other result type). */
  query(promql: string): Promise<VectorSample[]>;
  /**
   * Resolves once every target has been scraped again, by a scrape begun after this call. The
   * first comes about 5 s after the start (Prometheus hands new targets to its scrapers every
   * 5 s), each next within the second.
   */
  waitForScrape(): Promise<void>;
  /** The alerts pending or firing now. */
  alerts(): Promise<PrometheusAlert[]>;
  /** Everything Prometheus logged so far (its end). */
  output(): string;
  stop(): Promise<void>;
}

interface ApiAnswer<T> {
  status: 'success' | 'error';
  data?: T;
  errorType?: string;
  error?: string;
}

function numberOf(value: string): number {
  if (value === '+Inf') return Infinity;
  if (value === '-Inf') return -Infinity;
  return Number(value);
}

/**
 * Runs Debian's Prometheus for tests: its configuration and TSDB in a
 * temporary folder, on 127.0.0.1, scraping the given targets every second
 * and evaluating the given rule files every second. Resolves once
 * `/-/ready` answers 200; `stop` ends it and removes the folder.
 */
export async function startPrometheus(options: PrometheusOptions): Promise<RunningPrometheus> {
  const prometheus = prometheusPath();
  if (!prometheus)
    throw new Error(
      'prometheus is not installed: run scripts/ci-prometheus.sh (Debian: prometheus), or set FOLIO_PROMETHEUS.',
    );
  const timeoutMs = options.timeoutMs ?? 60_000;
  const port = options.port ?? (await freePort());
  const folder = mkdtempSync(path.join(tmpdir(), 'folio-prometheus-'));
  const configFile = path.join(folder, 'prometheus.yml');
  // JSON is YAML: no writer needed.
  const config = {
    global: { scrape_interval: '1s', scrape_timeout: '1s', evaluation_interval: '1s' },
    rule_files: (options.ruleFiles ?? []).map((file) => path.resolve(file)),
    scrape_configs: options.targets.map((target) => ({
      job_name: target.job,
      metrics_path: target.metricsPath ?? '/metrics',
      static_configs: [{ targets: target.targets }],
    })),
  };
  writeFileSync(configFile, JSON.stringify(config, null, 2));

  let log = '';
  const keep = (chunk: Buffer) => {
    log += chunk.toString();
    if (log.length > KEPT_OUTPUT_CHARS * 2) log = log.slice(-KEPT_OUTPUT_CHARS);
  };
  const child = spawn(
    prometheus,
    [
      `--config.file=${configFile}`,
      `--web.listen-address=127.0.0.1:${port}`,
      `--storage.tsdb.path=${path.join(folder, 'data')}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  process.once('exit', kill);
  const stop = async () => {
    kill();
    // Prometheus closes its TSDB on SIGTERM; one that hangs is not waited for past 15 s.
    const hung = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(hung);
    process.removeListener('exit', kill);
    rmSync(folder, { recursive: true, force: true });
  };

  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`prometheus exited before it was ready:\n${log}`);
    }
    try {
      const answer = await fetch(`${url}/-/ready`, { signal: AbortSignal.timeout(1_000) });
      if (answer.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > timeoutMs) {
      await stop();
      throw new Error(`prometheus was not ready within ${timeoutMs / 1000} s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }

  const api = async <T>(apiPath: string, params: Record<string, string> = {}): Promise<T> => {
    const answer = await fetch(`${url}${apiPath}?${new URLSearchParams(params).toString()}`);
    const body = (await answer.json()) as ApiAnswer<T>;
    if (body.status !== 'success' || body.data === undefined)
      throw new Error(
        `Prometheus answered ${apiPath} ${JSON.stringify(params)} with ${answer.status}: ${body.errorType ?? ''} ${body.error ?? ''}`,
      );
    return body.data;
  };

  const query = async (promql: string): Promise<VectorSample[]> => {
    const data = await api<{ resultType: string; result: unknown }>('/api/v1/query', {
      query: promql,
    });
    if (data.resultType !== 'vector')
      throw new Error(`${promql} is a ${data.resultType}, not a vector`);
    return (data.result as { metric: Record<string, string>; value: [number, string] }[]).map(
      ({ metric, value }) => ({ metric, value: numberOf(value[1]), timestamp: value[0] }),
    );
  };

  const expected = options.targets.flatMap((target) =>
    target.targets.map((instance) => ({ job: target.job, instance })),
  );
  const waitForScrape = async () => {
    // A scrape's samples, `up` among them, carry the time it began and are committed
    // together: once `up` of a target has a sample begun after now, its scrape is queryable.
    const since = Date.now() / 1000;
    const waitStarted = Date.now();
    for (;;) {
      const scraped = await query('timestamp(up)');
      const behind = expected.filter(
        ({ job, instance }) =>
          !scraped.some(
            (sample) =>
              sample.metric.job === job &&
              sample.metric.instance === instance &&
              sample.value > since,
          ),
      );
      if (behind.length === 0) return;
      if (Date.now() - waitStarted > timeoutMs)
        throw new Error(
          `Prometheus did not scrape ${behind.map(({ job, instance }) => `${job} ${instance}`).join(', ')} within ${timeoutMs / 1000} s:\n${log}`,
        );
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };

  const alerts = async () => (await api<{ alerts: PrometheusAlert[] }>('/api/v1/alerts')).alerts;

  return { url, query, waitForScrape, alerts, output: () => log, stop };
}
