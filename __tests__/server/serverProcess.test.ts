import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Client } from 'pg';
import { describeOnPostgres } from '../support/describeOnPostgres';
import {
  halfSentRequest,
  query,
  refusesConnections,
  slowContentService,
  startServerProcess,
  stopServerProcesses,
  until,
  type Answer,
} from '../support/serverProcess';

/**
 * Issue 12 (items 1 and 3) as an operator runs the server: `server/start.ts`
 * in a process of its own, stopped with a real SIGTERM. Its /graphql forwards
 * to a slow content service in this test, so requests are still in flight
 * when the signal arrives.
 */

const ROOT = path.resolve(__dirname, '../..');
afterEach(stopServerProcesses);

describe('SIGTERM drains one server', () => {
  let service: Awaited<ReturnType<typeof slowContentService>>;
  afterEach(() => service?.close());

  it('says it is not ready for the lame-duck period while it keeps serving, then finishes every request in flight with a complete 200, refuses new connections, and exits 0 promptly', async () => {
    const delayMs = 1_500;
    const lameDuckMs = 600;
    const inFlight = 20;
    service = await slowContentService(delayMs);
    const server = await startServerProcess({
      FOLIO_DATA_DIR: 'memory://',
      FOLIO_UPSTREAM_GRAPHQL_URL: service.url,
      FOLIO_SHUTDOWN_LAME_DUCK_MS: String(lameDuckMs),
      WEB_CONCURRENCY: '2',
    });
    // On PGlite one process serves, whatever WEB_CONCURRENCY says, and the log says so.
    expect(server.lines().filter((line) => / server on /.test(line.msg))).toHaveLength(1);
    expect(
      server
        .lines()
        .some(
          (line) =>
            line.level === 'warn' &&
            /WEB_CONCURRENCY=2, but PGlite lives in one process: running one/.test(line.msg),
        ),
    ).toBe(true);

    const answers = Array.from({ length: inFlight }, (_, n) => query(server.url, n));
    await until(() => service.received() === inFlight);
    const probe = halfSentRequest(server.url, 'GET /readyz HTTP/1.1');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const signalledAt = Date.now();
    process.kill(server.child.pid!, 'SIGTERM');

    // The lame-duck period: /readyz says 503 at once, and a reader who comes now is still served.
    await server.waitFor((line) =>
      /^SIGTERM: shutting down after 600 ms not ready$/.test(line.msg),
    );
    const duringLameDuck = await fetch(`${server.url}/readyz`);
    expect(duringLameDuck.status).toBe(503);
    expect(await duringLameDuck.json()).toEqual({ status: 'not ready', reason: 'shutting down' });
    const lateReader = query(server.url, inFlight);
    await until(() => service.received() === inFlight + 1);
    expect(Date.now() - signalledAt).toBeLessThan(lameDuckMs);
    expect(await refusesConnections(server.url)).toBe(false);

    await server.waitFor((line) => /shutting down: finishing/.test(line.msg), 2_000);
    // The listening socket closes within a turn of the server's loop (a connection racing it may still be taken, then reset).
    let refused = false;
    for (let attempt = 0; attempt < 50 && !refused; attempt += 1) {
      refused = await refusesConnections(server.url);
      if (!refused) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(refused).toBe(true);
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(lameDuckMs);
    expect(Date.now() - signalledAt).toBeLessThan(delayMs);
    const readiness = await probe.finish();
    expect(readiness).toMatch(/^HTTP\/1\.1 503 /);
    expect(readiness).toMatch(/\r\nConnection: close\r\n/i);
    expect(readiness).toMatch(/\r\nCache-Control: no-store\r\n/i);
    expect(readiness.slice(readiness.indexOf('\r\n\r\n') + 4)).toBe(
      '{"status":"not ready","reason":"shutting down"}\n',
    );

    const results = await Promise.allSettled(answers);
    const { code, signal, at } = await server.exited;
    const exitMs = at - signalledAt;
    const completed = results.filter(
      (result) => result.status === 'fulfilled' && result.value.status === 200,
    );
    console.log(
      `shutdown: ${completed.length} of ${inFlight} requests in flight completed; exit ${exitMs} ms after SIGTERM (content service delay ${delayMs} ms)`,
    );
    expect(results.map((result) => result.status)).toEqual(Array(inFlight).fill('fulfilled'));
    results.forEach((result, n) => {
      const answer = (result as PromiseFulfilledResult<Answer>).value;
      expect(answer.status).toBe(200);
      expect(answer.headers.connection).toBe('close');
      expect(JSON.parse(answer.body)).toEqual({ data: { echo: n, pad: 'x'.repeat(50_000) } });
    });
    const late = await lateReader;
    expect(late.status).toBe(200);
    expect(late.headers.connection).toBe('close');
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(exitMs).toBeLessThan(lameDuckMs + delayMs + 1_500);

    const drained = server.lines().find((line) => /shutting down: finishing/.test(line.msg))!;
    expect(drained.inFlight).toBe(inFlight + 1);
    expect(
      server.lines().filter((line) => line.path === '/graphql' && line.status === 200),
    ).toHaveLength(inFlight + 1);
    expect(server.lines().at(-1)).toMatchObject({
      refused: 0,
      cut: 0,
      msg: expect.stringMatching(/^stopped after \d+ ms$/),
    });
  });

  it('answers what is still running after FOLIO_SHUTDOWN_GRACE_MS with 503 and Retry-After, never a reset, and still exits 0', async () => {
    service = await slowContentService('never');
    const server = await startServerProcess({
      FOLIO_DATA_DIR: 'memory://',
      FOLIO_UPSTREAM_GRAPHQL_URL: service.url,
      FOLIO_SHUTDOWN_GRACE_MS: '700',
      FOLIO_SHUTDOWN_LAME_DUCK_MS: '0',
    });
    const stuck = query(server.url, 1);
    await until(() => service.received() === 1);
    const signalledAt = Date.now();
    process.kill(server.child.pid!, 'SIGTERM');
    const { code, at } = await server.exited;
    const answer = await stuck;
    expect(answer.status).toBe(503);
    expect(answer.headers).toMatchObject({
      'retry-after': '2',
      'cache-control': 'no-store',
      connection: 'close',
      'x-content-type-options': 'nosniff',
      'content-security-policy': expect.stringContaining("default-src 'self'"),
    });
    expect(answer.headers['x-request-id']).toEqual(expect.any(String));
    expect(answer.body).toBe('The server is restarting. Please try again in a moment.\n');
    expect(code).toBe(0);
    expect(at - signalledAt).toBeGreaterThanOrEqual(650);
    expect(at - signalledAt).toBeLessThan(2_000);
    expect(
      server
        .lines()
        .some(
          (line) =>
            line.refused === 1 &&
            line.cut === 0 &&
            /grace period over: 1 request answered 503 \(retry in 2 s\), 0 cut/.test(line.msg),
        ),
    ).toBe(true);
  });
});

/**
 * The cluster needs a PostgreSQL server (TEST_DATABASE_URL, see
 * scripts/ci-postgres.sh); this test makes a database of its own there.
 */
describe('a mistyped variable', () => {
  it.each([
    [
      'FOLIO_PG_POOL_SIZE',
      'ten',
      'FOLIO_PG_POOL_SIZE must be a whole number from 1 to 1,000; got "ten".',
    ],
    [
      'FOLIO_PG_PREPARED_STATEMENTS',
      'yes',
      'FOLIO_PG_PREPARED_STATEMENTS must be a whole number from 0 to 10,000; got "yes".',
    ],
    [
      'WEB_CONCURRENCY',
      'two',
      'WEB_CONCURRENCY must be a whole number of at least 1; it is "two".',
    ],
    [
      'FOLIO_RENDER_TIMEOUT_MS',
      'abc',
      'FOLIO_RENDER_TIMEOUT_MS must be a whole number of at least 1; it is "abc".',
    ],
    [
      'FOLIO_IMAGE_CACHE_MB',
      'lots',
      'FOLIO_IMAGE_CACHE_MB must be a number of megabytes above 0 (at most 1,048,576); it is "lots".',
    ],
    [
      'FOLIO_CDN_PURGE_URL',
      'varnish:6081',
      'FOLIO_CDN_PURGE_URL must be an absolute http(s) URL, such as http://127.0.0.1:6081/; it is "varnish:6081".',
    ],
    [
      'FOLIO_WEBHOOK_SECRET',
      'short',
      'FOLIO_WEBHOOK_SECRET must be 16 to 1024 printable characters without spaces (it is sent as a Bearer token).',
    ],
  ])('%s=%s stops the start once, named, before any worker is forked', (name, value, message) => {
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter(
        ([key]) => !key.startsWith('FOLIO_') && key !== 'DATABASE_URL' && key !== 'WEB_CONCURRENCY',
      ),
    );
    // Nothing listens on port 1: the start must fail on the variable, before it tries the database.
    const env = {
      ...inherited,
      NODE_ENV: 'production',
      FOLIO_SERVE_CLIENT: '0',
      DATABASE_URL: 'postgres://folio@127.0.0.1:1/folio',
      WEB_CONCURRENCY: '2',
      PORT: '0',
      [name]: value,
    };
    const started = spawnSync(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
      cwd: ROOT,
      env,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr.trim()).toBe(`folio: ${message}`);
    expect(started.stdout).not.toMatch(/worker/);
  });
});

describeOnPostgres('WEB_CONCURRENCY workers over PostgreSQL', (postgresUrl) => {
  let databaseUrl: string;
  let databaseName: string;
  let service: Awaited<ReturnType<typeof slowContentService>>;
  beforeAll(async () => {
    databaseName = `folio_ops_${randomBytes(4).toString('hex')}`;
    const admin = new Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    const url = new URL(postgresUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  });
  afterAll(async () => {
    await service?.close();
    const admin = new Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  });

  it('forks the workers, spreads connections over them, replaces one that dies, and drains them all on SIGTERM', async () => {
    service = await slowContentService(1_000);
    const primary = await startServerProcess(
      {
        DATABASE_URL: databaseUrl,
        WEB_CONCURRENCY: '2',
        FOLIO_UPSTREAM_GRAPHQL_URL: service.url,
        FOLIO_SHUTDOWN_LAME_DUCK_MS: '0',
      },
      (line) => /^2 workers serving on port \d+$/.test(line.msg),
    );
    const workers = () => [
      ...new Set(
        primary
          .lines()
          .filter((line) => / server on /.test(line.msg))
          .map((line) => line.pid),
      ),
    ];
    expect(primary.lines()[0]).toMatchObject({ pid: primary.child.pid, msg: 'starting 2 workers' });
    // The primary counts workers as they listen; each says so itself a moment later.
    await until(() => workers().length === 2, 5_000);
    expect(workers()).not.toContain(primary.child.pid);

    // Connections go to both workers (the primary serves none itself).
    const probe = async (count: number) => {
      const statuses = [];
      for (let n = 0; n < count; n += 1)
        statuses.push(
          (await fetch(`${primary.url}/no-such-path-${n}`, { headers: { Connection: 'close' } }))
            .status,
        );
      return statuses;
    };
    expect(await probe(12)).toEqual(Array(12).fill(404));
    await until(
      () =>
        primary.lines().filter((line) => String(line.path).startsWith('/no-such-path-')).length ===
        12,
    );
    const servedBy = new Set(
      primary
        .lines()
        .filter((line) => String(line.path).startsWith('/no-such-path-'))
        .map((line) => line.pid),
    );
    expect([...servedBy].sort()).toEqual([...workers()].sort());

    // A worker killed outright is replaced; the site keeps answering meanwhile.
    const [victim, survivor] = workers() as [number, number];
    process.kill(victim, 'SIGKILL');
    await primary.waitFor(
      (line) =>
        line.workerPid === victim && /died \(SIGKILL\); starting another in \d+ ms/.test(line.msg),
      5_000,
    );
    expect(await probe(3)).toEqual([404, 404, 404]);
    await primary.waitFor(
      (line) => / server on /.test(line.msg) && line.pid !== victim && line.pid !== survivor,
      30_000,
    );
    const replaced = workers().filter((pid) => pid !== victim);
    expect(replaced).toHaveLength(2);

    // SIGTERM to the primary: every worker finishes its requests in flight, then all exit 0.
    const inFlight = 10;
    const answers = Array.from({ length: inFlight }, (_, n) => query(primary.url, n));
    await until(() => service.received() === inFlight);
    const signalledAt = Date.now();
    process.kill(primary.child.pid!, 'SIGTERM');
    const results = await Promise.all(answers);
    const { code, at } = await primary.exited;
    console.log(
      `cluster shutdown: ${results.filter((answer) => answer.status === 200).length} of ${inFlight} in flight completed; primary exited ${at - signalledAt} ms after SIGTERM`,
    );
    results.forEach((answer, n) => {
      expect(answer.status).toBe(200);
      expect((JSON.parse(answer.body) as { data: { echo: number } }).data.echo).toBe(n);
    });
    expect(code).toBe(0);
    expect(at - signalledAt).toBeLessThan(3_000);
    expect(
      primary
        .lines()
        .some((line) => line.pid === primary.child.pid && line.msg === 'all workers stopped'),
    ).toBe(true);
    for (const pid of replaced)
      expect(() => process.kill(pid, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
  });
});
