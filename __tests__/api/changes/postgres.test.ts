import { Client } from 'pg';
import type { CdnPurger } from '../../../api/changes/cdnPurge';
import { ChangeListener } from '../../../api/changes/changeListener';
import { PREPARE_LOCK, PUBLISH_LOCK, purgerLock } from '../../../api/db/locks';
import { announceContentChange } from '../../../api/changes/contentChange';
import { ReaderCaches } from '../../../api/caches/readerCaches';
import { openDatabase, type Database } from '../../../api/db/database';
import { prepareDatabase } from '../../../api/publishing/prepareDatabase';
import { publishContent } from '../../../api/publishing/publishContent';
import { createEmbeddedSource } from '../../../api/sources/embedded/embeddedSource';
import { withPostgresClient } from '../../../harness/postgresClient';
import { createLogger } from '../../../server/ops/logger';
import { openSite, type RunningServer, type SiteServerOptions } from '../../../harness/siteServer';
import { ContentFolderCopy } from '../../../harness/contentFolderCopy';
import { createFreshDatabase, type FreshDatabase } from '../../../harness/freshDatabase';
import { describeOnPostgres } from '../../support/describeOnPostgres';
import { sourceRenderer } from '../../support/sourceRenderer';
import { DropLog, publish, read, recordPurges, type PurgeRecorder } from './support/changeHarness';
import { eventually } from '../../support/eventually';

/**
 * Issue 21 over PostgreSQL: every Folio process on one database LISTENs on a
 * connection of its own and drops what a change touches; one of them (the
 * purger lock's holder) purges the CDN; a change too long for NOTIFY travels
 * in a row; a dropped notification connection reconnects, and until it does
 * nothing is kept longer than the process's TTL.
 */
const ARTICLE = 'reading-the-tides';

/** A connection of its own, as `npm run content` in another process would use, as a Database for announceContentChange. */
const asDatabase = (client: Client) =>
  ({
    query: (sql: string, params?: unknown[]) => client.query(sql, params),
  }) as unknown as Database;

describeOnPostgres('content changes across processes on one PostgreSQL', (serverUrl) => {
  let fresh: FreshDatabase;
  let purges: PurgeRecorder;
  const servers: { server: RunningServer; drops: DropLog; lines: Record<string, unknown>[] }[] = [];

  const start = async (options: SiteServerOptions = {}) => {
    const drops = new DropLog();
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger(
      { logLevel: 'info', logFormat: 'json' },
      { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    );
    const server = await openSite({
      port: 0,
      databaseUrl: fresh.url,
      mode: 'production',
      serveClient: true,
      renderer: sourceRenderer(),
      cdnPurgeUrl: purges.url,
      logger,
      ...options,
      changes: { heartbeatMs: 200, onDropped: drops.onDropped, ...options.changes },
    });
    const started = { server, drops, lines };
    servers.push(started);
    return started;
  };
  const page = (server: RunningServer, path = `/articles/${ARTICLE}`) =>
    read(`${server.url}${path}`);
  const retitle = (title: string) =>
    withPostgresClient(fresh.url, async (client) => {
      const db = asDatabase(client);
      await publish(db, async (tx) => {
        const { rows } = await tx.query<{ id: number }>(
          'UPDATE articles SET title = $1, updated_at = now() WHERE slug = $2 RETURNING id',
          [title, ARTICLE],
        );
        return {
          source: 'embedded',
          records: [{ type: 'Article', id: String(rows[0]!.id) }],
          listsChanged: false,
        };
      });
    });

  beforeAll(async () => {
    fresh = await createFreshDatabase(serverUrl, 'changes');
    purges = await recordPurges();
  });
  afterAll(async () => {
    await Promise.all(servers.map(({ server }) => server.close()));
    await purges.close();
    await fresh.drop();
  });

  it('reaches every process; exactly one resolves it and purges the CDN', async () => {
    const [one, two] = [await start(), await start()];
    await eventually(async () =>
      expect([one, two].filter(({ server }) => server.changes.purges)).toHaveLength(1),
    );
    for (const { server } of [one, two]) {
      await page(server);
      expect((await page(server)).age).not.toBeNull();
    }
    const purgesBefore = purges.purges.length;
    const heard = [one.drops.next('a/reading-the-tides'), two.drops.next('a/reading-the-tides')];
    await retitle('Reading the tides, everywhere');
    // Heard by both, though each keeps the page a minute (how fast: bench/freshness.ts).
    await Promise.all(heard);
    for (const { server } of [one, two])
      expect((await page(server)).text).toContain('Reading the tides, everywhere');
    // One purge, and its planned repeat a second later: one process purged (the other has no purge due).
    const purging = [one, two].find(({ server }) => server.changes.purges)!.server;
    await eventually(async () => expect(purging.purger!.idle).toBe(true));
    expect([one, two].every(({ server }) => server.purger!.idle)).toBe(true);
    const sent = purges.purges
      .slice(purgesBefore)
      .filter((purge) => purge.keys.includes('a/reading-the-tides'));
    expect(sent).toHaveLength(2);
  });

  it('carries a change too long for one notification in a row', async () => {
    const { server, drops } = servers[0]!;
    const ids = (
      await server.db.query<{ id: number }>('SELECT id FROM articles ORDER BY id')
    ).rows.map((row) => String(row.id));
    // Every article, and ids no article has, far past NOTIFY's 8,000 bytes.
    const records = [...ids, ...Array.from({ length: 600 }, (_, index) => `missing-${index}`)].map(
      (id) => ({ type: 'Article' as const, id }),
    );
    expect(JSON.stringify(records).length).toBeGreaterThan(8_000);
    const heard = drops.next(`a:${ids[0]}`);
    await withPostgresClient(fresh.url, (client) =>
      publish(asDatabase(client), async () => ({
        source: 'embedded',
        records,
        listsChanged: true,
      })),
    );
    const change = await heard;
    expect(change.keys).toEqual(expect.arrayContaining(ids.map((id) => `a:${id}`)));
  });

  it('lets another process take over purging when the purging one stops', async () => {
    const purging = servers.find(({ server }) => server.changes.purges)!;
    const other = servers.find((each) => each !== purging && !each.server.changes.purges)!;
    await purging.server.close();
    servers.splice(servers.indexOf(purging), 1);
    await eventually(async () => expect(other.server.changes.purges).toBe(true), 5_000);
    const heard = other.drops.next('a/reading-the-tides');
    await retitle('Reading the tides, after a handover');
    await heard;
    expect((await page(other.server)).text).toContain('after a handover');
  });

  it('reconnects when its notification connection drops, keeping nothing longer than its TTL meanwhile, and drops all it kept on return', async () => {
    const listener = await start({
      readerCacheTtlMs: 2_000,
      changes: { reconnectMs: { first: 5_000, longest: 5_000 } },
    });
    await eventually(async () => expect(listener.server.changes.listening).toBe(true));
    await page(listener.server);
    expect((await page(listener.server)).age).not.toBeNull();
    const pid = listener.server.changes.connectionPid!;
    await withPostgresClient(fresh.url, (client) =>
      client.query('SELECT pg_terminate_backend($1)', [pid]),
    );
    await eventually(async () => expect(listener.server.changes.listening).toBe(false));
    await retitle('Reading the tides, while one was not listening');
    // Not heard: the kept page stands until its TTL, never longer.
    expect((await page(listener.server)).text).not.toContain('while one was not listening');
    // Fresh by its 2 s TTL, while still not listening (it reconnects after 5 s): the TTL did it, not the return.
    await eventually(
      async () =>
        expect((await page(listener.server)).text).toContain('while one was not listening'),
      4_500,
    );
    expect(listener.server.changes.listening).toBe(false);
    // Back: everything kept before is dropped (changes may have been missed), and changes are heard again.
    await page(listener.server, '/topics');
    const topics = await page(listener.server, '/topics');
    expect(topics.age).not.toBeNull();
    await eventually(async () => expect(listener.server.changes.listening).toBe(true), 8_000);
    expect((await page(listener.server, '/topics')).age).toBeNull();
    const heard = listener.drops.next('a/reading-the-tides');
    await retitle('Reading the tides, heard again');
    await heard;
    expect((await page(listener.server)).text).toContain('heard again');
    expect(
      listener.lines.some((line) =>
        String(line.msg).startsWith('content changes: the notification connection is down'),
      ),
    ).toBe(true);
  });

  it('purges at the CDN, once back, a change announced while no process was listening (issue 36)', async () => {
    const back = { reconnectMs: { first: 300, longest: 300 } };
    const [one, two] = [await start({ changes: back }), await start({ changes: back })];
    const everyone = servers.map(({ server }) => server);
    await eventually(async () =>
      expect(everyone.every((server) => server.changes.listening)).toBe(true),
    );
    // Every listener of this database drops its connection: nobody hears the change's notification.
    const pids = everyone.map((server) => server.changes.connectionPid!);
    await withPostgresClient(fresh.url, (client) =>
      client.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [pids]),
    );
    await eventually(async () =>
      expect(everyone.some((server) => server.changes.listening)).toBe(false),
    );
    const purgesBefore = purges.purges.length;
    await retitle('Reading the tides, announced to nobody');
    // Back: the process that resolves changes finds it in the log and purges it.
    await eventually(async () =>
      expect(
        purges.purges
          .slice(purgesBefore)
          .some((purge) => purge.keys.includes('a/reading-the-tides')),
      ).toBe(true),
    );
    for (const { server } of [one, two])
      expect((await page(server)).text).toContain('announced to nobody');
    const resolver = servers.find(({ server }) => server.changes.purges)!;
    expect(
      resolver.lines.some((line) =>
        String(line.msg).startsWith('content changes: resolved 1 change(s) announced while'),
      ),
    ).toBe(true);
  });

  it('hears `npm run content` publishing an edited Markdown file from another process, at once', async () => {
    const { server, drops } = servers.find(({ server }) => server.changes.purges)!;
    const folder = new ContentFolderCopy();
    folder.edit(
      `articles/${ARTICLE}.md`,
      /^title: .*$/m,
      'title: Reading the tides, from Markdown',
    );
    const publisher = await openDatabase({ databaseUrl: fresh.url });
    try {
      const heard = drops.next('a/reading-the-tides');
      const started = Date.now();
      const result = await publishContent(publisher, { dir: folder.dir });
      expect(result.change?.records).toEqual(
        expect.arrayContaining([expect.objectContaining({ type: 'Article' })]),
      );
      await heard;
      expect(Date.now() - started).toBeLessThan(5_000);
      expect((await page(server)).text).toContain('Reading the tides, from Markdown');
    } finally {
      await publisher.close();
      folder.dispose();
    }
  });

  it('settles, on closing, the changes still waiting to be heard dropped everywhere, and purges none of them', async () => {
    // A source no server here reads, so this listener holds its purger lock; the embedded content stands in for a Strapi's.
    const db = await openDatabase({ databaseUrl: fresh.url });
    await prepareDatabase(db, { log: () => {} });
    // Another listener of that source, which never says it dropped anything: each purge waits for it.
    const silent = new Client({
      connectionString: fresh.url,
      application_name: 'folio-changes-strapi',
    });
    await silent.connect();
    const purged: string[][] = [];
    const drops = new DropLog();
    const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
    const listener = new ChangeListener({
      db,
      databaseUrl: fresh.url,
      source: { ...createEmbeddedSource(db), kind: 'strapi' },
      caches: new ReaderCaches(),
      purger: {
        purge: (keys: Iterable<string>) => void purged.push([...keys]),
      } as unknown as CdnPurger,
      logger: quiet,
      onDropped: drops.onDropped,
    });
    try {
      await listener.start();
      await eventually(async () => expect(listener.purges).toBe(true));
      const { rows } = await db.query<{ id: number }>('SELECT id FROM articles WHERE slug = $1', [
        ARTICLE,
      ]);
      const heard = drops.next(`a:${rows[0]!.id}`);
      await announceContentChange(db, {
        source: 'strapi',
        cause: 'webhook',
        records: [{ type: 'Article', id: String(rows[0]!.id) }],
        listsChanged: false,
      });
      await heard;
      await listener.close();
      // Past the longest wait for the other listener: the closed listener's purger is never called.
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(purged).toEqual([]);
    } finally {
      await listener.close();
      await silent.end();
      await db.close();
    }
  });

  it("names its purger lock per source, never one of Folio's other locks (a process holds it as long as it runs)", () => {
    const others = [PREPARE_LOCK, PUBLISH_LOCK].map((lock) => lock.join(':'));
    const purgers = (['embedded', 'strapi', 'contentful'] as const).map((source) =>
      purgerLock(source).join(':'),
    );
    expect(new Set(purgers).size).toBe(3);
    // Fixed for good: processes of two Folio versions on one database must agree on them.
    expect(purgers).toEqual([10, 11, 12].map((second) => `${PREPARE_LOCK[0]}:${second}`));
    for (const lock of purgers) expect(others).not.toContain(lock);
  });
});
