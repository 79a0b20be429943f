import { openDatabase, type Database } from '../../../api/db/database';
import { migrate } from '../../../api/db/migrations';
import { createContentfulSource } from '../../../api/sources/contentful/contentfulSource';
import { readContentTranslations } from '../../../cms/contentTranslations';
import { readSourceSettings } from '../../../settings/sourceSettings';
import {
  startContentfulFixture,
  type RunningFixture,
} from '../../../cms/contentful/fixture/fixtureServer';

/**
 * Issue 26 (11): Contentful's Content Preview API takes only the preview
 * token. Without `FOLIO_CONTENTFUL_PREVIEW_TOKEN` a previewer reads what
 * readers read (and the scheduled articles Folio's own rule lets a previewer
 * see), never `preview: true` with the delivery token, which Contentful refuses.
 */
let fixture: RunningFixture;
let db: Database;
beforeAll(async () => {
  fixture = await startContentfulFixture();
  db = await openDatabase({ dataDir: 'memory://' });
  await migrate(db);
});
afterAll(async () => {
  await db?.close();
  await fixture?.close();
});

it('a previewer without the preview token reads published content, and nothing fails', async () => {
  const settings = readSourceSettings({ ...fixture.env, FOLIO_CONTENTFUL_PREVIEW_TOKEN: '' });
  if (settings.kind !== 'contentful') throw new Error('contentful settings expected');
  expect(settings.previewToken).toBeUndefined();
  const logged: string[] = [];
  const source = createContentfulSource(settings, db, (_fields, message) => logged.push(message));
  fixture.requests.length = 0;
  const previewer = source.reader({ preview: true });
  const reader = source.reader({ preview: false });
  const [previewed, read] = await Promise.all([
    previewer.articles({}, { first: 50, after: null }),
    reader.articles({}, { first: 50, after: null }),
  ]);
  expect(previewed.nodes.length).toBeGreaterThanOrEqual(read.nodes.length);
  expect(await previewer.site()).toEqual(await reader.site());
  expect(fixture.requests.map((request) => request.status)).not.toContain(403);
  expect(fixture.requests.some((request) => request.preview)).toBe(false);
  expect(logged).toEqual([]);
});

it('a reader of another locale reads its translations only: never the default locale’s content at another language’s address', async () => {
  const settings = readSourceSettings(fixture.env);
  if (settings.kind !== 'contentful') throw new Error('contentful settings expected');
  const source = createContentfulSource(settings, db, () => undefined);
  const english = source.reader({ preview: false });
  const german = source.reader({ preview: false, locale: 'de' });
  expect(await english.article({ slug: 'reading-the-tides' })).not.toBeNull();
  expect(await german.article({ slug: 'reading-the-tides' })).toBeNull();
  expect((await german.article({ slug: 'die-gezeiten-lesen' }))?.title).toBe('Die Gezeiten lesen');
  const translated = new Set(
    readContentTranslations()
      .articles.filter((translation) => translation.locale === 'de')
      .map((translation) => translation.slug),
  );
  const listed = (await german.articles({}, { first: 50, after: null })).nodes;
  expect(listed.length).toBeGreaterThan(0);
  expect(listed.filter((article) => !translated.has(article.slug))).toEqual([]);
});
