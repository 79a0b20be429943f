import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { createFreshDatabase, type FreshDatabase } from '../../harness/freshDatabase';
import { freePort } from '../../harness/siteProcess';
import { describeOnPostgres } from '../support/describeOnPostgres';
import {
  query,
  startServerProcess,
  stopServerProcesses,
  until,
  type ServerProcess,
} from '../support/serverProcess';

/**
 * Issue 37: metrics on a private port of their own (FOLIO_METRICS_PORT),
 * never on the readers'; a cluster's primary answers for every worker, and a
 * restarted worker's counts do not go backwards in the sum.
 */

afterAll(stopServerProcesses);

async function scrape(port: number): Promise<string> {
  const answer = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return answer.text();
}

/** The sum of a metric's samples whose labels include every one of `labels`. */
function sampleSum(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const wanted = Object.entries(labels).every(([label, value]) =>
      line.includes(`${label}="${value}"`),
    );
    if (wanted) sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}

const GRAPHQL_POSTS = { http_route: '/graphql', http_request_method: 'POST' };

describe('the metrics port of one process', () => {
  let server: ServerProcess;
  let metricsPort: number;
  beforeAll(async () => {
    metricsPort = await freePort();
    server = await startServerProcess({
      FOLIO_DATA_DIR: 'memory://',
      FOLIO_METRICS_PORT: String(metricsPort),
    });
  });

  it('counts what readers were answered, by route template, and Node’s own metrics', async () => {
    for (let n = 0; n < 5; n += 1) expect((await query(server.url, n)).status).toBe(200);
    await fetch(`${server.url}/articles/a-slug-nobody-has`);
    const text = await scrape(metricsPort);
    expect(sampleSum(text, 'http_server_request_duration_seconds_count', GRAPHQL_POSTS)).toBe(5);
    expect(text).toContain('http_route="/articles/:slug"');
    expect(text).not.toContain('a-slug-nobody-has');
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
    expect(text).toMatch(/^folio_source_request_duration_seconds_count\{source="embedded"/m);
    expect(text).toMatch(/^folio_db_statement_duration_seconds_count\{operation="select"\}/m);
  });

  it('is not on the readers’ port, and nothing but /metrics is on its own', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
    expect(
      (await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { method: 'POST' })).status,
    ).toBe(404);
  });

  it('passes promtool’s own check of the format', async () => {
    const promtool = process.env.FOLIO_PROMTOOL ?? '/usr/bin/promtool';
    const text = await scrape(metricsPort);
    // Exits non-zero (and says why) on anything Prometheus would reject or frowns on.
    expect(() =>
      execFileSync(promtool, ['check', 'metrics'], { input: text, stdio: 'pipe' }),
    ).not.toThrow();
  });
});

describe('a metrics port that cannot be had', () => {
  let taken: Server;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

  it('stops the start with one line naming the variable', async () => {
    const failed = startServerProcess({
      FOLIO_DATA_DIR: 'memory://',
      FOLIO_METRICS_PORT: String(port),
    });
    await expect(failed).rejects.toThrow(
      new RegExp(
        `folio: FOLIO_METRICS_PORT=${port} cannot be used on 127\\.0\\.0\\.1 \\(EADDRINUSE\\)`,
      ),
    );
  });

  it('names the host when it is the host that cannot be had', async () => {
    await expect(
      startServerProcess({
        FOLIO_DATA_DIR: 'memory://',
        FOLIO_METRICS_PORT: String(port),
        FOLIO_METRICS_HOST: '192.0.2.1',
      }),
    ).rejects.toThrow(
      /folio: FOLIO_METRICS_PORT=\d+ cannot be used on 192\.0\.2\.1 \(EADDRNOTAVAIL\): check FOLIO_METRICS_HOST/,
    );
  });

  it('refuses a value that is no port before anything starts', async () => {
    await expect(
      startServerProcess({ FOLIO_DATA_DIR: 'memory://', FOLIO_METRICS_PORT: '70000' }),
    ).rejects.toThrow(/folio: FOLIO_METRICS_PORT must be a port \(0–65535\); it is "70000"/);
  });
});

describeOnPostgres('the metrics port of a cluster', (postgresUrl) => {
  let database: FreshDatabase;
  beforeAll(async () => {
    database = await createFreshDatabase(postgresUrl, 'metrics_port');
  });
  afterAll(() => database?.drop());

  it('sums every worker’s series, and keeps what a worker that died had counted', async () => {
    const metricsPort = await freePort();
    const primary = await startServerProcess(
      {
        DATABASE_URL: database.url,
        WEB_CONCURRENCY: '2',
        FOLIO_METRICS_PORT: String(metricsPort),
      },
      (line) => /^2 workers serving on port \d+$/.test(line.msg),
    );
    const workerPids = () => [
      ...new Set(
        primary
          .lines()
          .filter((line) => / server on /.test(line.msg))
          .map((line) => line.pid),
      ),
    ];
    await until(() => workerPids().length === 2, 10_000);
    // Each request on a connection of its own: the primary hands them to both workers in turn.
    for (let n = 0; n < 20; n += 1) expect((await query(primary.url, n)).status).toBe(200);
    const before = await scrape(metricsPort);
    expect(sampleSum(before, 'http_server_request_duration_seconds_count', GRAPHQL_POSTS)).toBe(20);
    expect(sampleSum(before, 'folio_worker_restarts_total')).toBe(0);

    // The primary has read both workers (the scrape above); one dies.
    process.kill(workerPids()[0]!, 'SIGKILL');
    await primary.waitFor((line) => /died \(SIGKILL\); starting another/.test(line.msg));
    await until(() => workerPids().length === 3, 30_000);

    const after = await scrape(metricsPort);
    expect(sampleSum(after, 'http_server_request_duration_seconds_count', GRAPHQL_POSTS)).toBe(20);
    expect(sampleSum(after, 'folio_worker_restarts_total')).toBe(1);
    // And it goes on counting from there.
    for (let n = 0; n < 4; n += 1) expect((await query(primary.url, n)).status).toBe(200);
    const later = await scrape(metricsPort);
    expect(sampleSum(later, 'http_server_request_duration_seconds_count', GRAPHQL_POSTS)).toBe(24);
  });
});
