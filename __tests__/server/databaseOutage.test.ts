import { execFileSync } from 'node:child_process';
import path from 'node:path';
import ArticlePageQuery from '@generated/ArticlePageQuery.graphql';
import { freePort } from '../../harness/siteProcess';
import { startVarnish, varnishdPath, type RunningVarnish } from '../../harness/varnishProcess';
import { createLogger } from '../../server/ops/logger';
import { describeOnPostgres } from '../support/describeOnPostgres';
import { eventually } from '../support/eventually';
import { sourceRenderer } from '../support/sourceRenderer';
import { startTestServer, type TestServer } from '../support/testServer';
import { retitleTheTides } from '../api/changes/support/changeHarness';

/**
 * Issue 36: a database that cannot be reached is a 503 with Retry-After on
 * every path (pages, /graphql, images), never a 500; the reader cache and the
 * CDN serve the last good answer meanwhile; /readyz says so; every line stays
 * in the JSON log; and a change published as the database comes back reaches
 * the CDN. Runs its own PostgreSQL 15 (scripts/ci-postgres.sh), which it stops
 * and starts again, so the other tests' server is never touched.
 */
const ROOT = path.resolve(__dirname, '../..');
const PG_BIN = '/usr/lib/postgresql/15/bin';
const ARTICLE = '/articles/reading-the-tides';
const HERO = '/images/hero-reading-the-tides.jpg';

describeOnPostgres('a database outage', () => {
  const dir = path.join('/tmp', `folio-pg-outage-${process.pid}`);
  let port: number;
  let databaseUrl: string;
  let site: TestServer;
  let varnish: RunningVarnish | null = null;
  const lines: { level: string; msg: string }[] = [];
  const pgCtl = (action: 'stop' | 'start') =>
    execFileSync(
      'runuser',
      [
        '-u',
        'postgres',
        '--',
        `${PG_BIN}/pg_ctl`,
        '-D',
        dir,
        '-l',
        `${dir}/server.log`,
        '-w',
        ...(action === 'stop' ? ['-m', 'fast'] : []),
        '-o',
        `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`,
        action,
      ],
      { stdio: 'ignore' },
    );

  beforeAll(async () => {
    port = await freePort();
    const exported = execFileSync('bash', ['scripts/ci-postgres.sh'], {
      cwd: ROOT,
      env: { ...process.env, FOLIO_PG_DIR: dir, FOLIO_PG_PORT: String(port) },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    databaseUrl = /TEST_DATABASE_URL=(\S+)/.exec(exported)![1]!;
    const varnishPort = varnishdPath() ? await freePort() : null;
    site = await startTestServer({
      mode: 'production',
      serveClient: true,
      renderer: sourceRenderer(),
      databaseUrl,
      // Kept answers go stale within the outage, so the stale-if-error path is the one taken.
      readerCacheTtlMs: 500,
      cdnPurgeUrl: varnishPort ? `http://127.0.0.1:${varnishPort}/` : undefined,
      changes: { heartbeatMs: 200 },
      logger: createLogger(
        { logLevel: 'info', logFormat: 'json' },
        { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) },
      ),
    });
    if (varnishPort) varnish = await startVarnish({ backendPort: site.port, port: varnishPort });
  }, 120_000);
  afterAll(async () => {
    await varnish?.stop();
    await site?.close();
    try {
      pgCtl('stop');
    } catch {
      // already stopped
    }
    execFileSync('rm', ['-rf', dir]);
  });

  const get = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, { redirect: 'manual', ...init });
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      stale: response.headers.get('x-folio-stale'),
      text: await response.text(),
    };
  };
  /** What `/readyz` says: ready, or not and why. */
  const readiness = async () =>
    JSON.parse((await get(`${site.url}/readyz`)).text) as { status: string; reason?: string };
  const articleGet = () => site.persistedGetUrl(ArticlePageQuery, { slug: 'reading-the-tides' });
  const articlePost = () =>
    get(`${site.url}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        doc_id: ArticlePageQuery.params.id,
        operationName: 'ArticlePageQuery',
        variables: { slug: 'reading-the-tides', locale: 'en' },
      }),
    });

  it('answers 503 with Retry-After, or the last good answer, on every path; never a 500', async () => {
    // Kept before the outage: the page, its GraphQL GET, and (through Varnish) the page.
    expect((await get(`${site.url}${ARTICLE}`)).status).toBe(200);
    expect((await get(articleGet())).status).toBe(200);
    if (varnish) expect((await get(`${varnish.url}${ARTICLE}`)).status).toBe(200);

    const output = jest.spyOn(process.stderr, 'write');
    const consoleError = jest.spyOn(console, 'error');
    try {
      pgCtl('stop');
      await eventually(async () =>
        expect(await readiness()).toEqual({
          status: 'not ready',
          // (A checkout whose client is not built says that too, before it.)
          reason: expect.stringMatching(/the database (is not answering|did not answer)/),
        }),
      );

      // The kept page and answer, stale now, stand in for the ones that cannot be made.
      await eventually(async () =>
        expect(await get(`${site.url}${ARTICLE}`)).toMatchObject({
          status: 200,
          stale: expect.any(String),
        }),
      );
      await eventually(async () =>
        expect(await get(articleGet())).toMatchObject({ status: 200, stale: expect.any(String) }),
      );

      // Nothing kept: 503 with Retry-After, in the reader's words.
      const statuses: number[] = [];
      const post = await articlePost();
      statuses.push(post.status);
      expect(post).toMatchObject({ status: 503, retryAfter: '5' });
      expect(JSON.parse(post.text).errors[0].extensions.code).toBe('SOURCE_UNAVAILABLE');
      const page = await get(`${site.url}/topics/science`);
      statuses.push(page.status);
      expect(page).toMatchObject({ status: 503, retryAfter: expect.any(String) });
      expect(page.text).not.toMatch(/at \S+ \(|node_modules|ECONNREFUSED/);
      const image = await get(`${site.url}${HERO}?w=320&fm=webp`);
      statuses.push(image.status);
      expect(image).toMatchObject({ status: 503, retryAfter: expect.any(String) });
      // Through the CDN the page it kept is still answered.
      if (varnish) {
        const cdn = await get(`${varnish.url}${ARTICLE}`);
        statuses.push(cdn.status);
        expect(cdn.status).toBe(200);
      }
      expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
      // Every line went to the JSON log: nothing on stderr beside it.
      expect(output).not.toHaveBeenCalled();
      expect(consoleError).not.toHaveBeenCalled();
      expect(
        lines.some(
          (line) => line.msg.includes('PostgreSQL') || line.msg.includes('content changes'),
        ),
      ).toBe(true);
    } finally {
      output.mockRestore();
      consoleError.mockRestore();
      pgCtl('start');
    }

    // Back: ready again, and a change published now reaches every cache, the CDN too.
    try {
      await eventually(async () =>
        // Ready, as far as the database goes (a checkout whose client is not built says that too).
        expect((await readiness()).reason ?? 'ready').not.toMatch(/database/),
      );
    } catch (error) {
      // What the server said meanwhile, for whoever reads a failure here.
      throw new Error(
        `${(error as Error).message}\nthe server's last log lines:\n${lines
          .slice(-15)
          .map((line) => JSON.stringify(line))
          .join('\n')}`,
      );
    }
    await retitleTheTides(site.db, 'Reading the tides, after the outage');
    await eventually(async () =>
      expect((await get(`${site.url}${ARTICLE}`)).text).toContain('after the outage'),
    );
    if (varnish)
      await eventually(async () =>
        expect((await get(`${varnish!.url}${ARTICLE}`)).text).toContain('after the outage'),
      );
  });
});
