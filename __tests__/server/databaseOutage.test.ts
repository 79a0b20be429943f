import { execFileSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
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
 * Issue 36: PostgreSQL stopped for 20 s under steady traffic, through
 * Varnish and straight to Folio. Every answer is counted: no 500 (a 503 with
 * Retry-After, never an error page), the pages kept before the outage served
 * throughout (by Varnish, and stale by Folio itself); /readyz says so; every
 * line stays in the JSON log. And a change published the moment PostgreSQL
 * accepts connections again — before Folio's change listener is back, so it
 * hears no notification of it (finding 9) — reaches Varnish: purged, not
 * left for the page's TTL. How soon (the 1 s target) is measured, not
 * asserted here: bench/RESULTS.md, "A database outage under traffic". Runs its own PostgreSQL 15 (scripts/ci-postgres.sh), which
 * it stops and starts again, so the other tests' server is never touched.
 * With FOLIO_OUTAGE_REPORT set, the figures are appended to that file as a
 * JSON line (bench/RESULTS.md, "A database outage under traffic").
 */
const ROOT = path.resolve(__dirname, '../..');
const PG_BIN = '/usr/lib/postgresql/15/bin';
const ARTICLE = '/articles/reading-the-tides';
const HERO = '/images/hero-reading-the-tides.jpg';
/** How long PostgreSQL stays down: the fault the soak made. */
const OUTAGE_MS = 20_000;
/**
 * From PostgreSQL accepting connections to Varnish serving the change. A purge lost leaves the
 * old page until Varnish's copy, fetched as the traffic began, is a minute old (`s-maxage=60`):
 * 30 s and more after this moment. A purge sent takes 0.3–1 s here (the 1 s target is the
 * bench's), 1.7 s with both cores busy (`npm run test:under-load`). The bound sits between.
 */
const FRESH_WITHIN_MS = 10_000;
/** Readers asking at once, each again as soon as it has its answer (and a breath). */
const READERS = 4;
const BREATH_MS = 5;

type Phase = 'before' | 'outage' | 'back';
interface Answer {
  phase: Phase;
  target: string;
  /** 0: no answer at all (a reset, or none within 10 s). */
  status: number;
  retryAfter: string | null;
  stale: boolean;
}

describeOnPostgres('a database outage', () => {
  const dir = path.join('/tmp', `folio-pg-outage-${process.pid}`);
  let port: number;
  let databaseUrl: string;
  let site: TestServer;
  let varnish: RunningVarnish | null = null;
  const lines: { level: string; msg: string; time?: string }[] = [];
  const pgCtl = (action: 'stop' | 'start', wait = true) =>
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
        wait ? '-w' : '-W',
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
    const response = await fetch(url, {
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
      ...init,
    });
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

  /**
   * What readers ask for, over and over: through Varnish the article, the
   * home page and the article's GraphQL GET; straight to Folio the article
   * and its GraphQL GET (both kept by Folio), and a POST, which nothing keeps.
   */
  const targets = (): Record<string, () => ReturnType<typeof get>> => ({
    'folio page': () => get(`${site.url}${ARTICLE}`),
    'folio GraphQL GET': () => get(articleGet()),
    'folio GraphQL POST': articlePost,
    ...(varnish
      ? {
          'varnish page': () => get(`${varnish!.url}${ARTICLE}`),
          'varnish home': () => get(`${varnish!.url}/`),
          'varnish GraphQL GET': () => get(articleGet().replace(site.url, varnish!.url)),
        }
      : {}),
  });

  /** Readers asking without pause until stopped; every answer counted in the phase it came in. */
  function steadyTraffic() {
    const answers: Answer[] = [];
    let phase: Phase = 'before';
    let running = true;
    const asks = Object.entries(targets());
    const reader = async (offset: number) => {
      for (let n = offset; running; n += 1) {
        const [target, ask] = asks[n % asks.length]!;
        const asked = phase;
        try {
          const answer = await ask();
          answers.push({
            phase: asked,
            target,
            status: answer.status,
            retryAfter: answer.retryAfter,
            stale: answer.stale !== null,
          });
        } catch {
          answers.push({ phase: asked, target, status: 0, retryAfter: null, stale: false });
        }
        await sleep(BREATH_MS);
      }
    };
    const readers = Array.from({ length: READERS }, (_, n) => reader(n));
    return {
      answers,
      set phase(next: Phase) {
        phase = next;
      },
      stop: async () => {
        running = false;
        await Promise.all(readers);
      },
    };
  }

  /** Polls until PostgreSQL takes a connection and answers: when it does. */
  async function acceptsConnections(): Promise<number> {
    for (;;) {
      const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 2_000 });
      client.on('error', () => undefined);
      try {
        await client.connect();
        await client.query('SELECT 1');
        const at = Date.now();
        await client.end();
        return at;
      } catch {
        await client.end().catch(() => undefined);
        await sleep(5);
      }
    }
  }

  /** Statuses counted per target and phase, for a failure's message and the report. */
  const tally = (answers: Answer[]) => {
    const counts: Record<string, Record<string, number>> = {};
    for (const { phase, target, status, stale } of answers) {
      const row = (counts[`${phase} ${target}`] ??= {});
      const key = stale ? `${status} stale` : String(status);
      row[key] = (row[key] ?? 0) + 1;
    }
    return counts;
  };

  it('keeps answering through 20 s without PostgreSQL (no 500, kept pages served), and a publish as it returns is purged from Varnish', async () => {
    // Kept before the outage: every page and answer the readers ask for, and (through Varnish) the pages.
    for (const ask of Object.values(targets())) expect((await ask()).status).toBe(200);
    const traffic = steadyTraffic();
    const output = jest.spyOn(process.stderr, 'write');
    const consoleError = jest.spyOn(console, 'error');
    let outageStarted: number;
    try {
      await eventually(async () =>
        expect(traffic.answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(
          20,
        ),
      );
      pgCtl('stop');
      outageStarted = Date.now();
      traffic.phase = 'outage';
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
      // Nothing kept: 503 with Retry-After, in the reader's words.
      const post = await articlePost();
      expect(post).toMatchObject({ status: 503, retryAfter: '5' });
      expect(JSON.parse(post.text).errors[0].extensions.code).toBe('SOURCE_UNAVAILABLE');
      const page = await get(`${site.url}/topics/science`);
      expect(page).toMatchObject({ status: 503, retryAfter: expect.any(String) });
      expect(page.text).not.toMatch(/at \S+ \(|node_modules|ECONNREFUSED/);
      const image = await get(`${site.url}${HERO}?w=320&fm=webp`);
      expect(image).toMatchObject({ status: 503, retryAfter: expect.any(String) });
      if (varnish) expect((await get(`${varnish.url}/topics/science`)).status).toBe(503);

      // The rest of the 20 s under traffic: the fault itself, not a wait for something to happen.
      await sleep(outageStarted + OUTAGE_MS - Date.now());
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
      // Started without waiting: the moment it takes a connection is measured here, not by pg_ctl's polling.
      pgCtl('start', false);
    }

    // A change published the moment PostgreSQL is back, before Folio's listener is (it retries on its own time).
    const acceptsAt = await acceptsConnections();
    traffic.phase = 'back';
    const listeningAtPublish = site.changes.listening;
    await eventually(
      () => retitleTheTides(site.db, 'Reading the tides, after the outage'),
      10_000,
      5,
    );
    const publishedAt = Date.now();
    const freshAt = varnish
      ? await eventually(
          async () => {
            expect((await get(`${varnish!.url}${ARTICLE}`)).text).toContain('after the outage');
            return Date.now();
          },
          FRESH_WITHIN_MS + 10_000,
          5,
        )
      : null;
    await eventually(async () =>
      expect((await get(`${site.url}${ARTICLE}`)).text).toContain('after the outage'),
    );
    await traffic.stop();

    const counts = tally(traffic.answers);
    const figures = {
      outageMs: acceptsAt - outageStarted!,
      publishedMs: publishedAt - acceptsAt,
      freshAtVarnishMs: freshAt === null ? null : freshAt - acceptsAt,
      listeningAtPublish,
      changesResolvedFromTheLog: site.changes.missedResolved,
      answers: traffic.answers.length,
      counts,
      // What Folio logged from the moment PostgreSQL was back: the listener, the catch-up, the purge.
      timeline: lines
        .filter((line) => line.time && Date.parse(line.time) >= acceptsAt)
        .filter((line) => !/^(GET|POST) /.test(line.msg))
        .map((line) => `${Date.parse(line.time!) - acceptsAt} ms ${line.msg.slice(0, 90)}`),
    };
    if (process.env.FOLIO_OUTAGE_REPORT)
      appendFileSync(process.env.FOLIO_OUTAGE_REPORT, `${JSON.stringify(figures)}\n`);
    const described = JSON.stringify(figures, null, 1);

    // No 500, no dropped connection: every answer a 200 or a 503.
    expect({
      described,
      wrong: traffic.answers.filter((a) => ![200, 503].includes(a.status)),
    }).toEqual({ described, wrong: [] });
    const during = traffic.answers.filter((answer) => answer.phase === 'outage');
    const of = (target: string) => during.filter((answer) => answer.target === target);
    // Readers kept asking all along, on every target.
    for (const target of Object.keys(targets()))
      expect({ target, asked: of(target).length > 10 }).toEqual({ target, asked: true });
    // What was kept is served throughout: Varnish's copies, and Folio's own (stale, said so).
    for (const target of ['varnish page', 'varnish home', 'varnish GraphQL GET'])
      expect({ target, notServed: of(target).filter((a) => a.status !== 200).length }).toEqual({
        target,
        notServed: 0,
      });
    for (const target of ['folio page', 'folio GraphQL GET']) {
      expect({ target, notServed: of(target).filter((a) => a.status !== 200).length }).toEqual({
        target,
        notServed: 0,
      });
      expect(of(target).some((answer) => answer.stale)).toBe(true);
    }
    // What nothing keeps: 503, and when to come back.
    expect(of('folio GraphQL POST').some((a) => a.status === 503 && a.retryAfter === '5')).toBe(
      true,
    );
    // The change, made before the listener was back, purged from the CDN (not left for the page's TTL).
    if (freshAt !== null)
      expect({ described, freshWithinBound: freshAt - acceptsAt <= FRESH_WITHIN_MS }).toEqual({
        described,
        freshWithinBound: true,
      });
  }, 120_000);
});
