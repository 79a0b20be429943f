import type { Database } from '../api/db/database';
import { ARTICLE_COLUMNS } from '../api/sources/embedded/tableRows';
import { mean, median } from './stats';
import { GRAPHQL_HEADERS, persistedBody, uncached, type Operation } from './operations';

/** One SQL statement the API ran, with when it started and ended (performance.now()). */
export interface StatementRun {
  sql: string;
  params: unknown[];
  start: number;
  end: number;
}

/**
 * Records every statement `db` runs from now on (the API holds this same
 * object). Statements go through one at a time, as PGlite runs them anyway,
 * so that each duration is the statement's own and not time spent queueing
 * behind the other statements of the same DataLoader tick.
 */
export class StatementRecorder {
  private runs: StatementRun[] = [];
  private queue: Promise<unknown> = Promise.resolve();

  constructor(db: Database) {
    const original = db.query.bind(db);
    db.query = <T>(sql: string, params?: unknown[]) => {
      const timed = this.queue.then(async () => {
        const start = performance.now();
        try {
          return await original<T>(sql, params);
        } finally {
          this.runs.push({ sql, params: params ?? [], start, end: performance.now() });
        }
      });
      this.queue = timed.catch(() => undefined);
      return timed;
    };
  }

  /** The statements since the last call. */
  take(): StatementRun[] {
    const runs = this.runs;
    this.runs = [];
    return runs;
  }
}

/** A statement on one line, the article column list as [article columns], shortened for a table. */
export function shortSql(sql: string, length = 110): string {
  const flat = sql.split(ARTICLE_COLUMNS).join('[article columns]').replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}

/** Milliseconds during which at least one statement was running. */
export function busyMs(runs: readonly StatementRun[]): number {
  const sorted = [...runs].sort((a, b) => a.start - b.start);
  let busy = 0;
  let end = -Infinity;
  for (const run of sorted) {
    if (run.start > end) {
      busy += run.end - run.start;
      end = run.end;
    } else if (run.end > end) {
      busy += run.end - end;
      end = run.end;
    }
  }
  return busy;
}

export interface StatementStat {
  sql: string;
  /** Times per request. */
  count: number;
  meanMs: number;
  /** The slowest run's statement and parameters (to EXPLAIN it). */
  slowest: StatementRun;
}

export interface OperationProfile {
  op: Operation;
  /** Whether every request was a response-cache miss (see `uncached`). */
  cacheMiss: boolean;
  requestMs: number;
  sqlBusyMs: number;
  statements: number;
  byStatement: StatementStat[];
}

/** Groups statement runs by SQL text, slowest first. */
function statementStats(runs: readonly StatementRun[], requests: number): StatementStat[] {
  const groups = new Map<string, StatementRun[]>();
  for (const run of runs) {
    const list = groups.get(run.sql);
    if (list) list.push(run);
    else groups.set(run.sql, [run]);
  }
  return [...groups]
    .map(([sql, list]) => ({
      sql,
      count: list.length / requests,
      meanMs: mean(list.map((run) => run.end - run.start)),
      slowest: list.reduce((a, b) => (b.end - b.start > a.end - a.start ? b : a)),
    }))
    .sort((a, b) => b.meanMs * b.count - a.meanMs * a.count);
}

let nonce = 0;

/**
 * Runs `op` (persisted POST) `runs` times one after another against an
 * in-process server after `warmup` runs: median request time, median SQL
 * busy time and each statement's mean duration. With `cacheMiss`, every
 * request carries a fresh nonce variable, so the API executes it each time.
 */
export async function profileOperation(
  baseUrl: string,
  recorder: StatementRecorder,
  op: Operation,
  options: { runs?: number; warmup?: number; cacheMiss?: boolean } = {},
): Promise<OperationProfile> {
  const { runs = 20, warmup = 3, cacheMiss = false } = options;
  const send = async () => {
    const body = persistedBody(cacheMiss ? uncached(op, `profile-${(nonce += 1)}`) : op);
    const response = await fetch(`${baseUrl}/graphql`, {
      method: 'POST',
      headers: GRAPHQL_HEADERS,
      body,
    });
    await response.arrayBuffer();
  };
  for (let i = 0; i < warmup; i += 1) await send();
  recorder.take();
  const requestTimes: number[] = [];
  const busy: number[] = [];
  const all: StatementRun[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await send();
    requestTimes.push(performance.now() - start);
    const statements = recorder.take();
    busy.push(busyMs(statements));
    all.push(...statements);
  }
  return {
    op,
    cacheMiss,
    requestMs: median(requestTimes),
    sqlBusyMs: median(busy),
    statements: all.length / runs,
    byStatement: statementStats(all, runs),
  };
}
