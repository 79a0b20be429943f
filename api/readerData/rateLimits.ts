import type { Database } from '../db/database';
import { ContentError } from '../contentError';

/**
 * Per-client budgets, kept in PostgreSQL so that every worker and every
 * machine over one database shares them (docs/http-and-cache.md#security-headers). A budget is counted in
 * fixed windows: the first use in a window inserts its row, later ones add to
 * it only while it is below the limit, in one statement, so concurrent
 * requests can never overshoot.
 */
export interface RateBudget {
  /** What is counted; the client's uses of different budgets never mix. */
  name: string;
  limit: number;
  /** A PostgreSQL `date_trunc` unit: the window the limit holds for. */
  window: 'minute' | 'hour' | 'day';
  /** Shown to the reader when the budget is spent. */
  message: string;
}

/** docs/content-model.md#limits-and-constants: newsletter attempts, valid or not, per client address per hour. */
export const NEWSLETTER_BUDGET: RateBudget = {
  name: 'newsletter',
  limit: 5,
  window: 'hour',
  message: 'Too many attempts from this address; try again in an hour.',
};

/**
 * Helpful / not helpful votes on one article from one client address per hour.
 * A reader votes once or changes their mind a few times; readers behind one
 * office or campus address share the budget, so it is not 1.
 */
export function articleVoteBudget(articleId: string): RateBudget {
  return {
    name: `vote:${articleId}`,
    limit: 10,
    window: 'hour',
    message: 'Too many votes on this article from this address; try again in an hour.',
  };
}

/** Windows older than this are deleted as new ones are opened. */
const KEEP_WINDOWS = "interval '2 days'";
let lastSweep = 0;

/** Takes one use of `budget` for `client`, or throws RATE_LIMITED when it is spent. */
export async function spendBudget(db: Database, budget: RateBudget, client: string): Promise<void> {
  const { rows } = await db.query<{ used: number }>(
    `INSERT INTO rate_limit_windows AS w (budget, client, window_start, used)
     VALUES ($1, $2, date_trunc('${budget.window}', now()), 1)
     ON CONFLICT (budget, client, window_start) DO UPDATE SET used = w.used + 1 WHERE w.used < $3
     RETURNING used`,
    [budget.name, client, budget.limit],
  );
  if (Date.now() - lastSweep > 3_600_000) {
    lastSweep = Date.now();
    await db.query(`DELETE FROM rate_limit_windows WHERE window_start < now() - ${KEEP_WINDOWS}`);
  }
  if (!rows[0]) throw new ContentError('RATE_LIMITED', budget.message);
}

/** Whether `client` has spent `budget` in the current window, without taking a use of it. */
export async function budgetExhausted(
  db: Database,
  budget: RateBudget,
  client: string,
): Promise<boolean> {
  const { rows } = await db.query<{ used: number }>(
    `SELECT used FROM rate_limit_windows WHERE budget = $1 AND client = $2 AND window_start = date_trunc('${budget.window}', now())`,
    [budget.name, client],
  );
  return (rows[0]?.used ?? 0) >= budget.limit;
}
