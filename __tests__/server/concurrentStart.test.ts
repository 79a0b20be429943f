import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Client } from 'pg';
import { openDatabase } from '../../api/db/database';
import { migrate, SCHEMA_SQL } from '../../api/db/migrations';
import { prepareDatabase } from '../../api/publishing/prepareDatabase';
import { PUBLISH_LOCK } from '../../api/db/locks';
import { readContentFiles } from '../../api/publishing/readContentFiles';
import { openSite, type RunningServer } from '../../harness/siteServer';
import { createFreshDatabase, type FreshDatabase } from '../../harness/freshDatabase';
import { describeOnPostgres } from '../support/describeOnPostgres';

/**
 * Issue 12, item 2: any number of servers may start at the same moment
 * against one empty PostgreSQL, and together they make one schema and one
 * copy of the seed. Against a real PostgreSQL 15 (TEST_DATABASE_URL, see
 * scripts/ci-postgres.sh); every test makes its own empty database there.
 */
const ROOT = path.resolve(__dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const PREPARER = path.join(ROOT, '__tests__/support/prepareWhenTold.ts');

const content = readContentFiles();
const TABLES = [...SCHEMA_SQL.matchAll(/CREATE TABLE IF NOT EXISTS (\w+)/g)]
  .map((match) => match[1]!)
  .sort();

interface Counts {
  tables: string[];
  articles: number;
  authors: number;
  topics: number;
  pages: number;
  assets: number;
  site: number;
  distinctSlugs: number;
}

async function countsIn(url: string): Promise<Counts> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const count = async (sql: string) =>
      Number((await client.query<{ n: string }>(sql)).rows[0]!.n);
    const { rows } = await client.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    );
    return {
      tables: rows.map((row) => row.table_name).sort(),
      articles: await count("SELECT count(*) AS n FROM articles WHERE locale = 'en'"),
      authors: await count("SELECT count(*) AS n FROM authors WHERE locale = 'en'"),
      topics: await count("SELECT count(*) AS n FROM topics WHERE locale = 'en'"),
      pages: await count("SELECT count(*) AS n FROM pages WHERE locale = 'en'"),
      assets: await count('SELECT count(*) AS n FROM assets'),
      site: await count("SELECT count(*) AS n FROM site WHERE locale = 'en'"),
      distinctSlugs: await count(
        "SELECT count(DISTINCT slug) AS n FROM articles WHERE locale = 'en'",
      ),
    };
  } finally {
    await client.end();
  }
}

/** One schema and exactly one copy of content/. */
function expectOneSeed(counts: Counts): void {
  expect(counts.tables).toEqual(TABLES);
  expect(counts).toMatchObject({
    articles: content.articles.length,
    distinctSlugs: content.articles.length,
    authors: content.authors.length,
    topics: content.topics.length,
    pages: content.pages.length,
    assets: content.assets.length,
    site: 1,
  });
}

interface Preparer {
  child: ChildProcess;
  ready: Promise<void>;
  /** The JSON line it prints when prepareDatabase returned, or a rejection with its output when it exits otherwise. */
  result: Promise<{ pid: number; waitedMs: number; totalMs: number; said: string[] }>;
}

/** A process that opens the database, says `ready`, and runs prepareDatabase when it reads a line. */
function preparer(url: string): Preparer {
  const child = spawn(TSX, [PREPARER, url], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  let onReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (/^ready$/m.test(output)) onReady();
  });
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const result = new Promise<Preparer['result'] extends Promise<infer T> ? T : never>(
    (resolve, reject) => {
      child.once('exit', (code, signal) => {
        const line = output.split('\n').find((text) => text.startsWith('{'));
        if (code === 0 && line) resolve(JSON.parse(line));
        else reject(new Error(`preparer exited with ${code ?? signal}:\n${output}`));
      });
    },
  );
  result.catch(() => undefined);
  return { child, ready, result };
}

describeOnPostgres(
  'servers starting at the same moment against one empty PostgreSQL',
  (serverUrl) => {
    let fresh: FreshDatabase | undefined;
    afterEach(async () => {
      await fresh?.drop();
      fresh = undefined;
    });

    it('collide when they migrate without the lock (the failure prepareDatabase prevents)', async () => {
      fresh = await createFreshDatabase(serverUrl, 'bare');
      const [a, b] = await Promise.all([
        openDatabase({ databaseUrl: fresh.url }),
        openDatabase({ databaseUrl: fresh.url }),
      ]);
      try {
        await Promise.all([a.query('SELECT 1'), b.query('SELECT 1')]);
        const outcomes = await Promise.allSettled([migrate(a), migrate(b)]);
        const failures = outcomes.filter(
          (outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected',
        );
        expect(failures.length).toBeGreaterThan(0);
        expect(String(failures[0]!.reason)).toMatch(
          /duplicate key value violates unique constraint "pg_(type_typname|class_relname)_nsp_index"/,
        );
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });

    it('in two processes told to prepare at once: both succeed, one waits for the other, one schema, one seed', async () => {
      fresh = await createFreshDatabase(serverUrl, 'processes');
      const processes = [preparer(fresh.url), preparer(fresh.url)];
      try {
        await Promise.all(processes.map((entry) => entry.ready));
        const told = Date.now();
        for (const entry of processes) entry.child.stdin!.end('go\n');
        const results = await Promise.all(processes.map((entry) => entry.result));
        const elapsed = Date.now() - told;
        console.log(
          `two processes prepared one database in ${elapsed} ms; waited ${results.map((result) => result.waitedMs).join(' and ')} ms for the lock`,
        );
        const waited = results.filter((result) => result.waitedMs > 0);
        expect(waited).toHaveLength(1);
        expect(waited[0]!.said.join('\n')).toMatch(/another server is preparing the database/);
        expectOneSeed(await countsIn(fresh.url));
      } finally {
        for (const entry of processes) entry.child.kill('SIGKILL');
      }
    });

    it('after a server dies holding the lock mid-seed: the lock is free and the next one makes a complete seed', async () => {
      fresh = await createFreshDatabase(serverUrl, 'killed');
      const victim = preparer(fresh.url);
      await victim.ready;
      victim.child.stdin!.end('go\n');
      // Kill it once the seed's writes have begun and before they end. The seed is one publish, one
      // transaction (api/publishing/publishContent.ts): while it writes it holds the publish lock, and
      // nothing of it is visible to another connection yet.
      const watcher = new Client({ connectionString: fresh.url });
      await watcher.connect();
      try {
        const deadline = Date.now() + 30_000;
        const [key1, key2] = PUBLISH_LOCK;
        for (;;) {
          const { rows: locks } = await watcher.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND classid = $1::int::oid AND objid = $2::int::oid AND objsubid = 2 AND granted",
            [key1, key2],
          );
          if (locks[0]!.n > 0) {
            const { rows } = await watcher.query<{ assets: number; site: number }>(
              'SELECT (SELECT count(*)::int FROM assets) AS assets, (SELECT count(*)::int FROM site) AS site',
            );
            expect(rows[0]).toEqual({ assets: 0, site: 0 });
            break;
          }
          if (Date.now() > deadline) throw new Error('the seed never began');
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        victim.child.kill('SIGKILL');
        await expect(victim.result).rejects.toThrow(/SIGKILL/);
      } finally {
        await watcher.end();
      }
      const db = await openDatabase({ databaseUrl: fresh.url });
      try {
        const started = Date.now();
        const { waitedMs } = await prepareDatabase(db, { log: () => {} });
        // PostgreSQL ends the dead client's session when it notices the closed socket (here ~0.2 s), and the lock with it.
        console.log(
          `the lock of a killed server was free after ${waitedMs} ms; the next server redid the seed in ${Date.now() - started} ms`,
        );
        expect(waitedMs).toBeLessThan(5_000);
        expect(Date.now() - started).toBeLessThan(30_000);
      } finally {
        await db.close();
      }
      expectOneSeed(await countsIn(fresh.url));
    });

    it('two servers started at once both serve, over one schema and one copy of the seed', async () => {
      fresh = await createFreshDatabase(serverUrl, 'servers');
      const options = {
        port: 0,
        host: '127.0.0.1',
        databaseUrl: fresh.url,
        serveClient: false,
        mode: 'development' as const,
      };
      const started = Date.now();
      const outcomes = await Promise.allSettled([openSite(options), openSite(options)]);
      const servers = outcomes.flatMap((outcome) =>
        outcome.status === 'fulfilled' ? [outcome.value] : [],
      );
      try {
        const failure = outcomes.find(
          (outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected',
        );
        if (failure) throw failure.reason;
        console.log(`two servers started together in ${Date.now() - started} ms`);
        const totals: number[] = [];
        for (const server of servers as RunningServer[]) {
          const response = await fetch(`${server.url}/graphql`, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              Accept: 'application/graphql-response+json',
            },
            body: JSON.stringify({ query: '{ articles(first: 50) { totalCount } }' }),
          });
          const body = (await response.json()) as {
            data?: { articles: { totalCount: number } };
            errors?: unknown;
          };
          expect(body.errors).toBeUndefined();
          totals.push(body.data!.articles.totalCount);
        }
        expect(totals[0]).toBeGreaterThanOrEqual(30);
        expect(totals[1]).toBe(totals[0]);
        expectOneSeed(await countsIn(fresh.url));
      } finally {
        await Promise.all(servers.map((server) => server.close()));
      }
    });
  },
);
