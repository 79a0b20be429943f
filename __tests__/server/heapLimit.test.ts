import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import { heapLimitMb, heapLimitToSet, ownHeapLimit } from '../../settings/memorySettings';
import { describeOnPostgres } from '../support/describeOnPostgres';
import {
  slowContentService,
  startServerProcess,
  stopServerProcesses,
  until,
  type ServerProcess,
} from '../support/serverProcess';

/**
 * Issue 36: the reader cache keeps its bound in resident memory only when V8
 * has a heap limit (bench/RESULTS.md, "Reader cache memory"), so `npm start`
 * (server/start.ts) gives every process that serves one, sized from
 * FOLIO_READER_CACHE_MB, unless the operator set their own
 * (docs/operations.md#memory). Read from each process's own command line.
 */
afterEach(stopServerProcesses);

/** A process's arguments, as the kernel has them. */
const argsOf = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
/** The pids that said they serve (` server on http://…`). */
const servers = (server: ServerProcess) => [
  ...new Set(
    server
      .lines()
      .filter((line) => / server on http:\/\//.test(line.msg))
      .map((line) => line.pid),
  ),
];

describe('the heap limit npm start sets', () => {
  it('is the reader cache plus the margin, unless NODE_OPTIONS or node itself has one', () => {
    // 64 MB of cache, 96 MB for the rest, 160 MB for 10,000 live streams.
    expect(heapLimitMb(64 * 1024 * 1024)).toBe(320);
    expect(heapLimitToSet(64 * 1024 * 1024, undefined, [])).toBe(
      `--max-old-space-size=${heapLimitMb(64 * 1024 * 1024)}`,
    );
    expect(heapLimitToSet(32 * 1024 * 1024, '--enable-source-maps', ['--import', 'tsx'])).toBe(
      `--max-old-space-size=${heapLimitMb(32 * 1024 * 1024)}`,
    );
    for (const [options, argv] of [
      ['--max-old-space-size=512', []],
      ['--enable-source-maps --max_old_space_size=300', []],
      [undefined, ['--import', 'tsx', '--max-old-space-size=200']],
    ] as const) {
      expect(ownHeapLimit(options, argv)).toBe(true);
      expect(heapLimitToSet(64 * 1024 * 1024, options, argv)).toBeNull();
    }
  });

  describe('one process serving alone (PGlite)', () => {
    let service: Awaited<ReturnType<typeof slowContentService>>;
    beforeAll(async () => (service = await slowContentService(0)));
    afterAll(() => service.close());
    const start = (env: Record<string, string> = {}) =>
      startServerProcess({
        FOLIO_DATA_DIR: 'memory://',
        FOLIO_UPSTREAM_GRAPHQL_URL: service.url,
        FOLIO_READER_CACHE_MB: '32',
        FOLIO_SHUTDOWN_LAME_DUCK_MS: '0',
        ...env,
      });

    it('runs again with FOLIO_READER_CACHE_MB + the margin; its parent passes SIGTERM on and exits as it does', async () => {
      const server = await start();
      const [pid] = servers(server);
      expect(pid).not.toBe(server.child.pid);
      expect(argsOf(pid!)).toContain(`--max-old-space-size=${heapLimitMb(32 * 1024 * 1024)}`);
      expect(argsOf(server.child.pid!).join(' ')).not.toMatch(/max-old-space-size/);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      process.kill(server.child.pid!, 'SIGTERM');
      expect(await server.exited).toMatchObject({ code: 0, signal: null });
      await until(() => !alive(pid!), 10_000);
    });

    it('drains and exits when the parent standing in for it is killed', async () => {
      const server = await start();
      const [pid] = servers(server);
      process.kill(server.child.pid!, 'SIGKILL');
      await until(() => !alive(pid!), 15_000);
    });

    it("keeps the operator's own NODE_OPTIONS limit, in one process", async () => {
      const server = await start({ NODE_OPTIONS: '--max-old-space-size=200' });
      expect(servers(server)).toEqual([server.child.pid]);
      expect(argsOf(server.child.pid!).join(' ')).not.toMatch(/max-old-space-size/);
      process.kill(server.child.pid!, 'SIGTERM');
      expect(await server.exited).toMatchObject({ code: 0 });
    });
  });

  describeOnPostgres('WEB_CONCURRENCY workers over PostgreSQL', (postgresUrl) => {
    let databaseUrl: string;
    let databaseName: string;
    let service: Awaited<ReturnType<typeof slowContentService>>;
    beforeAll(async () => {
      service = await slowContentService(0);
      databaseName = `folio_heap_${randomBytes(4).toString('hex')}`;
      const admin = new Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${databaseName}`);
      await admin.end();
      const url = new URL(postgresUrl);
      url.pathname = `/${databaseName}`;
      databaseUrl = url.toString();
    });
    afterAll(async () => {
      await service.close();
      const admin = new Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await admin.end();
    });

    it('forks every worker with the limit (the default 64 MB cache: 160 MB), the primary as it was', async () => {
      const primary = await startServerProcess(
        {
          DATABASE_URL: databaseUrl,
          WEB_CONCURRENCY: '2',
          FOLIO_UPSTREAM_GRAPHQL_URL: service.url,
          FOLIO_SHUTDOWN_LAME_DUCK_MS: '0',
        },
        (line) => /^2 workers serving on port \d+$/.test(line.msg),
      );
      await until(() => servers(primary).length === 2, 5_000);
      for (const pid of servers(primary)) {
        expect(pid).not.toBe(primary.child.pid);
        expect(argsOf(pid)).toContain(`--max-old-space-size=${heapLimitMb(64 * 1024 * 1024)}`);
      }
      expect(argsOf(primary.child.pid!).join(' ')).not.toMatch(/max-old-space-size/);
      process.kill(primary.child.pid!, 'SIGTERM');
      expect(await primary.exited).toMatchObject({ code: 0 });
    });
  });
});
