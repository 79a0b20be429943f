/**
 * `npm run content` into PostgreSQL 15 (DATABASE_URL): the seed and the
 * publish on a connection of their own, BEGIN … COMMIT; the change is heard
 * by a listener on another connection only at commit, and a rejected
 * publish is never heard. Against a real server (TEST_DATABASE_URL,
 * scripts/ci-postgres.sh).
 */
import { Client } from 'pg';
import { CONTENT_CHANGES_CHANNEL } from '../../../api/changes/contentChange';
import { openDatabase, type Database } from '../../../api/db/database';
import { prepareDatabase } from '../../../api/publishing/prepareDatabase';
import { ContentRejected } from '../../../api/publishing/problems';
import { publishContent } from '../../../api/publishing/publishContent';
import { createFreshDatabase, type FreshDatabase } from '../../../harness/freshDatabase';
import { describeOnPostgres } from '../../support/describeOnPostgres';
import { contentFingerprint, ContentFolderCopy } from '../../../harness/contentFolderCopy';
import { eventually } from '../../support/eventually';

describeOnPostgres('publishing content/ into PostgreSQL', (serverUrl) => {
  let fresh: FreshDatabase;
  let db: Database;
  let listener: Client;
  let folder: ContentFolderCopy;
  const heard: string[] = [];

  beforeAll(async () => {
    fresh = await createFreshDatabase(serverUrl, 'publishing');
    db = await openDatabase({ databaseUrl: fresh.url });
    await prepareDatabase(db, { log: () => {} });
    folder = new ContentFolderCopy();
    listener = new Client({ connectionString: fresh.url });
    await listener.connect();
    listener.on('notification', (notification) => heard.push(notification.payload ?? ''));
    await listener.query(`LISTEN ${CONTENT_CHANGES_CHANNEL}`);
  });

  afterAll(async () => {
    await listener?.end();
    await db?.close();
    await fresh?.drop();
    folder?.dispose();
  });

  test('the seed was the folder: nothing to publish', async () => {
    expect(await publishContent(db, { dir: folder.dir })).toMatchObject({
      written: {},
      change: null,
    });
  });

  test('a changed file is written, and the change heard once, after commit', async () => {
    folder.edit(
      'articles/reading-the-tides.md',
      'title: Reading the tides',
      'title: Reading the tides on PostgreSQL',
    );
    const result = await publishContent(db, { dir: folder.dir });
    expect(result.written).toEqual({ article: 1 });
    const { rows } = await db.query<{ id: number; title: string }>(
      "SELECT id, title FROM articles WHERE slug = 'reading-the-tides'",
    );
    expect(rows[0]!.title).toBe('Reading the tides on PostgreSQL');
    await eventually(async () =>
      expect(heard.map((payload) => JSON.parse(payload) as unknown)).toEqual([
        {
          source: 'embedded',
          cause: 'publish',
          records: [{ type: 'Article', id: String(rows[0]!.id), locale: 'en' }],
          listsChanged: false,
          // Its row in the change log (api/changes/changeLog.ts), written in the same transaction.
          logId: expect.stringMatching(/^\d+$/),
          // When it was announced, in the transaction: each process times its propagation from it.
          announcedAt: expect.any(Number),
        },
      ]),
    );
  });

  test('a bad file: nothing written, nothing heard', async () => {
    heard.length = 0;
    const before = await contentFingerprint(db);
    folder.edit('articles/reading-the-tides.md', 'authors: [eliza-marsh]', 'authors: [nobody]');
    await expect(publishContent(db, { dir: folder.dir })).rejects.toBeInstanceOf(ContentRejected);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([]);
    expect(await contentFingerprint(db)).toBe(before);
  });
});
