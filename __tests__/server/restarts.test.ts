import { createFreshDatabase, type FreshDatabase } from '../../harness/freshDatabase';
import { describeOnPostgres } from '../support/describeOnPostgres';
import {
  query,
  slowContentService,
  startServerProcess,
  stopServerProcesses,
  until,
  type Answer,
  type ServerProcess,
} from '../support/serverProcess';

/**
 * Issue 26: a stop loses nothing, in every state the cluster can be in. Two
 * workers over a real PostgreSQL server; 30 readers' requests are sent, each
 * on its own connection, and the primary gets SIGTERM at once, while some
 * are still being accepted and handed to workers and the rest are being
 * answered (the content service takes 600 ms). Every request gets an
 * answer: a 200, or a 503 with Retry-After. None is reset.
 *
 * The lame-duck period is 0 here so the stop begins at once: it is the
 * hardest case (with one, readers who come during it are served as usual;
 * serverProcess.test.ts).
 */

const IN_FLIGHT = 30;
const CONTENT_SERVICE_MS = 600;

type Outcome = { answer: Answer } | { error: string };

afterEach(stopServerProcesses);

describeOnPostgres('restarts lose no request', (postgresUrl) => {
  let database: FreshDatabase;
  let service: Awaited<ReturnType<typeof slowContentService>>;
  beforeAll(async () => {
    database = await createFreshDatabase(postgresUrl, 'restarts');
    service = await slowContentService(CONTENT_SERVICE_MS);
  });
  afterAll(async () => {
    await service?.close();
    await database?.drop();
  });

  const startCluster = async () => {
    const primary = await startServerProcess(
      {
        DATABASE_URL: database.url,
        WEB_CONCURRENCY: '2',
        FOLIO_UPSTREAM_GRAPHQL_URL: service.url,
        FOLIO_SHUTDOWN_LAME_DUCK_MS: '0',
      },
      (line) => /^2 workers serving on port \d+$/.test(line.msg),
    );
    // The primary counts workers as they say they are ready; each logs it itself a moment later.
    await until(() => workers(primary).length === 2, 5_000);
    return primary;
  };

  const workers = (primary: ServerProcess) => [
    ...new Set(
      primary
        .lines()
        .filter((line) => / server on /.test(line.msg))
        .map((line) => line.pid),
    ),
  ];

  /** 30 requests, SIGTERM to the primary as they go out; every outcome, and how the primary ended. */
  const stopWithRequestsInFlight = async (
    primary: ServerProcess,
    duringDrain?: (receivedBefore: number) => Promise<void>,
  ) => {
    const receivedBefore = service.received();
    const outcomes = Array.from({ length: IN_FLIGHT }, (_, n) =>
      query(primary.url, n).then(
        (answer): Outcome => ({ answer }),
        (error: NodeJS.ErrnoException): Outcome => ({ error: error.code ?? error.message }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    process.kill(primary.child.pid!, 'SIGTERM');
    await duringDrain?.(receivedBefore);
    const results = await Promise.all(outcomes);
    const exited = await primary.exited;
    const count = (test: (outcome: Outcome) => boolean) => results.filter(test).length;
    const summary = {
      answered200: count((outcome) => 'answer' in outcome && outcome.answer.status === 200),
      answered503: count(
        (outcome) =>
          'answer' in outcome &&
          outcome.answer.status === 503 &&
          outcome.answer.headers['retry-after'] === '2',
      ),
      lost: results
        .filter((outcome): outcome is { error: string } => 'error' in outcome)
        .map((outcome) => outcome.error),
      exitCode: exited.code,
    };
    console.log(`restart: ${JSON.stringify(summary)}`);
    return { results, summary };
  };

  it('fresh: every request is answered 200 and the primary exits 0', async () => {
    const primary = await startCluster();
    const { results, summary } = await stopWithRequestsInFlight(primary);
    expect(summary).toEqual({ answered200: IN_FLIGHT, answered503: 0, lost: [], exitCode: 0 });
    results.forEach((outcome, n) =>
      expect(JSON.parse((outcome as { answer: Answer }).answer.body)).toMatchObject({
        data: { echo: n },
      }),
    );
  });

  it('after a worker was killed and replaced: every request is answered 200', async () => {
    const primary = await startCluster();
    const [victim, survivor] = workers(primary) as [number, number];
    process.kill(victim, 'SIGKILL');
    await primary.waitFor(
      (line) => / server on /.test(line.msg) && line.pid !== victim && line.pid !== survivor,
      30_000,
    );
    const { summary } = await stopWithRequestsInFlight(primary);
    expect(summary).toEqual({ answered200: IN_FLIGHT, answered503: 0, lost: [], exitCode: 0 });
  });

  it('while a killed worker is being replaced: the other answers every request, the new one stops before it serves', async () => {
    const primary = await startCluster();
    const [victim] = workers(primary) as [number, number];
    process.kill(victim, 'SIGKILL');
    await primary.waitFor((line) => /starting another in \d+ ms$/.test(line.msg), 5_000);
    const { summary } = await stopWithRequestsInFlight(primary);
    expect(summary).toEqual({ answered200: IN_FLIGHT, answered503: 0, lost: [], exitCode: 0 });
  });

  it('a worker killed during the drain: what it held is answered 503 with Retry-After by the primary, the rest 200', async () => {
    const primary = await startCluster();
    const [, second] = workers(primary) as [number, number];
    const { results, summary } = await stopWithRequestsInFlight(primary, async (receivedBefore) => {
      // Once the content service has every request, each worker is answering some of them.
      await until(() => service.received() === receivedBefore + IN_FLIGHT);
      process.kill(second, 'SIGKILL');
    });
    const held = primary
      .lines()
      .find((line) => line.workerPid === second && /the dead worker held$/.test(line.msg));
    expect(summary.lost).toEqual([]);
    expect(summary.exitCode).toBe(0);
    expect(summary.answered503).toBeGreaterThan(0);
    expect(held?.connections).toBe(summary.answered503);
    expect(summary.answered200 + summary.answered503).toBe(IN_FLIGHT);
    const refused = results.find(
      (outcome) => 'answer' in outcome && outcome.answer.status === 503,
    ) as { answer: Answer };
    expect(refused.answer.headers).toMatchObject({
      'cache-control': 'no-store',
      connection: 'close',
      'x-content-type-options': 'nosniff',
    });
    expect(refused.answer.body).toBe('The server is restarting. Please try again in a moment.\n');
  });
});
