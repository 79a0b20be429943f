/**
 * PostgreSQL connection settings (`DATABASE_URL` deployments), read from the
 * environment in this one place. PGlite ignores them: it is one connection
 * inside the process.
 *
 * | variable | default | what it does |
 * |---|---|---|
 * | `FOLIO_PG_POOL_SIZE` | 10 | connections each worker process may open |
 * | `FOLIO_PG_STATEMENT_TIMEOUT_MS` | 5000 | PostgreSQL cancels a reader's statement that runs longer (0: never) |
 * | `FOLIO_PG_CONNECT_TIMEOUT_MS` | 5000 | how long to wait for a connection (a new one, or a free one from a busy pool) |
 * | `FOLIO_PG_PREPARED_STATEMENTS` | 256 | distinct statements each worker prepares on the server (0: none) |
 *
 * Pool size: one worker per core (`WEB_CONCURRENCY`), and each worker is one
 * event loop whose statements take about a millisecond, so a worker rarely
 * has more than a few statements in flight (a page's query runs its batched
 * statements one level at a time). 10 per worker leaves room for bursts and a
 * slow statement or two while keeping the total sane: PostgreSQL's default
 * `max_connections` is 100, of which 3 are reserved for superusers, so
 * machines × workers × pool size must stay under 97 — 10 per worker is 20 on
 * a 2-core machine, 80 on an 8-core one; beyond that, lower the pool size or
 * put a pooler in front. (PgBouncer: the start's advisory lock is a session
 * lock, so the start needs session pooling or a direct DATABASE_URL; and
 * PgBouncer refuses the statement_timeout startup parameter unless it is in
 * `ignore_startup_parameters` — then set the timeout on the role instead,
 * `ALTER ROLE folio SET statement_timeout = '5s'`.) Startup (migrations and
 * seeding) borrows one of the pool's connections for a few seconds.
 *
 * Statement timeout: 5 s, the same as the server render's limit
 * (src/ssr/renderPage.tsx, DEFAULT_RENDER_TIMEOUT_MS): no page waits longer
 * for its data, so a statement still running after that holds a connection
 * for nobody. Folio's statements take milliseconds at 100k articles (bench/);
 * one that takes seconds is a lock wait or a bad plan, and cancelling it
 * frees its connection. It is set per connection of the pool; migrations,
 * seeding and the advisory lock run on a connection of their own without it.
 *
 * Connect timeout: a database that does not answer (host down, network
 * partition) is an error after 5 s rather than a start or a request that
 * hangs; pg-pool applies the same limit to a request waiting for a free
 * connection when all of them are busy.
 *
 * Prepared statements: each statement text the API runs gets a name, and
 * every connection parses it once and keeps it prepared, so PostgreSQL
 * neither parses nor (after its first few runs) plans it again. That cut
 * PostgreSQL's CPU per uncached list request by about a third (bench/RESULTS.md,
 * PostgreSQL section). Folio's texts are fixed (values are parameters), so
 * they number about a hundred; the cap only guards against a text that would
 * vary. A pooler in transaction mode that cannot keep prepared statements
 * (PgBouncer before 1.21, or without `max_prepared_statements`) needs 0.
 * Selects name their columns, so a migration that adds a column does not
 * invalidate a prepared statement of a worker still running the old code.
 */
export interface PostgresSettings {
  poolSize: number;
  /** 0 turns the timeout off. */
  statementTimeoutMs: number;
  connectTimeoutMs: number;
  /** 0 prepares nothing. */
  preparedStatements: number;
}

export const DEFAULT_POSTGRES_SETTINGS: Readonly<PostgresSettings> = {
  poolSize: 10,
  statementTimeoutMs: 5_000,
  connectTimeoutMs: 5_000,
  preparedStatements: 256,
};

export const POSTGRES_SETTINGS_VARIABLES = {
  poolSize: 'FOLIO_PG_POOL_SIZE',
  statementTimeoutMs: 'FOLIO_PG_STATEMENT_TIMEOUT_MS',
  connectTimeoutMs: 'FOLIO_PG_CONNECT_TIMEOUT_MS',
  preparedStatements: 'FOLIO_PG_PREPARED_STATEMENTS',
} as const satisfies Record<keyof PostgresSettings, string>;

const LIMITS: Record<keyof PostgresSettings, { min: number; max: number }> = {
  poolSize: { min: 1, max: 1_000 },
  statementTimeoutMs: { min: 0, max: 3_600_000 },
  connectTimeoutMs: { min: 1, max: 600_000 },
  preparedStatements: { min: 0, max: 10_000 },
};

/** The settings from `env` (default: this process's), each checked: a mistyped value stops the start with a clear message. */
export function postgresSettings(
  env: Readonly<Record<string, string | undefined>> = process.env,
): PostgresSettings {
  const settings = { ...DEFAULT_POSTGRES_SETTINGS };
  for (const key of Object.keys(POSTGRES_SETTINGS_VARIABLES) as (keyof PostgresSettings)[]) {
    const name = POSTGRES_SETTINGS_VARIABLES[key];
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') continue;
    const { min, max } = LIMITS[key];
    const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      throw new Error(
        `${name} must be a whole number from ${min} to ${max.toLocaleString('en-US')}; got "${raw}".`,
      );
    }
    settings[key] = value;
  }
  return settings;
}
