import { createServer } from 'node:net';
import { CdnPurger, PURGE_KEYS_PER_CALL } from '../../../api/changes/cdnPurge';
import { createLogger } from '../../../server/ops/logger';
import { sourceRenderer } from '../../support/sourceRenderer';
import { startTestServer } from '../../support/testServer';
import {
  DropLog,
  read,
  recordPurges,
  retitleTheTides,
  type PurgeRecorder,
} from './support/changeHarness';
import { eventually } from '../../support/eventually';

/**
 * The CDN's purge address may be down (issue 21): the change still reaches
 * every process, the failure is logged and retried with a growing back-off,
 * and meanwhile a CDN keeps answers no longer than their s-maxage.
 */
function logLines() {
  const lines: { level: string; msg: string; [field: string]: unknown }[] = [];
  const logger = createLogger(
    { logLevel: 'info', logFormat: 'json' },
    { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) },
  );
  return { logger, lines };
}

/** A port on which nothing listens. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('the purger', () => {
  let recorder: PurgeRecorder;
  beforeEach(async () => {
    recorder = await recordPurges();
  });
  afterEach(() => recorder.close());

  it(`sends keys in calls of at most ${PURGE_KEYS_PER_CALL}, and once more a moment later`, async () => {
    const { logger } = logLines();
    const purger = new CdnPurger({ url: recorder.url, logger, repeatAfterMs: 200 });
    const keys = Array.from({ length: 600 }, (_, index) => `a:${index}`);
    purger.purge(keys);
    expect(purger.idle).toBe(false);
    // Idle only once the repeat is sent too.
    await eventually(async () => expect(purger.idle).toBe(true));
    expect(recorder.purges.flatMap((purge) => purge.keys)).toHaveLength(1_200);
    expect(Math.max(...recorder.purges.map((purge) => purge.keys.length))).toBe(
      PURGE_KEYS_PER_CALL,
    );
    expect(new Set(recorder.purges.flatMap((purge) => purge.keys))).toEqual(new Set(keys));
    await purger.close();
  });

  it('purges once more what is asked for again while its call is out (a CDN answering slowly, issue 36)', async () => {
    const { logger } = logLines();
    // Each answer takes longer than the repeat's wait: the repeat comes while the first calls are out.
    recorder.answerAfterMs = 300;
    const purger = new CdnPurger({ url: recorder.url, logger, repeatAfterMs: 50 });
    const keys = Array.from({ length: 600 }, (_, index) => `a:${index}`);
    purger.purge(keys);
    await eventually(async () => expect(purger.idle).toBe(true));
    const sent = recorder.purges.flatMap((purge) => purge.keys);
    expect(sent).toHaveLength(1_200);
    for (const key of keys) expect(sent.filter((one) => one === key)).toHaveLength(2);
    expect(purger.counts).toMatchObject({ purgedKeys: 1_200, failedCalls: 0, givenUpKeys: 0 });
    await purger.close();
  });

  it('purges once more a key the next change names while its call is out', async () => {
    const { logger } = logLines();
    recorder.answerAfterMs = 200;
    const purger = new CdnPurger({ url: recorder.url, logger, repeatAfterMs: 0 });
    purger.purge(['a:1', 'a:2']);
    await eventually(async () => expect(recorder.purges).toHaveLength(1));
    // The first call has reached the CDN and waits for its answer; a change names a:2 again.
    purger.purge(['a:2', 'a:3']);
    await eventually(async () => expect(purger.idle).toBe(true));
    expect(recorder.purges.map((purge) => purge.keys.sort())).toEqual([
      ['a:1', 'a:2'],
      ['a:2', 'a:3'],
    ]);
    expect(purger.counts.purgedKeys).toBe(4);
    await purger.close();
  });

  it('logs a failed purge and retries it with a growing back-off until the CDN takes it', async () => {
    const { logger, lines } = logLines();
    recorder.failing = true;
    const purger = new CdnPurger({
      url: recorder.url,
      logger,
      firstRetryMs: 100,
      repeatAfterMs: 0,
    });
    purger.purge(['a:1', 't:2:articles']);
    await eventually(async () =>
      expect(lines.filter((line) => line.msg.startsWith('CDN purge failed'))).toHaveLength(3),
    );
    const delays = lines
      .filter((line) => line.msg.startsWith('CDN purge failed'))
      .map((line) => line.retryInMs);
    expect(delays).toEqual([100, 200, 400]);
    expect(lines[0]).toMatchObject({ level: 'warn', reason: 'the CDN answered 503', keys: 2 });
    recorder.failing = false;
    await eventually(async () => expect(recorder.purges).toHaveLength(1));
    expect(recorder.purges[0]!.keys.sort()).toEqual(['a:1', 't:2:articles']);
    // The CDN counted the purge as it came; the purger forgets the keys once the answer is back.
    await eventually(async () => expect(purger.waiting).toBe(0));
    expect(lines.at(-1)!.msg).toMatch(/^CDN purge succeeded after \d+ failed attempts$/);
    await purger.close();
  });

  it('gives keys up once every copy a CDN keeps has expired, saying so', async () => {
    const { logger, lines } = logLines();
    const purger = new CdnPurger({
      url: `http://127.0.0.1:${await closedPort()}/`,
      logger,
      firstRetryMs: 50,
      giveUpAfterMs: 300,
      repeatAfterMs: 0,
    });
    purger.purge(['a:1']);
    await eventually(async () => expect(purger.waiting).toBe(0), 5_000);
    expect(lines.some((line) => line.level === 'warn' && line.reason === 'ECONNREFUSED')).toBe(
      true,
    );
    expect(lines.at(-1)).toMatchObject({
      level: 'error',
      msg: expect.stringContaining('given up'),
    });
    await purger.close();
  });
});

it('publishes while the purge address is down: every cache here follows, the failure is logged, and answers still say s-maxage=60', async () => {
  const { logger, lines } = logLines();
  const drops = new DropLog();
  const site = await startTestServer({
    mode: 'production',
    serveClient: true,
    renderer: sourceRenderer(),
    logger,
    cdnPurgeUrl: `http://127.0.0.1:${await closedPort()}/`,
    changes: { onDropped: drops.onDropped },
  });
  try {
    const page = `${site.url}/articles/reading-the-tides`;
    await read(page);
    const dropped = drops.next('a/reading-the-tides');
    await retitleTheTides(site.db, 'Reading the tides, while the CDN is down');
    await dropped;
    const answer = await read(page);
    expect(answer.text).toContain('while the CDN is down');
    expect(answer.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=300, stale-if-error=600',
    );
    await eventually(
      async () =>
        expect(
          lines.filter((line) => line.msg.startsWith('CDN purge failed')).length,
        ).toBeGreaterThanOrEqual(2),
      5_000,
    );
  } finally {
    await site.close();
  }
});
