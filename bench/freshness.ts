import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { announceContentChange } from '../api/changes/contentChange';
import { inTransaction, type Database } from '../api/db/database';
import { withPostgresClient } from '../harness/postgresClient';
import { freePort, startSiteProcess, type SiteProcess } from '../harness/siteProcess';
import { isVarnishHit, startVarnish, type RunningVarnish } from '../harness/varnishProcess';
import { createFreshDatabase } from '../harness/freshDatabase';
import { progress } from './log';
import { RESULTS_FILE, writeResultsSection } from './resultsSection';
import { postgresServer } from './postgresServer';
import { codeBlock, table, verdict, type SectionResult, type TargetCheck } from './report';
import { int, percentile } from './stats';

/**
 * Publish to fresh page (issue 21): from the moment a change commits (a
 * transaction that changes an article's title and calls
 * `announceContentChange`, as `npm run content` does) to the moment every
 * cache answers the new text — each worker of a 2-worker Folio
 * (`WEB_CONCURRENCY=2`), a second Folio process on the same PostgreSQL, and
 * Varnish (cdn/varnish/folio.vcl) in front of the first — over 20 trials; and
 * after each change, whether an unrelated topic page is still a hit in each.
 *
 * `npx tsx bench/freshness.ts` runs it alone and writes its section of
 * bench/RESULTS.md (between the freshness markers); `runFreshness` is what a
 * `npm run bench` entry calls.
 */
const TRIALS = 20;
const TARGET_MS = 1_000;
const ARTICLE_SLUG = 'reading-the-tides';
const ARTICLE_PATH = `/articles/${ARTICLE_SLUG}`;
/** A topic the article is not in, whose page does not show it. */
const UNRELATED_TOPIC_PATH = '/topics/food';
/** Fresh connections in a row that must all answer the new text before the cluster counts as polled (the primary deals connections round-robin). */
const CLUSTER_RUN = 6;
const POLL_GIVE_UP_MS = 15_000;

interface Answer {
  at: number;
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/** One GET on a connection of its own (no keep-alive: the cluster's primary deals each new connection to the next worker). */
function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { agent: false, headers: { Connection: 'close', ...headers } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({
            at: Date.now(),
            status: response.statusCode ?? 0,
            body,
            headers: response.headers,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

const isFolioHit = (answer: Answer) => answer.headers.age !== undefined;

/** The pid that answered each request id, from the process's JSON request log. */
function pidsByRequestId(site: SiteProcess): Map<string, number> {
  const pids = new Map<string, number>();
  for (const line of site.output().split('\n')) {
    if (!line.startsWith('{') || !line.includes('"requestId"')) continue;
    try {
      const parsed = JSON.parse(line) as { requestId?: string; pid?: number };
      if (parsed.requestId && parsed.pid) pids.set(parsed.requestId, parsed.pid);
    } catch {
      // a line cut by the kept-output limit
    }
  }
  return pids;
}

/** The title change of one trial, committed with its announcement; resolves when COMMIT returns. */
async function publishTitle(client: Client, title: string): Promise<number> {
  const db = {
    query: (sql: string, params?: unknown[]) => client.query(sql, params),
  } as unknown as Database;
  await inTransaction(db, async (transaction) => {
    const { rows } = await transaction.query<{ id: number }>(
      'UPDATE articles SET title = $1, updated_at = now() WHERE slug = $2 RETURNING id',
      [title, ARTICLE_SLUG],
    );
    await announceContentChange(transaction, {
      source: 'embedded',
      cause: 'publish',
      records: [{ type: 'Article', id: String(rows[0]!.id) }],
      listsChanged: false,
    });
  });
  return Date.now();
}

interface Trial {
  /** Milliseconds from the commit until each cache answered the new text. */
  workers: number[];
  second: number;
  varnish: number;
  all: number;
  unrelatedHits: { workers: boolean; second: boolean; varnish: boolean };
}

/** Polls `url` until an answer carries `text`; returns when the first did. */
async function firstFresh(url: string, text: string, since: number): Promise<number> {
  for (;;) {
    const answer = await get(url);
    if (answer.body.includes(text)) return answer.at - since;
    if (Date.now() - since > POLL_GIVE_UP_MS)
      throw new Error(`${url} still answered the old text ${POLL_GIVE_UP_MS} ms after the change`);
  }
}

/** Polls the cluster with fresh connections, each named, until CLUSTER_RUN in a row carry `text`; then each worker's first fresh answer, from the log. */
async function workersFresh(
  site: SiteProcess,
  url: string,
  text: string,
  since: number,
  trial: number,
  workers: number,
): Promise<number[]> {
  const answers: { id: string; at: number; fresh: boolean }[] = [];
  let run = 0;
  for (let index = 0; run < CLUSTER_RUN; index += 1) {
    const id = `freshness-${trial}-${index}`;
    const answer = await get(url, { 'X-Request-Id': id });
    const fresh = answer.body.includes(text);
    answers.push({ id, at: answer.at, fresh });
    run = fresh ? run + 1 : 0;
    if (Date.now() - since > POLL_GIVE_UP_MS)
      throw new Error(
        `the cluster still answered the old text ${POLL_GIVE_UP_MS} ms after the change`,
      );
  }
  // The request log line is written as the answer finishes: give the last ones a moment.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const pids = pidsByRequestId(site);
  const byWorker = new Map<number, { firstFresh: number | null; lastStale: number }>();
  for (const answer of answers) {
    const pid = pids.get(answer.id);
    if (pid === undefined) continue;
    const worker = byWorker.get(pid) ?? { firstFresh: null, lastStale: -1 };
    if (answer.fresh) worker.firstFresh ??= answer.at;
    else worker.lastStale = answer.at;
    byWorker.set(pid, worker);
  }
  if (byWorker.size < workers)
    throw new Error(`only ${byWorker.size} of ${workers} workers answered in trial ${trial}`);
  return [...byWorker.values()].map((worker) => {
    if (worker.firstFresh === null || worker.lastStale > worker.firstFresh)
      throw new Error(`a worker answered the old text after the new one in trial ${trial}`);
    return worker.firstFresh - since;
  });
}

/** Every worker, the second process and Varnish hold the page (and the unrelated topic page): a trial measures dropping, not a first render. */
async function warm(cluster: string, second: string, varnish: string) {
  for (const pathname of [ARTICLE_PATH, UNRELATED_TOPIC_PATH]) {
    for (let index = 0; index < 6; index += 1) await get(`${cluster}${pathname}`);
    await get(`${second}${pathname}`);
    await get(`${varnish}${pathname}`);
  }
}

async function unrelatedStillHit(
  cluster: string,
  second: string,
  varnish: string,
): Promise<Trial['unrelatedHits']> {
  const workers = await Promise.all(
    Array.from({ length: 4 }, () => get(`${cluster}${UNRELATED_TOPIC_PATH}`)),
  );
  return {
    workers: workers.every(isFolioHit),
    second: isFolioHit(await get(`${second}${UNRELATED_TOPIC_PATH}`)),
    varnish: isVarnishHit((await get(`${varnish}${UNRELATED_TOPIC_PATH}`)).headers['x-varnish']),
  };
}

type FreshnessResult = Omit<SectionResult, 'durationMs'>;

export async function runFreshness(): Promise<FreshnessResult> {
  const postgres = postgresServer('freshness', {
    port: Number(process.env.FOLIO_BENCH_FRESHNESS_PG_PORT ?? 55447),
    dir: process.env.FOLIO_BENCH_FRESHNESS_PG_DIR ?? '/tmp/folio-bench-freshness',
  });
  const database = await createFreshDatabase(postgres.url, 'freshness');
  const dataDirs = [
    mkdtempSync(path.join(tmpdir(), 'folio-fresh-a-')),
    mkdtempSync(path.join(tmpdir(), 'folio-fresh-b-')),
  ];
  const varnishPort = await freePort();
  const purgeUrl = `http://127.0.0.1:${varnishPort}/`;
  const env = (dataDir: string, workers: number) => ({
    DATABASE_URL: database.url,
    WEB_CONCURRENCY: String(workers),
    FOLIO_DATA_DIR: dataDir,
    FOLIO_CDN_PURGE_URL: purgeUrl,
    FOLIO_LOG_LEVEL: 'info',
    FOLIO_LOG_FORMAT: 'json',
    FOLIO_UPSTREAM_GRAPHQL_URL: '',
  });
  let cluster: SiteProcess | null = null;
  let second: SiteProcess | null = null;
  let varnish: RunningVarnish | null = null;
  const trials: Trial[] = [];
  try {
    progress(
      'freshness',
      'starting Folio with WEB_CONCURRENCY=2, a second Folio process, and Varnish in front of the first',
    );
    cluster = await startSiteProcess({ env: env(dataDirs[0]!, 2), readyServers: 2 });
    second = await startSiteProcess({ env: env(dataDirs[1]!, 1) });
    varnish = await startVarnish({
      backendPort: Number(new URL(cluster.url).port),
      port: varnishPort,
    });
    const urls = { cluster: cluster.url, second: second.url, varnish: varnish.url };
    await withPostgresClient(database.url, async (client) => {
      for (let trial = 1; trial <= TRIALS; trial += 1) {
        await warm(urls.cluster, urls.second, urls.varnish);
        const title = `Reading the tides, edition ${trial}`;
        const committed = await publishTitle(client, title);
        const [workers, secondMs, varnishMs] = await Promise.all([
          workersFresh(cluster!, `${urls.cluster}${ARTICLE_PATH}`, title, committed, trial, 2),
          firstFresh(`${urls.second}${ARTICLE_PATH}`, title, committed),
          firstFresh(`${urls.varnish}${ARTICLE_PATH}`, title, committed),
        ]);
        const unrelatedHits = await unrelatedStillHit(urls.cluster, urls.second, urls.varnish);
        const all = Math.max(...workers, secondMs, varnishMs);
        trials.push({ workers, second: secondMs, varnish: varnishMs, all, unrelatedHits });
        progress(
          'freshness',
          `trial ${trial}: every cache fresh ${all} ms after the commit (workers ${workers.join(', ')}, second process ${secondMs}, Varnish ${varnishMs}); unrelated topic still a hit: ${Object.values(unrelatedHits).every(Boolean)}`,
        );
        // Past the purger's repeated purge (1 s), so one trial's second purge does not land in the next one's warm-up.
        await new Promise((resolve) => setTimeout(resolve, 1_200));
      }
    });
  } finally {
    await varnish?.stop();
    await cluster?.stop();
    await second?.stop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    await database.drop().catch(() => undefined);
    postgres.stop();
  }
  return report(trials);
}

function report(trials: Trial[]): FreshnessResult {
  const p = (values: number[], at: number) => int(percentile(values, at));
  const all = trials.map((trial) => trial.all);
  const p95 = percentile(all, 95);
  const unrelated = trials.filter((trial) =>
    Object.values(trial.unrelatedHits).every(Boolean),
  ).length;
  const rows = [
    ['each worker (2)', trials.flatMap((trial) => trial.workers)],
    ['second process', trials.map((trial) => trial.second)],
    ['Varnish', trials.map((trial) => trial.varnish)],
    ['every cache', all],
  ] as const;
  const targets: TargetCheck[] = [
    {
      target: `publish to fresh page, p95 of ${TRIALS} < ${TARGET_MS} ms`,
      measured: `${int(p95)} ms`,
      pass: p95 < TARGET_MS,
    },
    {
      target: 'an unrelated topic page stays a hit after a change',
      measured: `${unrelated} of ${trials.length} trials`,
      pass: unrelated === trials.length,
    },
  ];
  const body = [
    `Targets: ${targets.map((check) => `${check.target} — ${check.measured} ${verdict(check.pass)}`).join('; ')}.`,
    '',
    table(
      ['answers the new text', 'p50 ms', 'p95 ms', 'max ms'],
      rows.map(([label, values]) => [
        label,
        p([...values], 50),
        p([...values], 95),
        p([...values], 100),
      ]),
      ['l', 'r', 'r', 'r'],
    ),
    '',
    table(
      [
        'trial',
        'workers ms',
        'second process ms',
        'Varnish ms',
        'every cache ms',
        'unrelated topic still a hit (workers / second / Varnish)',
      ],
      trials.map((trial, index) => [
        String(index + 1),
        trial.workers.join(', '),
        String(trial.second),
        String(trial.varnish),
        String(trial.all),
        [trial.unrelatedHits.workers, trial.unrelatedHits.second, trial.unrelatedHits.varnish]
          .map((hit) => (hit ? 'hit' : 'miss'))
          .join(' / '),
      ]),
      ['r', 'r', 'r', 'r', 'r', 'l'],
    ),
    '',
    "Method: `npm start` over one fresh database on Debian's PostgreSQL 15 with `WEB_CONCURRENCY=2`, a second `npm start` over the same database (one worker), and Varnish 7.1 + xkey with the committed `cdn/varnish/folio.vcl` in front of the first; both Folio processes have `FOLIO_CDN_PURGE_URL` set to that Varnish (the one holding the purger lock purges). Before each trial every worker, the second process and Varnish hold the article page and an unrelated topic page (`" +
      UNRELATED_TOPIC_PATH +
      "`). A trial changes the article's title in a transaction that calls `announceContentChange` (as `npm run content` does) and starts the clock when COMMIT returns; then it polls, each request on a new connection, the cluster (each answer attributed to its worker by its `X-Request-Id` in the request log, until " +
      `${CLUSTER_RUN}` +
      ' in a row are new), the second process and Varnish, until each answers the new title. "Every cache" is the latest of them. Then it asks for the unrelated topic page: a hit carries `Age` from Folio\'s in-process cache, and two transaction ids in `X-Varnish` from Varnish. Before issue 21 a change reached these caches when they expired: up to 60 s in each process and s-maxage 60 + stale-while-revalidate 300 s at a CDN.',
    '',
    codeBlock(
      'npx tsx bench/freshness.ts    # TEST_DATABASE_URL from scripts/ci-postgres.sh, or it starts its own',
      'sh',
    ),
  ].join('\n');
  return {
    id: 'freshness',
    title: 'Publish to fresh page: every worker, a second process and Varnish',
    targets,
    body,
  };
}

if (require.main === module) {
  runFreshness().then(
    (result) => {
      writeResultsSection('freshness', result);
      for (const check of result.targets)
        progress('freshness', `${check.pass ? 'PASS' : 'MISS'} ${check.target}: ${check.measured}`);
      progress('freshness', `wrote its section of ${path.relative(process.cwd(), RESULTS_FILE)}`);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
