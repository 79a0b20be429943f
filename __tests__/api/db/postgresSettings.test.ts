import { messages as en } from '../../../src/i18n/__generated__/en';
import { provideMessages } from '../../../src/i18n/messages';
import ArticleIndexPageQuery from '@generated/ArticleIndexPageQuery.graphql';
import { createServer, type Server, type Socket } from 'node:net';
import { Client } from 'pg';
import {
  openDatabase,
  translateDatabaseError,
  withSession,
  type Database,
  type DatabaseOptions,
} from '../../../api/db/database';
import { prepareDatabase } from '../../../api/publishing/prepareDatabase';
import { createEmbeddedSource } from '../../../api/sources/embedded/embeddedSource';
import { DEFAULT_POSTGRES_SETTINGS, postgresSettings } from '../../../settings/postgresSettings';
import { describeError } from '../../../src/errors/errorMessages';
import { GraphQLResponseError } from '../../../src/relay/errors';
import { createFreshDatabase, type FreshDatabase } from '../../../harness/freshDatabase';
import { describeOnPostgres } from '../../support/describeOnPostgres';
import { startTestServer, type TestServer } from '../../support/testServer';
import { ContentError } from '../../../api/contentError';

/**
 * Issue 12, item 7: the pool size, the statement timeout and the connect
 * timeout come from the environment (settings/postgresSettings.ts); a statement
 * PostgreSQL cancels is a clear QUERY_TIMEOUT, and a database that does not
 * answer is an error that says so, never a hang.
 */

describe('PostgreSQL settings from the environment', () => {
  it('has defaults that suit one worker per core', () => {
    expect(postgresSettings({})).toEqual({
      poolSize: 10,
      statementTimeoutMs: 5_000,
      connectTimeoutMs: 5_000,
      preparedStatements: 256,
    });
    expect(DEFAULT_POSTGRES_SETTINGS.poolSize * 8).toBeLessThan(100 - 3);
  });

  it('reads each variable, and 0 turns the statement timeout off', () => {
    expect(
      postgresSettings({
        FOLIO_PG_POOL_SIZE: '4',
        FOLIO_PG_STATEMENT_TIMEOUT_MS: '0',
        FOLIO_PG_CONNECT_TIMEOUT_MS: ' 1500 ',
        FOLIO_PG_PREPARED_STATEMENTS: '0',
      }),
    ).toEqual({
      poolSize: 4,
      statementTimeoutMs: 0,
      connectTimeoutMs: 1_500,
      preparedStatements: 0,
    });
    expect(postgresSettings({ FOLIO_PG_POOL_SIZE: '' })).toEqual(DEFAULT_POSTGRES_SETTINGS);
  });

  it.each([
    ['FOLIO_PG_POOL_SIZE', '0'],
    ['FOLIO_PG_POOL_SIZE', 'ten'],
    ['FOLIO_PG_POOL_SIZE', '2.5'],
    ['FOLIO_PG_STATEMENT_TIMEOUT_MS', '-1'],
    ['FOLIO_PG_STATEMENT_TIMEOUT_MS', '5s'],
    ['FOLIO_PG_CONNECT_TIMEOUT_MS', '0'],
    ['FOLIO_PG_PREPARED_STATEMENTS', 'off'],
    ['FOLIO_PG_PREPARED_STATEMENTS', '10001'],
  ])('refuses %s=%s with a message naming it', (name, value) => {
    expect(() => postgresSettings({ [name]: value })).toThrow(
      new RegExp(
        `^${name} must be a whole number from \\d+ to [\\d,]+; got "${value.replace('.', '\\.')}"\\.$`,
      ),
    );
  });
});

describe('database errors as the API answers them', () => {
  it('a cancelled statement (57014) and a pool with no free connection are QUERY_TIMEOUT', () => {
    const cancelled = Object.assign(new Error('canceling statement due to statement timeout'), {
      code: '57014',
    });
    for (const error of [cancelled, new Error('timeout exceeded when trying to connect')]) {
      const answer = translateDatabaseError(error, { connectTimeoutMs: 5_000 });
      expect(answer).toBeInstanceOf(ContentError);
      expect((answer as ContentError).code).toBe('QUERY_TIMEOUT');
      expect((answer as ContentError).message).not.toMatch(/statement|connect/);
    }
  });

  it('a database that cannot be reached is SOURCE_UNAVAILABLE with a Retry-After (issue 36)', () => {
    for (const error of [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('the database system is shutting down'), { code: '57P03' }),
      Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      }),
      Object.assign(new Error('connection failure'), { code: '08006' }),
      new Error('Connection terminated unexpectedly'),
      new AggregateError([Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })]),
    ]) {
      const answer = translateDatabaseError(error, { connectTimeoutMs: 5_000 });
      expect(answer).toBeInstanceOf(ContentError);
      expect((answer as ContentError).code).toBe('SOURCE_UNAVAILABLE');
      expect((answer as ContentError).retryAfterSeconds).toBe(5);
      expect(((answer as Error).cause as Error).message).toBe(error.message);
    }
  });

  it('other errors pass through unchanged', () => {
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    expect(translateDatabaseError(unique, { connectTimeoutMs: 5_000 })).toBe(unique);
  });

  it('the reader is told the server is busy, with a retry button', () => {
    const failure = new GraphQLResponseError(
      'ArticleIndexPageQuery',
      [{ message: 'The database took too long to answer', extensions: { code: 'QUERY_TIMEOUT' } }],
      200,
    );
    const described = describeError(failure);
    const english = provideMessages('en', en);
    expect({
      ...described,
      title: english._(described.title),
      message: english._(described.message),
    }).toEqual({
      title: 'This is taking too long',
      message: 'The server is busy right now. Please try again in a moment.',
      action: 'retry',
      transient: false,
    });
  });
});

describe('a PostgreSQL that accepts connections and never answers', () => {
  let silent: Server;
  let port: number;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    port = (silent.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('is a clear error after the connect timeout, for a query and for a server start', async () => {
    const db = await openDatabase({
      databaseUrl: `postgres://folio@127.0.0.1:${port}/folio`,
      postgres: { connectTimeoutMs: 300 },
    });
    // Readers are told the database cannot be reached, with a Retry-After (a 503 on every path);
    // the log says why, naming the setting.
    const failure = (error: unknown) => ({
      code: (error as ContentError).code,
      retryAfterSeconds: (error as ContentError).retryAfterSeconds,
      message: (error as Error).message,
      cause: ((error as Error).cause as Error | undefined)?.message,
    });
    const expected = {
      code: 'SOURCE_UNAVAILABLE',
      retryAfterSeconds: 5,
      message: 'The database cannot be reached right now. Please try again in a moment.',
      cause: 'PostgreSQL did not answer within 300 ms (FOLIO_PG_CONNECT_TIMEOUT_MS).',
    };
    try {
      const started = Date.now();
      expect(failure(await db.query('SELECT 1').catch((error: unknown) => error))).toEqual(
        expected,
      );
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(
        failure(await prepareDatabase(db, { log: () => {} }).catch((error: unknown) => error)),
      ).toEqual(expected);
    } finally {
      await db.close();
    }
  });
});

describeOnPostgres('on a real PostgreSQL server', (serverUrl) => {
  let fresh: FreshDatabase;
  beforeAll(async () => {
    fresh = await createFreshDatabase(serverUrl, 'settings');
  });
  afterAll(() => fresh?.drop());

  async function withDatabase<T>(
    settings: DatabaseOptions['postgres'],
    fn: (db: Database) => Promise<T>,
  ): Promise<T> {
    const db = await openDatabase({ databaseUrl: fresh.url, postgres: settings });
    try {
      return await fn(db);
    } finally {
      await db.close();
    }
  }

  it('cancels a reader statement at the statement timeout: QUERY_TIMEOUT, not a hang', async () => {
    await withDatabase({ statementTimeoutMs: 200 }, async (db) => {
      const started = Date.now();
      const error = await db.query('SELECT pg_sleep(3)').then(
        () => null,
        (failure: unknown) => failure,
      );
      const took = Date.now() - started;
      expect(error).toBeInstanceOf(ContentError);
      expect((error as ContentError).code).toBe('QUERY_TIMEOUT');
      expect(((error as ContentError).cause as { code?: string }).code).toBe('57014');
      expect(took).toBeGreaterThanOrEqual(190);
      expect(took).toBeLessThan(2_500);
      // The connection is fine afterwards.
      expect((await db.query<{ n: number }>('SELECT 1 AS n')).rows[0]!.n).toBe(1);
    });
  });

  it('reads the timeout from FOLIO_PG_STATEMENT_TIMEOUT_MS; a session (migrations, seeding) has none', async () => {
    const saved = process.env.FOLIO_PG_STATEMENT_TIMEOUT_MS;
    process.env.FOLIO_PG_STATEMENT_TIMEOUT_MS = '150';
    try {
      await withDatabase(undefined, async (db) => {
        expect(
          (await db.query<{ statement_timeout: string }>('SHOW statement_timeout')).rows[0]!
            .statement_timeout,
        ).toBe('150ms');
        await expect(db.query('SELECT pg_sleep(0.5)')).rejects.toMatchObject({
          name: 'ContentError',
          code: 'QUERY_TIMEOUT',
        });
        await withSession(db, async (session) => {
          expect(
            (await session.query<{ statement_timeout: string }>('SHOW statement_timeout')).rows[0]!
              .statement_timeout,
          ).toBe('0');
          await session.query('SELECT pg_sleep(0.5)');
        });
        // The session's connection was closed, not handed back with its setting: the pool's connections still time out.
        await expect(db.query('SELECT pg_sleep(0.5)')).rejects.toMatchObject({
          name: 'ContentError',
          code: 'QUERY_TIMEOUT',
        });
      });
    } finally {
      if (saved === undefined) delete process.env.FOLIO_PG_STATEMENT_TIMEOUT_MS;
      else process.env.FOLIO_PG_STATEMENT_TIMEOUT_MS = saved;
    }
  });

  it('opens at most FOLIO_PG_POOL_SIZE connections', async () => {
    await withDatabase({ poolSize: 2, statementTimeoutMs: 0 }, async (db) => {
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_sleep(0.1)'),
        ),
      );
      expect(new Set(answers.map((answer) => answer.rows[0]!.pid)).size).toBe(2);
    });
  });

  describe('prepared statements', () => {
    const ONE = 'SELECT $1::int AS n';
    const TWO = 'SELECT $1::text AS s';
    /** The statements prepared on the pool's one connection, by text (this query is one of them when it is named). */
    const prepared = async (db: Database) =>
      (
        await db.query<{ statement: string }>(
          'SELECT statement FROM pg_prepared_statements WHERE NOT from_sql ORDER BY prepare_time',
        )
      ).rows
        .map((row) => row.statement)
        .filter((statement) => statement === ONE || statement === TWO);

    it('each statement text is prepared once per connection and then reused', async () => {
      await withDatabase({ poolSize: 1 }, async (db) => {
        for (let run = 0; run < 3; run += 1) {
          expect((await db.query<{ n: number }>(ONE, [run])).rows[0]!.n).toBe(run);
          expect((await db.query<{ s: string }>(TWO, [`run ${run}`])).rows[0]!.s).toBe(
            `run ${run}`,
          );
        }
        expect(await prepared(db)).toEqual([ONE, TWO]);
      });
    });

    it('FOLIO_PG_PREPARED_STATEMENTS caps how many texts are prepared, and 0 prepares none', async () => {
      await withDatabase({ poolSize: 1, preparedStatements: 1 }, async (db) => {
        await db.query(ONE, [1]);
        await db.query(TWO, ['two']);
        await db.query(TWO, ['two again']);
        expect(await prepared(db)).toEqual([ONE]);
      });
      await withDatabase({ poolSize: 1, preparedStatements: 0 }, async (db) => {
        await db.query(ONE, [1]);
        expect(await prepared(db)).toEqual([]);
      });
    });

    it('search is planned for its words every time; the article list is prepared', async () => {
      await withDatabase({ poolSize: 1 }, async (db) => {
        await prepareDatabase(db, { log: () => {} });
        const content = createEmbeddedSource(db).reader({ preview: false });
        const found = await content.search('tide', { first: 10, after: null });
        expect(await found.totalCount()).toBeGreaterThan(0);
        const listed = await content.articles({}, { first: 12, after: null });
        expect(await listed.totalCount()).toBeGreaterThanOrEqual(30);
        const statements = (
          await db.query<{ statement: string }>(
            'SELECT statement FROM pg_prepared_statements WHERE NOT from_sql',
          )
        ).rows.map((row) => row.statement);
        expect(
          statements.filter((statement) => statement.includes('FROM articles a')).length,
        ).toBeGreaterThanOrEqual(2);
        expect(
          statements.filter((statement) => statement.includes('websearch_to_tsquery')),
        ).toEqual([]);
      });
    });
  });

  it('a request that finds every connection busy for the connect timeout is QUERY_TIMEOUT too', async () => {
    await withDatabase(
      { poolSize: 1, statementTimeoutMs: 0, connectTimeoutMs: 200 },
      async (db) => {
        const busy = db.query('SELECT pg_sleep(3)');
        const started = Date.now();
        await expect(db.query('SELECT 1')).rejects.toMatchObject({
          name: 'ContentError',
          code: 'QUERY_TIMEOUT',
        });
        // Refused at its connect timeout, long before the busy connection is free.
        expect(Date.now() - started).toBeLessThan(2_500);
        await busy;
      },
    );
  });

  describe('through the API, while a migration-like lock holds the articles table', () => {
    let api: TestServer;
    let locker: Client;
    const saved = process.env.FOLIO_PG_STATEMENT_TIMEOUT_MS;
    beforeAll(async () => {
      process.env.FOLIO_PG_STATEMENT_TIMEOUT_MS = '400';
      // Production: persisted queries only, errors masked unless the API means them for readers.
      api = await startTestServer({ databaseUrl: fresh.url, mode: 'production' });
      locker = new Client({ connectionString: fresh.url });
      await locker.connect();
    });
    afterAll(async () => {
      if (saved === undefined) delete process.env.FOLIO_PG_STATEMENT_TIMEOUT_MS;
      else process.env.FOLIO_PG_STATEMENT_TIMEOUT_MS = saved;
      await locker?.end();
      await api?.close();
    });

    const listPage = () =>
      api.graphql<{ articles: { totalCount: number } }>({
        operationName: 'ArticleIndexPageQuery',
        doc_id: ArticleIndexPageQuery.params.id,
        variables: {},
      });

    it('answers within the timeout with a QUERY_TIMEOUT error, then normally once the lock is gone', async () => {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE articles IN ACCESS EXCLUSIVE MODE');
      let answer: Awaited<ReturnType<typeof listPage>>;
      const started = Date.now();
      try {
        answer = await listPage();
      } finally {
        await locker.query('ROLLBACK');
      }
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(390);
      expect(took).toBeLessThan(3_000);
      expect(answer.status).toBe(200);
      expect(answer.body.data ?? null).toBeNull();
      expect(answer.body.errors?.[0]).toMatchObject({
        message:
          'The database took too long to answer, so the query was stopped. Please try again in a moment.',
        extensions: { code: 'QUERY_TIMEOUT' },
      });
      expect(JSON.stringify(answer.body)).not.toMatch(
        /statement timeout|canceling|57014|INTERNAL_SERVER_ERROR/,
      );
      expect(answer.headers.get('cache-control') ?? '').not.toMatch(/public/);

      // Not kept by the response cache: the same request now gets the list.
      const again = await listPage();
      expect(again.body.errors).toBeUndefined();
      expect(again.body.data!.articles.totalCount).toBeGreaterThanOrEqual(30);
    });
  });
});
