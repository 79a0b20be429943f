import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFreshDatabase } from '../harness/freshDatabase';
import { startSiteProcess, type SiteProcess } from '../harness/siteProcess';
import { postgresServer } from './postgresServer';
import { progress } from './log';
import { table, verdict, type SectionResult } from './report';
import { int } from './stats';

/**
 * Requests lost per restart (issue 26): `npm start` with `WEB_CONCURRENCY=2`
 * over PostgreSQL 15, 30 readers' page requests sent at once, each on a
 * connection of its own and each a page the server has not rendered yet
 * (`?restart=<n>`: no cached copy), and SIGTERM to the whole process group
 * 20 ms later, as a supervisor stops a service. Every answer is counted: a
 * 200, a 503 with Retry-After (a reader is told to come back), or lost (a
 * reset or a connection closed without an answer). Five rounds for each
 * state the cluster can be in when the stop comes.
 *
 * `npx tsx bench/run.ts --only restarts` runs it alone (the client must be built).
 */
const ROUNDS = 5;
const IN_FLIGHT = 30;
const PAGE = '/articles/reading-the-tides';

type Outcome = 'answered' | 'retry later' | 'lost';
/** What became of one request, and for a lost one, how (an error code or a status). */
type Result = { outcome: Outcome; how: string };

interface State {
  label: string;
  /** The lame-duck period (FOLIO_SHUTDOWN_LAME_DUCK_MS); 0 starts the drain at once, the hardest case. */
  lameDuckMs: number;
  /** What happens to the cluster before the requests go out. */
  before?: (site: SiteProcess) => Promise<void>;
  /** What happens once SIGTERM is sent. */
  during?: (site: SiteProcess) => Promise<void>;
}

const pidsServing = (site: SiteProcess): number[] => [
  ...new Set(
    site
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{') && / server on /.test(line))
      .map((line) => (JSON.parse(line) as { pid: number }).pid),
  ),
];

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('restarts: timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const killOneWorker = (site: SiteProcess) => {
  const [victim] = pidsServing(site);
  process.kill(victim!, 'SIGKILL');
  return victim!;
};

const STATES: State[] = [
  { label: 'fresh', lameDuckMs: 0 },
  {
    label: 'after a worker was killed and replaced',
    lameDuckMs: 0,
    before: async (site) => {
      const victim = killOneWorker(site);
      await until(() => pidsServing(site).filter((pid) => pid !== victim).length === 2, 60_000);
    },
  },
  {
    label: 'while a killed worker is being replaced',
    lameDuckMs: 0,
    before: async (site) => {
      killOneWorker(site);
      await until(() => /starting another in/.test(site.output()), 5_000);
    },
  },
  {
    label: 'a worker killed 50 ms into the drain',
    lameDuckMs: 0,
    during: async (site) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const [, second] = pidsServing(site);
      try {
        process.kill(second!, 'SIGKILL');
      } catch {
        // it had finished already
      }
    },
  },
  { label: 'fresh, with the default lame-duck period (2 s)', lameDuckMs: 2_000 },
];

/** One GET on a connection of its own: what became of it. */
function pageRequest(url: string): Promise<Result> {
  return new Promise((resolve) => {
    const lost = (error: NodeJS.ErrnoException) =>
      resolve({ outcome: 'lost', how: error.code ?? error.message });
    const request = httpRequest(url, { agent: false }, (response) => {
      const status = response.statusCode ?? 0;
      response.resume();
      response.on('end', () =>
        resolve({
          outcome:
            status === 200
              ? 'answered'
              : status === 503 && response.headers['retry-after']
                ? 'retry later'
                : 'lost',
          how: String(status),
        }),
      );
      response.on('error', lost);
    });
    request.on('error', lost);
    request.end();
  });
}

interface StateResult {
  label: string;
  rounds: Record<Outcome, number>[];
  stopMs: number[];
}

export async function runRestarts(): Promise<Omit<SectionResult, 'durationMs'>> {
  const postgres = postgresServer('restarts', {
    port: Number(process.env.FOLIO_BENCH_RESTARTS_PG_PORT ?? 55449),
    dir: process.env.FOLIO_BENCH_RESTARTS_PG_DIR ?? '/tmp/folio-bench-restarts',
  });
  const database = await createFreshDatabase(postgres.url, 'restarts');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-restarts-'));
  const results: StateResult[] = [];
  try {
    for (const [index, state] of STATES.entries()) {
      const result: StateResult = { label: state.label, rounds: [], stopMs: [] };
      for (let round = 1; round <= ROUNDS; round += 1) {
        const site = await startSiteProcess({
          env: {
            DATABASE_URL: database.url,
            WEB_CONCURRENCY: '2',
            FOLIO_DATA_DIR: dataDir,
            FOLIO_LOG_LEVEL: 'info',
            FOLIO_LOG_FORMAT: 'json',
            FOLIO_SHUTDOWN_LAME_DUCK_MS: String(state.lameDuckMs),
          },
          readyServers: 2,
        });
        await until(() => pidsServing(site).length === 2, 10_000);
        await state.before?.(site);
        const outcomes = Array.from({ length: IN_FLIGHT }, (_, n) =>
          pageRequest(`${site.url}${PAGE}?restart=${index}-${round}-${n}`),
        );
        await new Promise((resolve) => setTimeout(resolve, 20));
        const signalled = Date.now();
        const stopped = site.stop();
        await state.during?.(site);
        const counts: Record<Outcome, number> = { answered: 0, 'retry later': 0, lost: 0 };
        const how = new Map<string, number>();
        for (const { outcome, how: detail } of await Promise.all(outcomes)) {
          counts[outcome] += 1;
          if (outcome === 'lost') how.set(detail, (how.get(detail) ?? 0) + 1);
        }
        await stopped;
        result.rounds.push(counts);
        result.stopMs.push(Date.now() - signalled);
        progress(
          'restarts',
          `${state.label}, round ${round}: ${counts.answered} answered, ${counts['retry later']} told to retry, ${counts.lost} lost${how.size > 0 ? ` (${[...how].map(([detail, n]) => `${n} ${detail}`).join(', ')})` : ''}; stopped in ${Date.now() - signalled} ms`,
        );
      }
      results.push(result);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop().catch(() => undefined);
    postgres.stop();
  }
  return report(results);
}

function report(results: StateResult[]): Omit<SectionResult, 'durationMs'> {
  const sum = (rounds: Record<Outcome, number>[], outcome: Outcome) =>
    rounds.reduce((total, round) => total + round[outcome], 0);
  const rows = results.map((result) => [
    result.label,
    int(result.rounds.length * IN_FLIGHT),
    int(sum(result.rounds, 'answered')),
    int(sum(result.rounds, 'retry later')),
    int(sum(result.rounds, 'lost')),
    result.rounds.map((round) => String(round.lost)).join(', '),
    `${int(Math.max(...result.stopMs))} ms`,
  ]);
  const lost = results.reduce((total, result) => total + sum(result.rounds, 'lost'), 0);
  const worst = Math.max(...results.flatMap((result) => result.rounds.map((round) => round.lost)));
  const body = [
    `\`npm start\` with \`WEB_CONCURRENCY=2\` over PostgreSQL 15; in each round ${IN_FLIGHT} page requests (\`${PAGE}?restart=<n>\`, each a render the server has not cached), each on its own connection, then SIGTERM to the process group 20 ms later. ${ROUNDS} rounds per state; \`FOLIO_SHUTDOWN_LAME_DUCK_MS=0\` unless the row says otherwise (the drain starts at once). "Told to retry" is a 503 with \`Retry-After\`; "lost" is a reset or a connection closed without an answer.`,
    '',
    table(
      [
        'State when SIGTERM comes',
        'Requests',
        'Answered 200',
        'Told to retry (503)',
        'Lost',
        'Lost per round',
        'Slowest stop',
      ],
      rows,
      ['l', 'r', 'r', 'r', 'r', 'l', 'r'],
    ),
    '',
    `${verdict(lost === 0)} requests lost per restart: ${worst} at worst (goal 0).`,
  ].join('\n');
  return {
    id: 'restarts',
    title: 'Requests lost per restart',
    targets: [
      {
        target: 'requests lost per restart, every cluster state: 0',
        measured: `${int(lost)} lost of ${int(results.length * ROUNDS * IN_FLIGHT)}; worst round ${worst}`,
        pass: lost === 0,
      },
    ],
    body,
  };
}
