import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { silentLogger } from '../server/ops/logger';
import { withPostgresClient } from '../harness/postgresClient';
import { startSiteProcess, type SiteProcess } from '../harness/siteProcess';
import { openSite } from '../harness/siteServer';
import { progress } from './log';
import {
  ARTICLE_SLUG,
  BROWSER_ENCODING,
  GRAPHQL_HEADERS,
  NONCE_VARIABLE,
  type Operation,
  OPERATIONS,
  persistedBody,
  persistedGetPath,
  READER_ENCODING,
  uncached,
} from './operations';
import { listenerPid, ownCpuSeconds } from './processCpu';
import { codeBlock, table, type SectionResult, type TargetCheck } from './report';
import { latenciesOf, SAMPLE_REQUESTS, WARMUP_REQUESTS, type Latency } from './scale';
import { makeDataDir, removeDir, siteEnv } from './site';
import { CONNECTIONS, MEASURE_SECONDS, WARMUP_SECONDS } from './throughput';
import {
  profileOperation,
  shortSql,
  StatementRecorder,
  type OperationProfile,
  type StatementRun,
} from './sqlProfile';
import { fixed, int, ms, ratio } from './stats';

/**
 * Folio on the PostgreSQL server deployments use (issue 12, item 8):
 * Debian's PostgreSQL 15, started the way scripts/ci-postgres.sh starts it
 * (it is that script, on a port and folder of this benchmark's own, with
 * fsync on), and `npm start` over it with `DATABASE_URL`:
 * - throughput with 1 worker and with WEB_CONCURRENCY=2 (the cluster);
 * - list, topic and search latency over the seed, seed + 10k and seed + 100k articles;
 * - seeding 100k articles (`npm run seed:generate -- --articles 100000`), with its progress lines.
 */

const ROOT = path.resolve(__dirname, '..');
const PG_BIN = '/usr/lib/postgresql/15/bin';
const PG_PORT = Number(process.env.FOLIO_BENCH_PG_PORT ?? 55443);
const PG_DIR = process.env.FOLIO_BENCH_PG_DIR ?? '/tmp/folio-bench-postgres';
const SETS = [
  { label: 'seed', articles: 0 },
  { label: '10k', articles: 10_000 },
  { label: '100k', articles: 100_000 },
] as const;
const OPS: Operation[] = [OPERATIONS.articleIndex, OPERATIONS.topic, OPERATIONS.search];
const TARGET_LATENCY_RATIO = 2;
const TARGET_WORKER_RATIO = 1.6;
/** Rounds of 1 worker then 2; each row is the round with the median requests/s (single runs here vary by ±15 %). */
const ROUNDS = 3;

// ---------------------------------------------------------------------------
// The PostgreSQL server

interface PostgresServer {
  /** postgres://postgres@127.0.0.1:PORT/ (no database). */
  url: (database: string) => string;
  postmasterPid: () => number | null;
  stop: () => void;
}

function startPostgres(): PostgresServer {
  progress(
    'postgres',
    `starting Debian's PostgreSQL 15 on 127.0.0.1:${PG_PORT} in ${PG_DIR} (scripts/ci-postgres.sh, fsync on)`,
  );
  const started = spawnSync('bash', [path.join(ROOT, 'scripts/ci-postgres.sh')], {
    env: {
      ...process.env,
      FOLIO_PG_PORT: String(PG_PORT),
      FOLIO_PG_DIR: PG_DIR,
      FOLIO_PG_FSYNC: 'on',
    },
    encoding: 'utf8',
  });
  if (started.status !== 0 || !/TEST_DATABASE_URL=/.test(started.stdout))
    throw new Error(`scripts/ci-postgres.sh failed:\n${started.stderr}${started.stdout}`);
  return {
    url: (database) => `postgres://postgres@127.0.0.1:${PG_PORT}/${database}`,
    postmasterPid: () => {
      try {
        return Number(readFileSync(path.join(PG_DIR, 'postmaster.pid'), 'utf8').split('\n')[0]);
      } catch {
        return null;
      }
    },
    stop: () => {
      spawnSync(
        'runuser',
        ['-u', 'postgres', '--', path.join(PG_BIN, 'pg_ctl'), '-D', PG_DIR, 'stop', '-m', 'fast'],
        { stdio: 'ignore' },
      );
      rmSync(PG_DIR, { recursive: true, force: true });
    },
  };
}

interface ServerFacts {
  version: string;
  settings: Record<string, string>;
}

async function serverFacts(pg: PostgresServer): Promise<ServerFacts> {
  return withPostgresClient(pg.url('postgres'), async (client) => {
    const version = (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]!
      .server_version;
    const names = [
      'shared_buffers',
      'effective_cache_size',
      'work_mem',
      'max_connections',
      'fsync',
      'synchronous_commit',
      'random_page_cost',
      'jit',
    ];
    const { rows } = await client.query<{ name: string; setting: string; unit: string | null }>(
      'SELECT name, setting, unit FROM pg_settings WHERE name = ANY($1)',
      [names],
    );
    const settings: Record<string, string> = {};
    for (const row of rows)
      settings[row.name] =
        row.unit === '8kB'
          ? `${int((Number(row.setting) * 8) / 1024)} MB`
          : row.unit
            ? `${row.setting} ${row.unit}`
            : row.setting;
    return { version, settings };
  });
}

async function createDatabase(pg: PostgresServer, name: string): Promise<string> {
  await withPostgresClient(pg.url('postgres'), (client) =>
    client
      .query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      .then(() => client.query(`CREATE DATABASE ${name}`)),
  );
  return pg.url(name);
}

async function databaseFacts(url: string): Promise<{ bytes: number; articles: number }> {
  return withPostgresClient(url, async (client) => {
    const { rows } = await client.query<{ bytes: string; articles: string }>(
      'SELECT pg_database_size(current_database()) AS bytes, (SELECT count(*) FROM articles) AS articles',
    );
    return { bytes: Number(rows[0]!.bytes), articles: Number(rows[0]!.articles) };
  });
}

// ---------------------------------------------------------------------------
// CPU of process groups, from /proc

interface ProcStat {
  pid: number;
  ppid: number;
  pgrp: number;
  comm: string;
  /** User + system CPU seconds of the process itself. */
  cpu: number;
  /** …of its children that have exited (and been waited for). */
  childrenCpu: number;
}

function procStats(): ProcStat[] {
  const stats: ProcStat[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      stats.push({
        pid: Number(entry),
        ppid: Number(fields[1]),
        pgrp: Number(fields[2]),
        comm,
        cpu: (Number(fields[11]) + Number(fields[12])) / 100,
        childrenCpu: (Number(fields[13]) + Number(fields[14])) / 100,
      });
    } catch {
      // gone
    }
  }
  return stats;
}

/** CPU seconds per pid of the site's processes (npm start's process group: primary and workers) and of the PostgreSQL server. */
function cpuSnapshot(
  sitePgrp: number | null,
  postmaster: number | null,
): { site: Map<number, ProcStat>; postgres: number } {
  const all = procStats();
  const site = new Map(
    all
      .filter((stat) => sitePgrp !== null && stat.pgrp === sitePgrp)
      .map((stat) => [stat.pid, stat]),
  );
  // The backends alive now, plus the postmaster with what its exited backends used (a pool closes idle connections, and their CPU must not vanish from the sum).
  const postgres = all
    .filter((stat) => postmaster !== null && (stat.pid === postmaster || stat.ppid === postmaster))
    .reduce(
      (total, stat) => total + stat.cpu + (stat.pid === postmaster ? stat.childrenCpu : 0),
      0,
    );
  return { site, postgres };
}

function pgrpOf(pid: number | null): number | null {
  if (pid === null) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------
// Servers

type Folio = SiteProcess;

async function withFolio<T>(
  databaseUrl: string,
  workers: number,
  fn: (site: Folio) => Promise<T>,
): Promise<T> {
  const dataDir = await makeDataDir('postgres');
  // Ready once every worker has said where it serves.
  const site = await startSiteProcess({
    env: { ...siteEnv(dataDir), DATABASE_URL: databaseUrl, WEB_CONCURRENCY: String(workers) },
    readyServers: workers,
    readyTimeoutMs: 300_000,
  });
  try {
    return await fn(site);
  } finally {
    await site.stop();
    await removeDir(dataDir);
  }
}

/** `npm run seed:generate -- --articles N` over `databaseUrl`, its progress lines passed on; wall time and the generator's own line. */
function generate(
  databaseUrl: string,
  count: number,
): Promise<{ wallMs: number; line: string; progressLines: string[] }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npm',
      ['run', '--silent', 'seed:generate', '--', '--articles', String(count)],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: databaseUrl, FOLIO_DATA_DIR: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    const progressLines: string[] = [];
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.startsWith('seed:generate ')) continue;
        progressLines.push(line);
        progress('postgres', line);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve({
            wallMs: Date.now() - started,
            line: /generated .*/.exec(output)?.[0] ?? '',
            progressLines,
          })
        : reject(new Error(`seed:generate exited with ${code}:\n${output.slice(-2000)}`)),
    );
  });
}

// ---------------------------------------------------------------------------
// Throughput, 1 worker against 2

interface Scenario {
  label: string;
  request:
    { kind: 'graphql'; op: Operation; method: 'GET' | 'POST' } | { kind: 'page'; path: string };
  acceptEncoding: string;
  /** Every request different (a nonce variable, or a `bench=<n>` parameter on a page): each one is executed or rendered. */
  uncached: boolean;
  /** A row the ≥ 1.6× target is read from. */
  target: boolean;
}

const SCENARIOS: Scenario[] = [
  {
    label: 'article, persisted GET (cached)',
    request: { kind: 'graphql', op: OPERATIONS.article, method: 'GET' },
    acceptEncoding: READER_ENCODING,
    uncached: false,
    target: false,
  },
  {
    label: '12-article list, persisted POST, each a response-cache miss (SQL on PostgreSQL)',
    request: { kind: 'graphql', op: OPERATIONS.articleIndex, method: 'POST' },
    acceptEncoding: BROWSER_ENCODING,
    uncached: true,
    target: true,
  },
  {
    label: `article page, GET /articles/${ARTICLE_SLUG}?bench=<n> (each a server render)`,
    request: { kind: 'page', path: `/articles/${ARTICLE_SLUG}` },
    acceptEncoding: READER_ENCODING,
    uncached: true,
    target: true,
  },
];

interface Throughput {
  scenario: Scenario;
  workers: number;
  result: autocannon.Result;
  /** Cores busy during the measured run: npm start's processes, PostgreSQL's, autocannon's (this process). */
  siteCores: number;
  postgresCores: number;
  loadCores: number;
  /** Processes of npm start that used at least a tenth of a core. */
  busyProcesses: number;
}

function cannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

let nonce = 0;

function cannonOptions(baseUrl: string, scenario: Scenario, duration: number): autocannon.Options {
  const { request } = scenario;
  const base = { connections: CONNECTIONS, duration };
  if (request.kind === 'page') {
    const options: autocannon.Options = {
      ...base,
      url: baseUrl + request.path,
      method: 'GET',
      headers: { 'accept-encoding': scenario.acceptEncoding },
    };
    return scenario.uncached
      ? {
          ...options,
          requests: [
            {
              setupRequest: (spec) => ({
                ...spec,
                path: `${request.path}?bench=pg-${(nonce += 1)}`,
              }),
            },
          ],
        }
      : options;
  }
  const headers: Record<string, string> = {
    accept: GRAPHQL_HEADERS.accept,
    'accept-encoding': scenario.acceptEncoding,
  };
  if (request.method === 'GET')
    return { ...base, url: baseUrl + persistedGetPath(request.op), method: 'GET', headers };
  const options: autocannon.Options = {
    ...base,
    url: `${baseUrl}/graphql`,
    method: 'POST',
    headers: { ...headers, 'content-type': GRAPHQL_HEADERS['content-type'] },
    body: persistedBody(request.op),
  };
  if (!scenario.uncached) return options;
  return {
    ...options,
    requests: [
      {
        setupRequest: (spec) => ({
          ...spec,
          body: persistedBody(uncached(request.op, `pg-${(nonce += 1)}`)),
        }),
      },
    ],
  };
}

/** One request of the scenario, checked: 200 with data and no errors, or a whole page with its heading. */
async function checkAnswer(baseUrl: string, scenario: Scenario): Promise<void> {
  const { request } = scenario;
  const response =
    request.kind === 'page'
      ? await fetch(`${baseUrl}${request.path}?bench=check`)
      : await fetch(
          request.method === 'GET' ? baseUrl + persistedGetPath(request.op) : `${baseUrl}/graphql`,
          {
            method: request.method,
            headers: GRAPHQL_HEADERS,
            body: request.method === 'POST' ? persistedBody(request.op) : null,
          },
        );
  const text = await response.text();
  const good =
    request.kind === 'page'
      ? text.includes('<h1') && text.includes('</html>')
      : !(JSON.parse(text) as { errors?: unknown }).errors &&
        (JSON.parse(text) as { data?: unknown }).data;
  if (response.status !== 200 || !good)
    throw new Error(`${scenario.label} answered ${response.status}: ${text.slice(0, 300)}`);
}

async function measureThroughput(
  site: Folio,
  workers: number,
  postgres: PostgresServer,
  scenario: Scenario,
): Promise<Throughput> {
  await checkAnswer(site.url, scenario);
  progress(
    'postgres',
    `${workers} worker(s): ${scenario.label}: ${WARMUP_SECONDS} s warm-up, ${MEASURE_SECONDS} s measured`,
  );
  await cannon(cannonOptions(site.url, scenario, WARMUP_SECONDS));
  const pgrp = pgrpOf(listenerPid(Number(new URL(site.url).port)));
  const before = cpuSnapshot(pgrp, postgres.postmasterPid());
  const ownBefore = ownCpuSeconds();
  const started = performance.now();
  const result = await cannon(cannonOptions(site.url, scenario, MEASURE_SECONDS));
  const seconds = (performance.now() - started) / 1000;
  const after = cpuSnapshot(pgrp, postgres.postmasterPid());
  const deltas = [...after.site.values()].map(
    (stat) => stat.cpu - (before.site.get(stat.pid)?.cpu ?? 0),
  );
  const measured: Throughput = {
    scenario,
    workers,
    result,
    siteCores: deltas.reduce((total, delta) => total + delta, 0) / seconds,
    postgresCores: (after.postgres - before.postgres) / seconds,
    loadCores: (ownCpuSeconds() - ownBefore) / seconds,
    busyProcesses: deltas.filter((delta) => delta / seconds >= 0.1).length,
  };
  progress(
    'postgres',
    `${workers} worker(s): ${scenario.label}: ${int(rps(result))} req/s, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx, ${result.errors} errors; ` +
      `cores: Folio ${fixed(measured.siteCores, 2)} in ${measured.busyProcesses} busy process(es), PostgreSQL ${fixed(measured.postgresCores, 2)}, autocannon ${fixed(measured.loadCores, 2)}`,
  );
  return measured;
}

const rps = (result: autocannon.Result) => result.requests.total / result.duration;

// ---------------------------------------------------------------------------
// The section

interface SetResult {
  label: string;
  articles: number;
  bytes: number;
  latencies: Latency[];
  profiles: OperationProfile[];
  plans: Plan[];
}

interface Plan {
  op: Operation;
  statement: StatementRun;
  meanMs: number;
  plan: string;
}

const latencyRatio = (seed: Latency, large: Latency) => ({
  p50: large.p50 / seed.p50,
  p95: large.p95 / seed.p95,
});
const withinTarget = (r: { p50: number; p95: number }) =>
  r.p50 <= TARGET_LATENCY_RATIO && r.p95 <= TARGET_LATENCY_RATIO;

function latencyTable(sets: readonly SetResult[]): string {
  const [seed] = sets;
  const header = [
    'Operation',
    'Matching articles',
    ...sets.flatMap((set) => [`${set.label} p50`, `${set.label} p95`]),
    ...sets.slice(1).flatMap((set) => [`${set.label} ÷ seed (p50 / p95)`, `${set.label} ≤ 2×`]),
  ];
  const rows = OPS.map((op, index) => {
    const cells = [
      op.label,
      sets.map((set) => int(set.latencies[index]!.matching ?? Number.NaN)).join(' / '),
    ];
    for (const set of sets)
      cells.push(ms(set.latencies[index]!.p50), ms(set.latencies[index]!.p95));
    for (const set of sets.slice(1)) {
      const r = latencyRatio(seed!.latencies[index]!, set.latencies[index]!);
      cells.push(`${ratio(r.p50)} / ${ratio(r.p95)}`, withinTarget(r) ? 'PASS' : '**MISS**');
    }
    return cells;
  });
  return table(
    header,
    rows,
    header.map((_, index) => (index === 0 ? 'l' : 'r')),
  );
}

function profileTable(sets: readonly SetResult[]): string {
  const rows = OPS.flatMap((op, index) =>
    sets
      .filter((set) => set.profiles[index])
      .map((set) => {
        const profile = set.profiles[index]!;
        return [
          op.label,
          set.label,
          ms(profile.requestMs),
          ms(profile.sqlBusyMs),
          fixed(profile.statements, 0),
          profile.byStatement
            .slice(0, 3)
            .map(
              (stat) =>
                `${fixed(stat.meanMs, 1)} ms × ${fixed(stat.count, 0)}: \`${shortSql(stat.sql, 70)}\``,
            )
            .join('<br>'),
        ];
      }),
  );
  return table(
    [
      'Operation',
      'Set',
      'Request (median)',
      'SQL running (median)',
      'Statements',
      'Costliest statements (mean × per request)',
    ],
    rows,
    ['l', 'l', 'r', 'r', 'r', 'l'],
  );
}

function planMarkdown(set: SetResult): string[] {
  return set.plans.flatMap((entry) => [
    `#### ${entry.op.label} at ${set.label}: its costliest statement (${fixed(entry.meanMs, 1)} ms mean per request)`,
    codeBlock(entry.statement.sql.replace(/\n\s+/g, '\n  ').trim(), 'sql'),
    `Parameters: \`${JSON.stringify(entry.statement.params).slice(0, 300)}\``,
    codeBlock(entry.plan, 'text'),
  ]);
}

function throughputTable(runs: readonly Throughput[], allRuns: readonly Throughput[]): string {
  const rows = runs.map((run) => [
    run.scenario.label,
    String(run.workers),
    int(rps(run.result)),
    allRuns
      .filter((other) => other.scenario === run.scenario && other.workers === run.workers)
      .map((other) => int(rps(other.result)))
      .join(', '),
    ms(run.result.latency.p50, 0),
    ms(run.result.latency.p99, 0),
    `${int(run.result.non2xx)} / ${int(run.result.errors)}`,
    `${fixed(run.siteCores, 2)} (${run.busyProcesses})`,
    fixed(run.postgresCores, 2),
    fixed(run.loadCores, 2),
    `${fixed(cpuPerRequest(run), 2)} ms`,
  ]);
  return table(
    [
      'Request',
      'Workers',
      'Requests/s (median)',
      'Each round',
      'p50',
      'p99',
      'non-2xx / errors',
      'Folio cores (busy processes)',
      'PostgreSQL cores',
      'autocannon cores',
      'Folio CPU per request',
    ],
    rows,
    ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
  );
}

const cpuPerRequest = (run: Throughput) => (1000 * run.siteCores) / rps(run.result);
/** Cores the machine spent on the run: Folio's, PostgreSQL's and autocannon's. */
const coresUsed = (run: Throughput) => run.siteCores + run.postgresCores + run.loadCores;
/**
 * The most two workers can serve against one on these 2 cores, whatever the
 * cluster does: one worker's run used U cores in all for its requests, and at
 * the same cost per request the 2 cores serve at most 2 ÷ U times as many.
 */
const machineCeiling = (one: Throughput) => 2 / coresUsed(one);

/** Per scenario and worker count, the round with the median requests/s. */
function medianRuns(allRuns: readonly Throughput[]): Throughput[] {
  return SCENARIOS.flatMap((scenario) =>
    [1, 2].flatMap((workers) => {
      const rounds = allRuns
        .filter((run) => run.scenario === scenario && run.workers === workers)
        .sort((a, b) => rps(a.result) - rps(b.result));
      const middle = rounds[Math.floor(rounds.length / 2)];
      return middle ? [middle] : [];
    }),
  );
}
/** What two workers would serve against one with the cores to themselves: 2 × CPU per request with one ÷ with two. */
const capacityRatio = (pair: { one: Throughput; two: Throughput }) =>
  (2 * cpuPerRequest(pair.one)) / cpuPerRequest(pair.two);

function workerRatio(
  runs: readonly Throughput[],
  scenario: Scenario,
): { one: Throughput; two: Throughput; ratio: number } | null {
  const one = runs.find((run) => run.scenario === scenario && run.workers === 1);
  const two = runs.find((run) => run.scenario === scenario && run.workers === 2);
  return one && two ? { one, two, ratio: rps(two.result) / rps(one.result) } : null;
}

function throughputNotes(runs: readonly Throughput[]): string {
  const lines = SCENARIOS.flatMap((scenario) => {
    const pair = workerRatio(runs, scenario);
    if (!pair) return [];
    const cluster =
      pair.two.busyProcesses >= 2
        ? ''
        : ` **Only ${pair.two.busyProcesses} Folio process was busy with WEB_CONCURRENCY=2.**`;
    const used = coresUsed;
    return [
      `- ${scenario.label}: ${ratio(pair.ratio)} (${int(rps(pair.two.result))} req/s with 2 workers, ${int(rps(pair.one.result))} with 1). ` +
        `The machine's cores went to Folio / PostgreSQL / autocannon: ${fixed(pair.one.siteCores, 2)} / ${fixed(pair.one.postgresCores, 2)} / ${fixed(pair.one.loadCores, 2)} (${fixed(used(pair.one), 2)} of 2) with 1 worker, ` +
        `${fixed(pair.two.siteCores, 2)} / ${fixed(pair.two.postgresCores, 2)} / ${fixed(pair.two.loadCores, 2)} (${fixed(used(pair.two), 2)} of 2) with 2. ` +
        `Folio's CPU per request went from ${fixed(cpuPerRequest(pair.one), 2)} to ${fixed(cpuPerRequest(pair.two), 2)} ms: with two cores of its own, two workers would serve ${ratio(capacityRatio(pair))} of one (2 × the first ÷ the second; derived, not measured). ` +
        `Ceiling on these 2 cores: 2 ÷ ${fixed(used(pair.one), 2)} = ${ratio(machineCeiling(pair.one))}.${cluster}`,
    ];
  });
  return [
    ...lines,
    '- Folio, PostgreSQL and the load generator share these 2 cores: a second worker can only use what the first one, the database and autocannon leave, so on this machine the measured ratio is bounded by that, not by the cluster. ' +
      'The ceiling says how far: with one worker the machine spent U cores in all (Folio, PostgreSQL, autocannon), and at the same cost per request 2 cores serve at most 2 ÷ U times as much; a request whose one-worker run uses more than 1.25 cores cannot reach 1.6× here. ' +
      'Folio CPU per request (last column) shows whether the workers themselves scale: it stays about the same with 2 workers when they do. The cached GET costs Folio so little that autocannon, not Folio, is the bottleneck; it is shown for reference and carries no target. ' +
      'autocannon parses every answer in JavaScript, so its CPU grows with the size of the answers (pages most).',
  ].join('\n');
}

/** The server in this process over `url`, each operation profiled (statements timed one at a time), and the costliest statement of `explain`'s operations EXPLAINed. */
async function profileSet(
  url: string,
  label: string,
  explain: (op: Operation) => boolean,
): Promise<Pick<SetResult, 'profiles' | 'plans'>> {
  progress('postgres', `${label}: timing SQL statements in-process`);
  const server = await openSite({
    port: 0,
    host: '127.0.0.1',
    databaseUrl: url,
    serveClient: false,
    mode: 'production',
    logger: silentLogger,
  });
  try {
    const recorder = new StatementRecorder(server.db);
    const profiles: OperationProfile[] = [];
    for (const op of OPS)
      profiles.push(
        await profileOperation(server.url, recorder, op, { runs: 10, cacheMiss: true }),
      );
    recorder.take();
    const plans: Plan[] = [];
    for (const profile of profiles) {
      const costliest = profile.byStatement[0];
      if (!costliest || !explain(profile.op)) continue;
      const { rows } = await server.db.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS) ${costliest.slowest.sql}`,
        costliest.slowest.params,
      );
      plans.push({
        op: profile.op,
        statement: costliest.slowest,
        meanMs: costliest.meanMs,
        plan: rows.map((row) => row['QUERY PLAN']).join('\n'),
      });
    }
    return { profiles, plans };
  } finally {
    await server.close();
  }
}

export async function runPostgres(): Promise<Omit<SectionResult, 'durationMs'>> {
  const pg = startPostgres();
  try {
    const facts = await serverFacts(pg);
    progress(
      'postgres',
      `PostgreSQL ${facts.version} (${Object.entries(facts.settings)
        .map(([name, value]) => `${name}=${value}`)
        .join(', ')})`,
    );

    // Seed set: created by the server itself on its first start (prepareDatabase), then throughput and latency.
    const seedUrl = await createDatabase(pg, 'folio_bench_seed');
    const allRuns: Throughput[] = [];
    const sets: SetResult[] = [];
    let seedLatencies: Latency[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const workers of [1, 2]) {
        progress(
          'postgres',
          `round ${round} of ${ROUNDS}: npm start, WEB_CONCURRENCY=${workers}, over the seed set`,
        );
        await withFolio(seedUrl, workers, async (site) => {
          for (const scenario of SCENARIOS)
            allRuns.push(await measureThroughput(site, workers, pg, scenario));
          if (workers === 1 && round === 1)
            seedLatencies = await latenciesOf('postgres', 'seed', site.url, OPS);
        });
      }
    }
    const runs = medianRuns(allRuns);
    sets.push({
      label: 'seed',
      ...(await databaseFacts(seedUrl)),
      latencies: seedLatencies,
      ...(await profileSet(seedUrl, 'seed', () => false)),
    });

    let seeding: {
      wallMs: number;
      line: string;
      progressLines: string[];
      bytes: number;
      articles: number;
    } | null = null;
    for (const set of SETS.slice(1)) {
      const url = await createDatabase(pg, `folio_bench_${set.label}`);
      progress(
        'postgres',
        `npm run seed:generate -- --articles ${set.articles} (migrates and seeds first)`,
      );
      const generated = await generate(url, set.articles);
      const facts = await databaseFacts(url);
      progress(
        'postgres',
        `${set.label}: ${generated.line}; ${int(facts.articles)} articles, ${int(facts.bytes / 1e6)} MB on disk`,
      );
      if (set.articles === 100_000) seeding = { ...generated, ...facts };
      const measured = await withFolio(url, 1, (site) =>
        latenciesOf('postgres', set.label, site.url, OPS),
      );
      const missed = (op: Operation) =>
        !withinTarget(
          latencyRatio(sets[0]!.latencies[OPS.indexOf(op)]!, measured[OPS.indexOf(op)]!),
        );
      // Statement timings on every set; query plans of the misses on the largest.
      const profiled =
        set.articles === 100_000
          ? await profileSet(url, set.label, missed)
          : { profiles: [], plans: [] };
      sets.push({ label: set.label, ...facts, latencies: measured, ...profiled });
      await withPostgresClient(pg.url('postgres'), (client) =>
        client.query(`DROP DATABASE folio_bench_${set.label} WITH (FORCE)`),
      );
    }

    const targets: TargetCheck[] = [];
    for (const scenario of SCENARIOS.filter((entry) => entry.target)) {
      const pair = workerRatio(runs, scenario);
      if (!pair) continue;
      targets.push({
        target: `PostgreSQL: WEB_CONCURRENCY=2 ≥ ${TARGET_WORKER_RATIO}× 1 worker, ${scenario.label}`,
        measured:
          `${ratio(pair.ratio)} measured (${int(rps(pair.two.result))} against ${int(rps(pair.one.result))} req/s, medians of ${ROUNDS} rounds, the 2 cores shared with PostgreSQL and autocannon: ceiling here ${ratio(machineCeiling(pair.one))}); ` +
          `Folio CPU per request ${fixed(cpuPerRequest(pair.one), 2)} → ${fixed(cpuPerRequest(pair.two), 2)} ms, ${ratio(capacityRatio(pair))} with cores of its own (derived)${pair.two.busyProcesses >= 2 ? '' : '; one busy process: no cluster'}`,
        pass: pair.ratio >= TARGET_WORKER_RATIO,
      });
    }
    for (const set of sets.slice(1)) {
      OPS.forEach((op, index) => {
        const r = latencyRatio(sets[0]!.latencies[index]!, set.latencies[index]!);
        targets.push({
          target: `PostgreSQL: ${op.label} at ${set.label} within 2× of seed (p50 and p95)`,
          measured: `p50 ${ratio(r.p50)}, p95 ${ratio(r.p95)} (${ms(set.latencies[index]!.p50)} / ${ms(set.latencies[index]!.p95)})`,
          pass: withinTarget(r),
        });
      });
    }
    const allClean = allRuns.every((run) => run.result.non2xx + run.result.errors === 0);
    targets.push({
      target: 'PostgreSQL: every throughput answer 2xx and error-free',
      measured: allClean
        ? 'all clean'
        : allRuns
            .filter((run) => run.result.non2xx + run.result.errors > 0)
            .map(
              (run) =>
                `${run.scenario.label} × ${run.workers}: ${run.result.non2xx} non-2xx, ${run.result.errors} errors`,
            )
            .join('; '),
      pass: allClean,
    });

    const settingsLine = Object.entries(facts.settings)
      .map(([name, value]) => `\`${name}\` ${value}`)
      .join(', ');
    const largest = sets[sets.length - 1]!;
    const body = [
      `Method: Debian's PostgreSQL ${facts.version} started by \`scripts/ci-postgres.sh\` (\`FOLIO_PG_PORT=${PG_PORT} FOLIO_PG_DIR=${PG_DIR} FOLIO_PG_FSYNC=on\`), initdb's defaults otherwise (${settingsLine}), on the same 2-core machine as Folio and the load generator. ` +
        `\`npm start\` (production) with \`DATABASE_URL\` and \`WEB_CONCURRENCY\`, Folio's PostgreSQL defaults (pool of 10 per worker, statement timeout 5 s, statements prepared). Each data set is a database of its own on that server.`,
      '### Throughput: 1 worker and WEB_CONCURRENCY=2',
      `Over the seed set, in ${ROUNDS} rounds (a server start with 1 worker, then one with 2, each running every request below); each row is the round with the median requests/s, and "Each round" lists all of them. autocannon 8 in this process, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up (discarded), ${MEASURE_SECONDS} s measured, per run. Cores: CPU time during the measured run (from /proc) of \`npm start\`'s process group (npm, tsx, the primary and its workers; "busy processes" used ≥ 0.1 core), of the PostgreSQL server's processes, and of this process, ÷ the duration. ` +
        `The cached article GET is answered from each worker's reader cache; the list POST carries a new \`${NONCE_VARIABLE}\` variable every time, so each request runs its SQL on PostgreSQL; the article page carries a new \`bench=<n>\` parameter every time, so each request is a server render (its GraphQL answer comes from the worker's response cache after the first).`,
      throughputTable(runs, allRuns),
      throughputNotes(runs),
      '### Seeding 100,000 articles',
      seeding
        ? [
            `\`DATABASE_URL=… npm run seed:generate -- --articles 100000\` on an empty database (it migrates and seeds content/ first under the advisory lock, then generates with seed 42 in batches of 250 on one connection without the statement timeout, then \`VACUUM ANALYZE\`): **${fixed(seeding.wallMs / 1000, 1)} s** from the command to its exit (${seeding.line}); ${int(seeding.articles)} articles, ${int(seeding.bytes / 1e6)} MB on disk. Its progress lines:`,
            codeBlock(seeding.progressLines.join('\n'), 'text'),
          ].join('\n\n')
        : 'Not measured.',
      '### List, topic and search latency at the seed, 10k and 100k articles',
      `For each set \`npm start\` (1 worker) serves its database, and this process sends each operation as a persisted POST ${WARMUP_REQUESTS} times to warm up, then ${SAMPLE_REQUESTS} times one after another (1 connection), each a response-cache miss (\`${NONCE_VARIABLE}\`), timing each to the last byte — the method of the PGlite scale section. ` +
        `The 10k and 100k sets are the seed plus that many generated articles (\`seed:generate\`, every one published, each in one or two of the 8 topics, each containing the searched word). Database sizes: ${sets.map((set) => `${set.label} ${int(set.bytes / 1e6)} MB`).join(', ')}.`,
      latencyTable(sets),
      '### Where the time goes (seed and largest set)',
      "The server in this process over the same databases (after the timed runs), 10 requests per operation after 3 warm-up requests, each a response-cache miss; statements timed one at a time, so each duration is the statement's own.",
      profileTable(sets),
      ...(largest.plans.length > 0
        ? [
            `### Query plans of the misses at ${largest.label} (EXPLAIN (ANALYZE, BUFFERS))`,
            ...planMarkdown(largest),
          ]
        : []),
    ].join('\n\n');
    return {
      id: 'postgres',
      title: 'PostgreSQL 15: workers, 100k articles, seeding',
      targets,
      body,
    };
  } finally {
    progress('postgres', 'stopping PostgreSQL');
    pg.stop();
  }
}
