import { openDatabase, type Database } from '../../../api/db/database';
import { migrate } from '../../../api/db/migrations';
import { generateArticles } from '../../../api/publishing/generate';
import { seedContent } from '../../../api/publishing/seedContent';

async function generated(seed: number): Promise<{ db: Database; titles: string[] }> {
  const db = await openDatabase({ dataDir: 'memory://' });
  await migrate(db);
  await seedContent(db);
  await generateArticles(db, 300, seed);
  const { rows } = await db.query<{ title: string }>(
    "SELECT title FROM articles WHERE slug LIKE 'generated-%' ORDER BY id",
  );
  return { db, titles: rows.map((row) => row.title) };
}

describe('the scale data generator', () => {
  it('adds the asked number of published articles, the same ones for the same seed', async () => {
    const first = await generated(7);
    const again = await generated(7);
    try {
      expect(first.titles).toHaveLength(300);
      expect(again.titles).toEqual(first.titles);
      const { rows } = await first.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM articles a WHERE a.slug LIKE 'generated-%' AND a.status = 'PUBLISHED' AND EXISTS (SELECT 1 FROM article_authors x WHERE x.article_id = a.id) AND EXISTS (SELECT 1 FROM article_topics t WHERE t.article_id = a.id)",
      );
      expect(rows[0]!.n).toBe(300);
    } finally {
      await first.db.close();
      await again.db.close();
    }
  });
});
