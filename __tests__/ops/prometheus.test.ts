import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import ArticlePageQuery from '@generated/ArticlePageQuery$parameters';
import { ContentFolderCopy } from '../../harness/contentFolderCopy';
import { dashboardQueries } from '../../harness/dashboardQueries';
import { createFreshDatabase, type FreshDatabase } from '../../harness/freshDatabase';
import { startPrometheus, type RunningPrometheus } from '../../harness/prometheusProcess';
import { freePort } from '../../harness/siteProcess';
import { startVarnish, type RunningVarnish } from '../../harness/varnishProcess';
import { clientBuildExists } from '../../server/site';
import { describeOnPostgres } from '../support/describeOnPostgres';
import {
  startServerProcess,
  stopServerProcesses,
  type ServerProcess,
} from '../support/serverProcess';

/**
 * Issue 37, from outside: Debian's real Prometheus scrapes Folio over
 * PostgreSQL with two workers (through the primary's metrics port), beside
 * the PostgreSQL and Varnish exporters, with the alert rules loaded. Readers'
 * requests of every kind are counted as sent, a publish by `npm run content`
 * in another process is seen dropped by both workers and purged at Varnish,
 * no label holds a slug, and every panel of the dashboard finds a series.
 */

const ROOT = path.resolve(__dirname, '../..');
const ALERT_RULES = path.join(ROOT, 'deploy/prometheus/folio-alerts.yml');
const PREVIEW_TOKEN = 'metrics-test-preview-token';
const ARTICLE = 'reading-the-tides';
const TEMPLATE = /^(other|(\/:locale)?(\/[a-z.:_-]*)*)$/;

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGTERM');
  stopServerProcesses();
});

/** An exporter from Debian, on a free port of 127.0.0.1; resolves once it answers. */
async function startExporter(
  command: string,
  args: (port: number) => string[],
  env: Record<string, string> = {},
): Promise<string> {
  const port = await freePort();
  let output = '';
  const child = spawn(command, args(port), { env: { ...process.env, ...env } });
  children.push(child);
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const target = `127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} exited:\n${output}`);
    const answered = await fetch(`http://${target}/metrics`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (answered) return target;
    if (Date.now() - started > 30_000) throw new Error(`${command} did not answer:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const graphqlGet = (slug: string) =>
  `/graphql?doc_id=${ArticlePageQuery.params.id}&operationName=ArticlePageQuery&variables=${encodeURIComponent(JSON.stringify({ slug }))}`;

/** One value of an instant query that sums to a single series (0 when there is none). */
async function single(prometheus: RunningPrometheus, promql: string): Promise<number> {
  const samples = await prometheus.query(promql);
  if (samples.length > 1) throw new Error(`${promql} answered ${samples.length} series`);
  return samples[0]?.value ?? 0;
}

describeOnPostgres('Folio watched by a real Prometheus', (postgresUrl) => {
  let database: FreshDatabase;
  let folio: ServerProcess;
  let varnish: RunningVarnish;
  let prometheus: RunningPrometheus;
  let metricsTarget: string;

  beforeAll(async () => {
    // Pages are rendered from the client build, as in production (about 15 s when it is missing).
    if (!clientBuildExists())
      execFileSync('npx', ['webpack', '--mode', 'production'], { cwd: ROOT, stdio: 'ignore' });
    database = await createFreshDatabase(postgresUrl, 'prometheus');
    const metricsPort = await freePort();
    const varnishPort = await freePort();
    metricsTarget = `127.0.0.1:${metricsPort}`;
    folio = await startServerProcess(
      {
        DATABASE_URL: database.url,
        WEB_CONCURRENCY: '2',
        FOLIO_SERVE_CLIENT: '1',
        FOLIO_METRICS_PORT: String(metricsPort),
        FOLIO_PREVIEW_TOKEN: PREVIEW_TOKEN,
        FOLIO_CDN_PURGE_URL: `http://127.0.0.1:${varnishPort}/`,
      },
      (line) => /^2 workers serving on port \d+$/.test(line.msg),
    );
    varnish = await startVarnish({
      backendPort: Number(new URL(folio.url).port),
      port: varnishPort,
    });
    const postgresExporter = await startExporter(
      process.env.FOLIO_POSTGRES_EXPORTER ?? '/usr/bin/prometheus-postgres-exporter',
      (port) => [`--web.listen-address=127.0.0.1:${port}`],
      { DATA_SOURCE_NAME: `${database.url}?sslmode=disable` },
    );
    const varnishExporter = await startExporter(
      process.env.FOLIO_VARNISH_EXPORTER ?? '/usr/bin/prometheus-varnish-exporter',
      (port) => ['-web.listen-address', `127.0.0.1:${port}`, '-n', varnish.workDir],
    );
    prometheus = await startPrometheus({
      targets: [
        { job: 'folio', targets: [metricsTarget] },
        { job: 'postgres', targets: [postgresExporter] },
        { job: 'varnish', targets: [varnishExporter] },
      ],
      ruleFiles: [ALERT_RULES],
    });
    // Readers through Varnish too (its own counters for the dashboard), before anything is counted here.
    for (let n = 0; n < 3; n += 1) await (await fetch(`${varnish.url}/`)).text();
    await prometheus.waitForScrape();
  }, 240_000);

  afterAll(async () => {
    await prometheus?.stop();
    await varnish?.stop();
    stopServerProcesses();
    await database?.drop();
  });

  const answered = `sum(http_server_request_duration_seconds_count{job="folio", http_route!~"/healthz|/readyz"})`;

  it('counts every reader request it was sent, by route template, hits and misses apart', async () => {
    const before = await single(prometheus, answered);
    const lookups = async (cache: string, result: string) =>
      single(
        prometheus,
        `sum(folio_reader_cache_lookups_total{job="folio", cache="${cache}", result="${result}"})`,
      );
    const pageHitsBefore = await lookups('pages', 'hit');
    const answerMissesBefore = await lookups('answers', 'miss');
    const paths = [
      // Uncached, then kept: each page twice.
      ...['/', '/articles', `/articles/${ARTICLE}`, '/topics', '/de'].flatMap((p) => [p, p]),
      // Readers' GraphQL GETs, each twice.
      ...[ARTICLE, 'a-short-history-of-the-weekend'].flatMap((slug) => [
        graphqlGet(slug),
        graphqlGet(slug),
      ]),
      // Not found, each a different slug.
      ...Array.from({ length: 8 }, (_, n) => `/articles/no-such-article-${n}`),
      '/feed.xml',
      '/images/avatar-eliza-marsh.jpg?w=320',
      '/images/avatar-eliza-marsh.jpg?w=320',
    ];
    let sent = 0;
    for (const p of paths) {
      const answer = await fetch(`${folio.url}${p}`);
      await answer.arrayBuffer();
      expect([200, 404]).toContain(answer.status);
      sent += 1;
    }
    // Preview: the token opens a session (a redirect), the page is rendered for it alone.
    const opened = await fetch(`${folio.url}/preview?token=${PREVIEW_TOKEN}&to=/`, {
      redirect: 'manual',
    });
    expect(opened.status).toBe(303);
    const cookie = opened.headers.get('set-cookie')!.split(';')[0]!;
    for (let n = 0; n < 2; n += 1) {
      const preview = await fetch(`${folio.url}/`, { headers: { cookie } });
      await preview.arrayBuffer();
      expect(preview.status).toBe(200);
    }
    sent += 3;

    await prometheus.waitForScrape();
    const counted = (await single(prometheus, answered)) - before;
    expect(Math.abs(counted - sent)).toBeLessThanOrEqual(Math.ceil(sent * 0.01));
    expect((await lookups('pages', 'hit')) - pageHitsBefore).toBeGreaterThanOrEqual(5);
    expect((await lookups('answers', 'miss')) - answerMissesBefore).toBeGreaterThanOrEqual(2);
    expect(await lookups('answers', 'hit')).toBeGreaterThanOrEqual(2);
    expect(await lookups('images', 'hit')).toBeGreaterThanOrEqual(1);
    expect(await single(prometheus, 'sum(folio_preview_sessions_opened_total)')).toBe(1);
    expect(
      await single(
        prometheus,
        'sum(http_server_request_duration_seconds_count{http_route="/articles/:slug", http_response_status_code="404"})',
      ),
    ).toBe(8);
    expect(
      await single(prometheus, 'sum(folio_render_duration_seconds_count{route="/:locale"})'),
    ).toBeGreaterThanOrEqual(1);
  });

  it('never labels a request with a path: every http_route is a template', async () => {
    const routes = (
      await prometheus.query('count by (http_route) (http_server_request_duration_seconds_count)')
    ).map((sample) => sample.metric.http_route!);
    expect(routes).toEqual(expect.arrayContaining(['/articles/:slug', '/graphql', '/:locale']));
    for (const route of routes) {
      expect(route).toMatch(TEMPLATE);
      expect(route).not.toMatch(/reading-the-tides|no-such-article|avatar/);
    }
  });

  it('sees a publish dropped by both workers and purged at the CDN, from its commit', async () => {
    const propagated = (stage: string) =>
      single(prometheus, `sum(folio_change_propagation_seconds_count{stage="${stage}"})`);
    const cachesBefore = await propagated('caches');
    const cdnBefore = await propagated('cdn');
    const eventsBefore = await single(
      prometheus,
      'sum(folio_change_events_total{origin="publish"})',
    );
    const folder = new ContentFolderCopy();
    try {
      folder.edit(`articles/${ARTICLE}.md`, /^title: .*$/m, 'title: Reading the tides, measured');
      execFileSync(process.execPath, ['--import', 'tsx', 'api/publishing/publishCommand.ts'], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: database.url, FOLIO_CONTENT_DIR: folder.dir },
        stdio: 'pipe',
      });
    } finally {
      folder.dispose();
    }
    // Both workers drop it (one observation each), and the purge is acknowledged once.
    let caches = 0;
    let cdn = 0;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
      await prometheus.waitForScrape();
      caches = (await propagated('caches')) - cachesBefore;
      cdn = (await propagated('cdn')) - cdnBefore;
      if (caches >= 2 && cdn >= 1) break;
    }
    expect(caches).toBe(2);
    expect(cdn).toBe(1);
    expect(
      (await single(prometheus, 'sum(folio_change_events_total{origin="publish"})')) - eventsBefore,
    ).toBe(1);
    // Well within the alert's line of a second, on this machine.
    expect(
      await single(
        prometheus,
        'sum(folio_change_propagation_seconds_sum{stage="caches"}) / sum(folio_change_propagation_seconds_count{stage="caches"})',
      ),
    ).toBeLessThan(1);
    // And the page through Varnish shows it.
    const page = await (await fetch(`${varnish.url}/articles/${ARTICLE}`)).text();
    expect(page).toContain('Reading the tides, measured');
  });

  it('finds a series for every panel of the dashboard', async () => {
    // A rate needs two scrapes of a series: one more after everything above.
    await prometheus.waitForScrape();
    await prometheus.waitForScrape();
    const empty: string[] = [];
    for (const { panelTitle, expr } of dashboardQueries())
      if ((await prometheus.query(expr)).length === 0) empty.push(`${panelTitle}: ${expr}`);
    expect(empty).toEqual([]);
  });

  it('fires no alert on a healthy site', async () => {
    const alerts = await prometheus.alerts();
    expect(alerts.filter((alert) => alert.state === 'firing')).toEqual([]);
  });

  it('serves a scrape promtool finds nothing wrong in', async () => {
    const text = await (await fetch(`http://${metricsTarget}/metrics`)).text();
    const promtool = process.env.FOLIO_PROMTOOL ?? '/usr/bin/promtool';
    expect(() =>
      execFileSync(promtool, ['check', 'metrics'], { input: text, stdio: 'pipe' }),
    ).not.toThrow();
  });
});
