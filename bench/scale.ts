import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Database } from '../api/db/database';
import { progress } from './log';
import {
  assertOk,
  GRAPHQL_HEADERS,
  NONCE_VARIABLE,
  OPERATIONS,
  persistedBody,
  postOperation,
  uncached,
  type Operation,
} from './operations';
import { codeBlock, table, type SectionResult } from './report';
import { makeDataDir, removeDir, siteEnv, withApiServer, withSiteOn } from './site';
import {
  profileOperation,
  shortSql,
  StatementRecorder,
  type OperationProfile,
  type StatementRun,
} from './sqlProfile';
import { fixed, int, median, ms, percentile, ratio } from './stats';

export const SCALE_ARTICLES = 10_000;
export const WARMUP_REQUESTS = 20;
export const SAMPLE_REQUESTS = 200;
const TARGET_RATIO = 2;
const OPS: Operation[] = [OPERATIONS.articleIndex, OPERATIONS.topic, OPERATIONS.search];
const ROOT = path.resolve(__dirname, '..');

export interface Latency {
  op: Operation;
  p50: number;
  p95: number;
  /** How many articles the answer says match (list total, topic count, search total). */
  matching: number | null;
}

interface DataSet {
  label: string;
  dataDir: string;
  latencies: Latency[];
  profiles: OperationProfile[];
}

/** `npm run seed:generate -- --articles N` over `dataDir` (it migrates and seeds first); its output line. */
function generate(dataDir: string, count: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npm',
      ['run', '--silent', 'seed:generate', '--', '--articles', String(count)],
      {
        cwd: ROOT,
        env: { ...process.env, ...siteEnv(dataDir) },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve(/generated .*/.exec(output)?.[0] ?? output.trim())
        : reject(new Error(`seed:generate exited with ${code}:\n${output}`)),
    );
  });
}

type Counts = {
  articles?: { totalCount?: number };
  topic?: { articleCount?: number };
  search?: { totalCount?: number };
};

function matchingOf(data: unknown): number | null {
  const counts = data as Counts;
  return (
    counts.articles?.totalCount ?? counts.topic?.articleCount ?? counts.search?.totalCount ?? null
  );
}

/** `SAMPLE_REQUESTS` persisted POSTs one after another, after `WARMUP_REQUESTS`, each one a response-cache miss. */
export async function latencyOf(baseUrl: string, op: Operation): Promise<Latency> {
  const first = await postOperation(baseUrl, op);
  assertOk(op, first);
  let nonce = 0;
  const send = async () => {
    const body = persistedBody(uncached(op, (nonce += 1)));
    const start = performance.now();
    const response = await fetch(`${baseUrl}/graphql`, {
      method: 'POST',
      headers: GRAPHQL_HEADERS,
      body,
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${op.name} answered ${response.status}`);
    return performance.now() - start;
  };
  for (let i = 0; i < WARMUP_REQUESTS; i += 1) await send();
  const times: number[] = [];
  for (let i = 0; i < SAMPLE_REQUESTS; i += 1) times.push(await send());
  return {
    op,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    matching: matchingOf(first.body.data),
  };
}

/** Each operation's latency against the site at `url`, one after another, with a progress line each (`section` names the bench). */
export async function latenciesOf(
  section: string,
  label: string,
  url: string,
  ops: readonly Operation[],
): Promise<Latency[]> {
  const latencies: Latency[] = [];
  for (const op of ops) {
    progress(section, `${label}: ${op.label}, ${SAMPLE_REQUESTS} sequential requests`);
    const latency = await latencyOf(url, op);
    progress(
      section,
      `${label}: ${op.label}: p50 ${fixed(latency.p50)} ms, p95 ${fixed(latency.p95)} ms`,
    );
    latencies.push(latency);
  }
  return latencies;
}

async function measureSet(
  label: string,
  dataDir: string,
  ops: readonly Operation[] = OPS,
): Promise<Latency[]> {
  return withSiteOn(dataDir, (site) => latenciesOf('scale', label, site.url, ops));
}

/** Per-statement timings of each operation, with the server in this process over the same folder. */
async function profileSet(label: string, dataDir: string): Promise<OperationProfile[]> {
  progress('scale', `${label}: timing SQL statements in-process`);
  return withApiServer(dataDir, async (server) => {
    const recorder = new StatementRecorder(server.db);
    const profiles: OperationProfile[] = [];
    for (const op of OPS)
      profiles.push(
        await profileOperation(server.url, recorder, op, { runs: 10, cacheMiss: true }),
      );
    return profiles;
  });
}

/** The plan node whose row estimate is furthest from what it really returned. */
export function worstEstimate(
  plan: string,
): { node: string; estimated: number; actual: number; factor: number } | null {
  let worst: { node: string; estimated: number; actual: number; factor: number } | null = null;
  for (const line of plan.split('\n')) {
    const match =
      /^\s*(?:->\s*)?(.+?)\s+\(cost=[\d.]+\.\.[\d.]+ rows=(\d+) width=\d+\) \(actual time=[\d.]+\.\.[\d.]+ rows=([\d.]+)/.exec(
        line,
      );
    if (!match) continue;
    const estimated = Number(match[2]);
    const actual = Number(match[3]);
    const factor = Math.max(estimated, actual) / Math.max(1, Math.min(estimated, actual));
    if (!worst || factor > worst.factor) worst = { node: match[1]!, estimated, actual, factor };
  }
  return worst;
}

async function timeStatement(db: Database, run: StatementRun, times = 5): Promise<number> {
  const durations: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const start = performance.now();
    await db.query(run.sql, run.params);
    durations.push(performance.now() - start);
  }
  return median(durations);
}

interface Diagnosis {
  profile: OperationProfile;
  statement: StatementRun;
  meanMs: number;
  plan: string;
  beforeMs: number;
  /** The same statement after one ANALYZE: its plan and time. */
  planAfter: string;
  afterMs: number;
}

type Explained = Pick<Diagnosis, 'profile' | 'statement' | 'meanMs' | 'plan' | 'beforeMs'>;

async function explainAnalyze(db: Database, run: StatementRun): Promise<string> {
  const { rows } = await db.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (ANALYZE, BUFFERS) ${run.sql}`,
    run.params,
  );
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

/** EXPLAIN ANALYZE and a timing of an operation's costliest statement. */
async function explain(db: Database, profile: OperationProfile): Promise<Explained | null> {
  const costliest = profile.byStatement[0];
  if (!costliest) return null;
  const plan = await explainAnalyze(db, costliest.slowest);
  return {
    profile,
    statement: costliest.slowest,
    meanMs: costliest.meanMs,
    plan,
    beforeMs: await timeStatement(db, costliest.slowest),
  };
}

/**
 * Plans for the operations that missed, on the large set (in-process), then the same statements
 * after one `ANALYZE` (this changes only the throwaway folder, which the what-if run below reuses).
 */
async function diagnoseMisses(
  dataDir: string,
  misses: readonly OperationProfile[],
): Promise<Diagnosis[]> {
  if (misses.length === 0) return [];
  return withApiServer(dataDir, async (server) => {
    const explained: Explained[] = [];
    for (const profile of misses) {
      const entry = await explain(server.db, profile);
      if (entry) explained.push(entry);
    }
    await server.db.query('ANALYZE');
    const diagnoses: Diagnosis[] = [];
    for (const entry of explained) {
      diagnoses.push({
        ...entry,
        planAfter: await explainAnalyze(server.db, entry.statement),
        afterMs: await timeStatement(server.db, entry.statement),
      });
    }
    return diagnoses;
  });
}

/** What the row estimates say about statistics, before and after ANALYZE. */
function estimateNote(diagnosis: Diagnosis): string {
  const before = worstEstimate(diagnosis.plan);
  if (!before || before.factor < 10)
    return "- The planner's row estimates are within 10× of the actual rows.";
  const after = worstEstimate(diagnosis.planAfter);
  const off = `The planner's row estimates are off by up to ${int(before.factor)}× (\`${before.node}\`: ${int(before.estimated)} estimated, ${int(before.actual)} actual)`;
  if (after && after.factor >= 10) {
    return (
      `- ${off}, and still ${int(after.factor)}× after \`ANALYZE\`: missing statistics are not the cause. The planner cannot estimate this condition ` +
      '(for instance when the value it compares with is computed in a CTE and unknown at planning time) and falls back to a default selectivity.'
    );
  }
  return `- ${off} before \`ANALYZE\` and within 10× after it: the table had no statistics for the generated rows (PGlite runs no autovacuum).`;
}

function diagnosisMarkdown(diagnosis: Diagnosis): string[] {
  return [
    `#### ${diagnosis.profile.op.name}: its costliest statement (${fixed(diagnosis.meanMs)} ms mean per request)`,
    codeBlock(diagnosis.statement.sql.replace(/\n\s+/g, '\n  ').trim(), 'sql'),
    `Parameters: \`${JSON.stringify(diagnosis.statement.params).slice(0, 300)}\``,
    codeBlock(diagnosis.plan, 'text'),
    [
      `- Alone, this statement takes ${ms(diagnosis.beforeMs)} (median of 5); after \`ANALYZE\` (fresh planner statistics) ${ms(diagnosis.afterMs)}.`,
      estimateNote(diagnosis),
    ].join('\n'),
  ];
}

const ratios = (small: Latency, large: Latency) => ({
  p50: large.p50 / small.p50,
  p95: large.p95 / small.p95,
});

function latencyTable(sets: readonly DataSet[]): string {
  const [small, large] = sets as [DataSet, DataSet];
  const rows = OPS.map((op, index) => {
    const a = small.latencies[index]!;
    const b = large.latencies[index]!;
    const r = ratios(a, b);
    return [
      op.label,
      `${int(a.matching ?? Number.NaN)} / ${int(b.matching ?? Number.NaN)}`,
      ms(a.p50),
      ms(a.p95),
      ms(b.p50),
      ms(b.p95),
      ratio(r.p50),
      ratio(r.p95),
      r.p50 <= TARGET_RATIO && r.p95 <= TARGET_RATIO ? 'PASS' : '**MISS**',
    ];
  });
  return table(
    [
      'Operation',
      'Matching articles (seed / 10k)',
      'Seed p50',
      'Seed p95',
      '10k p50',
      '10k p95',
      'p50 ratio',
      'p95 ratio',
      '≤ 2×',
    ],
    rows,
    ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
  );
}

function statementTable(sets: readonly DataSet[]): string {
  const [small, large] = sets as [DataSet, DataSet];
  const rows = OPS.flatMap((op, index) => {
    const before = small.profiles[index]!;
    const after = large.profiles[index]!;
    return after.byStatement.slice(0, 4).map((stat) => {
      const seed = before.byStatement.find((entry) => entry.sql === stat.sql);
      return [
        op.name,
        `\`${shortSql(stat.sql, 90)}\``,
        seed ? ms(seed.meanMs, 2) : '—',
        ms(stat.meanMs, 2),
        fixed(stat.count, 0),
      ];
    });
  });
  return table(
    ['Operation', 'Statement (costliest first, 10k set)', 'Seed mean', '10k mean', 'Per request'],
    rows,
    ['l', 'l', 'r', 'r', 'r'],
  );
}

/** Why each miss grew, from what the answers and statements say. */
function missNotes(sets: readonly DataSet[]): string {
  const [small, large] = sets as [DataSet, DataSet];
  const lines = OPS.flatMap((op, index) => {
    const a = small.latencies[index]!;
    const b = large.latencies[index]!;
    const r = ratios(a, b);
    if (r.p50 <= TARGET_RATIO && r.p95 <= TARGET_RATIO) return [];
    const grew =
      a.matching && b.matching
        ? ` It matches ${int(b.matching)} articles instead of ${int(a.matching)} (${int(b.matching / a.matching)}×).`
        : '';
    const costliest = large.profiles[index]?.byStatement[0];
    const seedCost = costliest
      ? small.profiles[index]?.byStatement.find((stat) => stat.sql === costliest.sql)
      : undefined;
    const statement = costliest
      ? ` Its costliest statement went from ${seedCost ? ms(seedCost.meanMs) : '?'} to ${ms(costliest.meanMs)}: \`${shortSql(costliest.sql, 80)}\`.`
      : '';
    const rank = /ts_rank(?:_cd)?/.exec(costliest?.sql ?? '')?.[0];
    const ranking = rank
      ? ` A ranked full-text search scores every matching row (\`${rank}\`) before the top-N sort keeps the 11 it shows, and \`totalCount\` counts every match again: the cost follows the number of matches, not the page size; the GIN index only finds the matches. The generated articles draw on a ~170-word vocabulary, so a common word like this one matches almost every article.`
      : '';
    return [
      `- **${op.label}**: p50 ${ratio(r.p50)}, p95 ${ratio(r.p95)} (${ms(a.p50)} → ${ms(b.p50)}).${grew}${statement}${ranking}`,
    ];
  });
  return lines.length === 0 ? 'Every operation stayed within 2×.' : lines.join('\n');
}

/** Statements at least 3× slower on the 10k set: what will dominate as the table keeps growing. */
function growthNote(sets: readonly DataSet[]): string {
  const [small, large] = sets as [DataSet, DataSet];
  const grown = OPS.flatMap((op, index) =>
    (large.profiles[index]?.byStatement ?? []).flatMap((stat) => {
      const seed = small.profiles[index]?.byStatement.find((entry) => entry.sql === stat.sql);
      return seed && stat.meanMs >= 3 * seed.meanMs
        ? [
            `${op.name}: \`${shortSql(stat.sql, 70)}\` ${ms(seed.meanMs, 1)} → ${ms(stat.meanMs, 1)}`,
          ]
        : [];
    }),
  );
  return grown.length === 0
    ? 'No statement got 3× slower on the 10k set.'
    : `Statements at least 3× slower on the 10k set (their cost follows the number of matching rows, so they will dominate as the table grows): ${grown.join('; ')}.`;
}

interface Measured {
  sets: DataSet[];
  diagnoses: Diagnosis[];
  /** The missed operations again on the 10k set after ANALYZE (a what-if, not the target figure). */
  analyzed: Latency[];
}

function missedIndexes(sets: readonly DataSet[]): number[] {
  return OPS.map((_, index) => index).filter((index) => {
    const r = ratios(sets[0]!.latencies[index]!, sets[1]!.latencies[index]!);
    return r.p50 > TARGET_RATIO || r.p95 > TARGET_RATIO;
  });
}

async function measureBoth(generated: { line: string }): Promise<Measured> {
  const seedDir = await makeDataDir('scale-seed');
  const largeDir = await makeDataDir('scale-10k');
  try {
    progress(
      'scale',
      `generating ${int(SCALE_ARTICLES)} articles (npm run seed:generate) into a fresh data folder`,
    );
    generated.line = await generate(largeDir, SCALE_ARTICLES);
    progress('scale', generated.line);
    const sets: DataSet[] = [
      {
        label: 'seed',
        dataDir: seedDir,
        latencies: await measureSet('seed', seedDir),
        profiles: [],
      },
      {
        label: '10k',
        dataDir: largeDir,
        latencies: await measureSet('10k', largeDir),
        profiles: [],
      },
    ];
    for (const set of sets) set.profiles = await profileSet(set.label, set.dataDir);
    const misses = missedIndexes(sets);
    const diagnoses = await diagnoseMisses(
      largeDir,
      misses.map((index) => sets[1]!.profiles[index]!),
    );
    const analyzed =
      misses.length > 0
        ? await measureSet(
            '10k after ANALYZE',
            largeDir,
            misses.map((index) => OPS[index]!),
          )
        : [];
    return { sets, diagnoses, analyzed };
  } finally {
    await removeDir(seedDir);
    await removeDir(largeDir);
  }
}

function analyzedTable(sets: readonly DataSet[], analyzed: readonly Latency[]): string {
  const rows = analyzed.map((after) => {
    const index = OPS.indexOf(after.op);
    const seed = sets[0]!.latencies[index]!;
    const before = sets[1]!.latencies[index]!;
    const r = ratios(seed, after);
    return [
      after.op.label,
      ms(seed.p50),
      ms(before.p50),
      ms(after.p50),
      ms(after.p95),
      ratio(r.p50),
      ratio(r.p95),
    ];
  });
  return table(
    [
      'Operation',
      'Seed p50',
      '10k p50 (as measured)',
      '10k p50 after ANALYZE',
      '10k p95 after ANALYZE',
      'p50 ratio',
      'p95 ratio',
    ],
    rows,
    ['l', 'r', 'r', 'r', 'r', 'r', 'r'],
  );
}

export async function runScale(): Promise<Omit<SectionResult, 'durationMs'>> {
  const generated = { line: '' };
  const { sets, diagnoses, analyzed } = await measureBoth(generated);
  const [small, large] = sets as [DataSet, DataSet];
  const targets = OPS.map((op, index) => {
    const r = ratios(small.latencies[index]!, large.latencies[index]!);
    return {
      target: `${op.label} at 10k within 2× of seed (p50 and p95)`,
      measured: `p50 ${ratio(r.p50)}, p95 ${ratio(r.p95)}`,
      pass: r.p50 <= TARGET_RATIO && r.p95 <= TARGET_RATIO,
    };
  });
  const body = [
    `Method: two fresh PGlite data folders: the seed set (content/, seeded by the server on first start) and the same seed plus ${int(SCALE_ARTICLES)} generated articles ` +
      `(\`FOLIO_DATA_DIR=<dir> npm run seed:generate -- --articles ${SCALE_ARTICLES}\`, seed 42: ${generated.line}). For each, \`npm start\` (production) serves it and this process sends each operation as a persisted POST ` +
      `${WARMUP_REQUESTS} times to warm up, then ${SAMPLE_REQUESTS} times one after another (1 connection), timing each request to the last byte. ` +
      `Every request carries an extra, undeclared variable \`${NONCE_VARIABLE}\` with a new value: GraphQL ignores it, but the API's in-process response cache keys on the variables as sent, so each request really runs its SQL (otherwise the repeats would measure the cache, not the database). ` +
      `The target holds when both the p50 and the p95 ratio are ≤ 2×.`,
    latencyTable(sets),
    missNotes(sets),
    '### SQL statements on both sets',
    "The server in this process over the same folders (after the timed runs), 10 requests per operation after 3 warm-up requests; each statement's mean duration, statements timed one at a time (PGlite runs them one at a time anyway).",
    statementTable(sets),
    growthNote(sets),
    ...(diagnoses.length > 0
      ? [
          '### Query plans of the misses (10k set, EXPLAIN (ANALYZE, BUFFERS))',
          ...diagnoses.flatMap(diagnosisMarkdown),
        ]
      : []),
    ...(analyzed.length > 0
      ? [
          '### After one more ANALYZE (a what-if, not the target figure)',
          `The missed operations measured again the same way on the 10k folder after one \`ANALYZE\`, to show whether a planner without statistics explains the miss:`,
          analyzedTable(sets, analyzed),
        ]
      : []),
  ].join('\n\n');
  return { id: 'scale', title: 'Latency at 10,000 extra articles', targets, body };
}
