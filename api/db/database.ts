import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ContentError } from '../contentError';
import { statementDuration, watchDatabasePool } from '../observability/metrics';
import { inSpan } from '../observability/tracing';
import { privateFolder } from './privateFolder';
import { DEFAULT_DATA_DIR } from '../../settings/storageSettings';
import {
  postgresSettings,
  POSTGRES_SETTINGS_VARIABLES,
  type PostgresSettings,
} from '../../settings/postgresSettings';

export interface QueryOptions {
  /**
   * false: parsed and planned for its values every time, never run from a
   * prepared statement. For a statement whose best plan depends on its values
   * (how common a searched word is), which a prepared statement's generic plan cannot see.
   */
  prepared?: boolean;
}

/** What the API needs of a PostgreSQL connection: the same SQL on PGlite and on a server. */
export interface Database {
  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<{ rows: T[] }>;
  /** Runs several statements (migrations); no parameters. */
  exec(sql: string): Promise<void>;
  /** Statements run so far (tests count them to prove batching). */
  readonly statementCount: number;
  readonly kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * Runs `fn` on one connection of its own, without the statement timeout:
   * migrations, seeding and session-level advisory locks (api/publishing/prepareDatabase.ts).
   * The connection is closed afterwards, so nothing set on it outlives `fn`.
   * Absent (or on PGlite, one connection anyway) `withSession` passes the
   * database itself.
   */
  session?<T>(fn: (session: Database) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` in one transaction of its own (`inTransaction` below). PGlite
   * has it: one connection for the whole process, so only PGlite itself can
   * make the process's other statements wait until the transaction is over.
   */
  transaction?<T>(fn: (transaction: Database) => Promise<T>): Promise<T>;
  /**
   * The database a session or transaction belongs to (absent on the
   * database itself): what stays the same object for everything done on
   * one database in this process (PGlite's in-process notifications).
   */
  readonly origin?: Database;
}

export interface DatabaseOptions {
  /** A PostgreSQL server; without it, PGlite in `dataDir`. */
  databaseUrl?: string | undefined;
  /** PGlite's folder, or `memory://` for a throwaway database. */
  dataDir?: string | undefined;
  /** Pool size and timeouts (default: from the environment, settings/postgresSettings.ts). */
  postgres?: Partial<PostgresSettings> | undefined;
  /** Where a failure outside any query is told (the server's JSON log); stderr without one (the commands). */
  logger?: { warn(fields: object, message: string): void } | undefined;
}

/** PostgreSQL's `query_canceled`: the statement timeout (or an operator's pg_cancel_backend) stopped it. */
const QUERY_CANCELED = '57014';

/** How long a reader is told to wait when the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Errors that say the database cannot be reached right now, rather than
 * that a statement was wrong: no server at the address, a connection cut,
 * a server shutting down, starting up, or out of connections. SQLSTATE
 * class 08 is "connection exception"; 57P01–57P03 are admin_shutdown,
 * crash_shutdown and cannot_connect_now; 53300 too_many_connections.
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const UNREACHABLE_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/** Whether `error` says the database cannot be reached (and a retry later may succeed). */
export function isDatabaseUnreachable(error: unknown): boolean {
  // Read by shape, not `instanceof`: a socket's errors are made by Node's own realm.
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, errors } = error as {
    code?: unknown;
    message?: unknown;
    errors?: unknown;
  };
  const text = typeof message === 'string' ? message : '';
  return (
    UNREACHABLE_CODES.has(String(code ?? '')) ||
    String(code ?? '').startsWith('08') ||
    UNREACHABLE_MESSAGES.some((known) => text.startsWith(known)) ||
    // node-postgres wraps several connection failures in an AggregateError (IPv4 and IPv6).
    (Array.isArray(errors) && errors.some(isDatabaseUnreachable))
  );
}

/** `fn` on a connection of its own where the database has one (a server), else on the database itself. */
export function withSession<T>(db: Database, fn: (session: Database) => Promise<T>): Promise<T> {
  return db.session ? db.session(fn) : fn(db);
}

/**
 * `fn` in one transaction: committed when it resolves, rolled back when it
 * throws (and the error thrown again). On a server, BEGIN … COMMIT on a
 * connection of its own; on PGlite, PGlite's transaction, during which every
 * other statement of the process waits (readers served meanwhile would
 * otherwise run inside it, see a half-made change, and lose their own
 * writes to its rollback).
 */
export function inTransaction<T>(
  db: Database,
  fn: (transaction: Database) => Promise<T>,
): Promise<T> {
  if (db.transaction) return db.transaction(fn);
  return withSession(db, async (session) => {
    await session.query('BEGIN');
    try {
      const result = await fn(session);
      await session.query('COMMIT');
      return result;
    } catch (error) {
      await session.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  });
}

/**
 * What a failed statement becomes. A cancelled statement (the statement
 * timeout) and a request that found every connection busy for the connect
 * timeout are the API's QUERY_TIMEOUT: the reader is told the server is slow
 * right now, and the GraphQL error is not masked as an internal one. A
 * database that cannot be reached (refused, cut, shutting down, not
 * answering within the connect timeout) is SOURCE_UNAVAILABLE with a
 * Retry-After: every path answers 503 and caches serve what they kept.
 */
export function translateDatabaseError(
  error: unknown,
  settings: Pick<PostgresSettings, 'connectTimeoutMs'>,
): unknown {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === QUERY_CANCELED || message === 'timeout exceeded when trying to connect') {
    const timeout = new ContentError(
      'QUERY_TIMEOUT',
      'The database took too long to answer, so the query was stopped. Please try again in a moment.',
    );
    Object.defineProperty(timeout, 'cause', { value: error, enumerable: false });
    return timeout;
  }
  if (message === 'Connection terminated due to connection timeout') {
    return unreachable(
      error as Error,
      `PostgreSQL did not answer within ${settings.connectTimeoutMs} ms (${POSTGRES_SETTINGS_VARIABLES.connectTimeoutMs}).`,
    );
  }
  // Read by shape, not `instanceof`: a socket's errors are made by Node's own realm.
  if (isDatabaseUnreachable(error)) return unreachable(error as Error, String(message));
  return error;
}

/** The database cannot be reached: SOURCE_UNAVAILABLE, answered 503 with Retry-After; what the driver said stays the cause, for the log. */
function unreachable(error: Error, detail: string): ContentError {
  const unavailable = new ContentError(
    'SOURCE_UNAVAILABLE',
    'The database cannot be reached right now. Please try again in a moment.',
    DATABASE_RETRY_AFTER_SECONDS,
  );
  Object.defineProperty(unavailable, 'cause', {
    value: new Error(detail, { cause: error }),
    enumerable: false,
  });
  return unavailable;
}

/**
 * A name for each distinct statement text, up to `limit` of them (settings/postgresSettings.ts):
 * node-postgres prepares a named statement once per connection and then only binds it.
 */
function statementNames(limit: number): (sql: string) => string | undefined {
  const names = new Map<string, string>();
  return (sql) => {
    let name = names.get(sql);
    if (name === undefined && names.size < limit) {
      name = `folio_${names.size + 1}`;
      names.set(sql, name);
    }
    return name;
  };
}

/** The SQL commands `folio_db_statement_duration_seconds` names; any other is `other`. */
const SQL_OPERATIONS = new Set([
  'select',
  'insert',
  'update',
  'delete',
  'with',
  'begin',
  'commit',
  'rollback',
]);

const statementTimers = new Map<string, { observe(seconds: number): void }>();
function statementTimerOf(operation: string) {
  let timer = statementTimers.get(operation);
  if (!timer) {
    timer = statementDuration.labels(operation);
    statementTimers.set(operation, timer);
  }
  return timer;
}

/** A statement's command, from its first word (`SELECT …` is `select`). */
export function sqlOperationOf(sql: string): string {
  const word = /^\s*([A-Za-z]+)/.exec(sql)?.[1]?.toLowerCase() ?? '';
  return SQL_OPERATIONS.has(word) ? word : 'other';
}

interface Runner {
  query: Database['query'];
  exec: Database['exec'];
}

function counted(
  kind: Database['kind'],
  runner: Runner,
  close: () => Promise<void>,
  session?: (fn: (run: Runner) => Promise<unknown>) => Promise<unknown>,
  transaction?: (fn: (run: Runner) => Promise<unknown>) => Promise<unknown>,
): Database {
  let statements = 0;
  const system = kind === 'postgres' ? 'postgresql' : 'pglite';
  // Each statement is timed by its SQL command and traced (docs/operations.md#observing-folio).
  const measured = <T>(sql: string, run: () => Promise<T>): Promise<T> => {
    statements += 1;
    const operation = sqlOperationOf(sql);
    const started = performance.now();
    return inSpan('db.query', { 'db.system': system, 'db.operation': operation }, () =>
      run().finally(() =>
        statementTimerOf(operation).observe((performance.now() - started) / 1000),
      ),
    );
  };
  const wrap = (run: Runner): Pick<Database, 'query' | 'exec'> => ({
    query: (sql, params, options) => measured(sql, () => run.query(sql, params, options)),
    exec: (sql) => measured(sql, () => run.exec(sql)),
  });
  const db: Database = {
    kind,
    get statementCount() {
      return statements;
    },
    ...wrap(runner),
    close,
  };
  /** A connection the database lends for the length of `fn` (a session, a transaction): counted with it, closed by it. */
  const borrowed = (run: Runner, what: string): Database => ({
    kind,
    get statementCount() {
      return statements;
    },
    ...wrap(run),
    origin: db,
    close: () => Promise.reject(new Error(`A ${what} is closed by the database it belongs to.`)),
  });
  if (session)
    db.session = <T>(fn: (inner: Database) => Promise<T>) =>
      session((run) => fn(borrowed(run, 'session'))) as Promise<T>;
  if (transaction)
    db.transaction = <T>(fn: (inner: Database) => Promise<T>) =>
      transaction((run) => fn(borrowed(run, 'transaction'))) as Promise<T>;
  return db;
}

export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.databaseUrl) {
    const settings: PostgresSettings = { ...postgresSettings(), ...options.postgres };
    const { Pool, types } = await import('pg');
    // count(*) and bigint columns as numbers: Folio's counts are far below 2^53.
    types.setTypeParser(20, (value: string) => Number(value));
    const pool = new Pool({
      connectionString: options.databaseUrl,
      max: settings.poolSize,
      connectionTimeoutMillis: settings.connectTimeoutMs,
      // A startup parameter of every connection the pool opens (0 sends nothing: the server's own setting).
      statement_timeout: settings.statementTimeoutMs,
      application_name: 'folio',
      keepAlive: true,
    });
    const unwatch = watchDatabasePool(() => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }));
    // An idle connection the server drops (restart, failover) must not end the process: the pool replaces it.
    pool.on('error', (error) => {
      const say = options.logger?.warn.bind(options.logger);
      if (say)
        say({ err: error.message }, 'an idle PostgreSQL connection failed; the pool replaces it');
      else console.error('folio: an idle PostgreSQL connection failed:', error.message);
    });
    const fail = (error: unknown): never => {
      throw translateDatabaseError(error, settings);
    };
    const nameOf = statementNames(settings.preparedStatements);
    return counted(
      'postgres',
      {
        query: async (sql, params, options) => {
          const result = await pool
            .query({
              text: sql,
              values: params as unknown[],
              name: options?.prepared === false ? undefined : nameOf(sql),
            })
            .catch(fail);
          return { rows: result.rows };
        },
        exec: async (sql) => {
          await pool.query(sql).catch(fail);
        },
      },
      () => {
        unwatch();
        return pool.end();
      },
      async (fn) => {
        const client = await pool.connect().catch(fail);
        try {
          await client.query('SET statement_timeout = 0');
          const result = await fn({
            query: async (sql, params) => {
              const answer = await client.query(sql, params as unknown[]).catch(fail);
              return { rows: answer.rows };
            },
            exec: async (sql) => {
              await client.query(sql).catch(fail);
            },
          });
          return result;
        } finally {
          // Closed, not returned to the pool: its settings and any session lock end with it.
          client.release(true);
        }
      },
    );
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const dataDir = options.dataDir ?? path.join(DEFAULT_DATA_DIR, 'pglite');
  // PGlite's folder and every file in it are the server's user's alone.
  if (!dataDir.startsWith('memory://')) privateFolder(dataDir, { within: false });
  const db = await PGlite.create(dataDir);
  if (!dataDir.startsWith('memory://')) privateFolder(dataDir);
  return counted(
    'pglite',
    {
      query: async (sql, params) => {
        const result = await db.query(sql, params as unknown[]);
        return { rows: result.rows as never[] };
      },
      exec: async (sql) => {
        await db.exec(sql);
      },
    },
    () => db.close(),
    undefined,
    // PGlite answers on this thread, and its promises settle without a turn of the event
    // loop: a transaction of many statements (a publish) would hold every reader and
    // /healthz until it ends. Each statement in a transaction gives the loop a turn.
    (fn) =>
      db.transaction((tx) =>
        fn({
          query: async (sql, params) => {
            const result = await tx.query(sql, params as unknown[]);
            await turnOfTheEventLoop();
            return { rows: result.rows as never[] };
          },
          exec: async (sql) => {
            await tx.exec(sql);
            await turnOfTheEventLoop();
          },
        }),
      ),
  );
}

const turnOfTheEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
