/**
 * The planner's statistics after a large publish (api/publishing/publishContent.ts):
 * refreshed once per seed (the seed's own VACUUM ANALYZE, not the publish's
 * ANALYZE as well), and an ANALYZE that fails after the publish committed is
 * logged, not thrown: the publish happened.
 */
import { openDatabase, type Database } from '../../../api/db/database';
import { migrate } from '../../../api/db/migrations';
import { publishContent } from '../../../api/publishing/publishContent';
import { seedContent } from '../../../api/publishing/seedContent';

let db: Database;

beforeEach(async () => {
  db = await openDatabase({ dataDir: 'memory://' });
  await migrate(db);
});
afterEach(async () => {
  jest.restoreAllMocks();
  await db?.close();
});

/** `db`, with every exec's SQL noted and the ones `fail` picks rejected. */
function watched(fail: (sql: string) => boolean = () => false): { db: Database; execs: string[] } {
  const execs: string[] = [];
  const exec = (sql: string) => {
    execs.push(sql);
    return fail(sql)
      ? Promise.reject(new Error('canceling statement due to statement timeout'))
      : db.exec(sql);
  };
  return { db: { ...db, exec }, execs };
}

test('the seed refreshes statistics once: its VACUUM ANALYZE, not the publish’s ANALYZE too', async () => {
  const { db: seeding, execs } = watched();
  await seedContent(seeding);
  expect(execs.filter((sql) => /ANALYZE/.test(sql))).toEqual(['VACUUM ANALYZE']);
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM content_records');
  // Enough records that a publish of them all would ANALYZE.
  expect(rows[0]!.n).toBeGreaterThanOrEqual(100);
});

test('a publish of the whole folder refreshes statistics; when that fails, the publish still resolves and the failure is logged', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  const { db: publishing, execs } = watched((sql) => sql === 'ANALYZE articles');
  const result = await publishContent(publishing, { announce: false });
  // Table by table (PGlite runs each on the serving thread), until one fails.
  expect(execs).toEqual([
    'ANALYZE assets',
    'ANALYZE authors',
    'ANALYZE topics',
    'ANALYZE embeds',
    'ANALYZE articles',
  ]);
  expect(result.written.article).toBeGreaterThan(0);
  // The frame once per locale (site.de.yaml is the German one).
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM site WHERE locale = 'en'",
  );
  expect(rows[0]!.n).toBe(1);
  expect(warn).toHaveBeenCalledTimes(1);
  expect(String(warn.mock.calls[0]![0])).toMatch(/ANALYZE.*statement timeout/);
});
