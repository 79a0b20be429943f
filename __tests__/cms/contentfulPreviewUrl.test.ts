import { contentfulPreviewUrl } from '../../cms/contentful/previewUrls';
import { startContentfulUnderTest, type ContentfulUnderTest } from '../support/contentfulUnderTest';
import { sourceRenderer } from '../support/sourceRenderer';
import { startTestServer, type TestServer } from '../support/testServer';

/**
 * Previewing from Contentful (cms/contentful/README.md#preview-from-contentful): the content-preview
 * URL printed for the space, with `{entry.sys.id}` filled as Contentful fills
 * it, opens that one draft on Folio over the fixture, without a token.
 */
const LINK_KEY = 'the servers’ link key, thirty-two characters long at least';
const DRAFT_TITLE = 'What the four-day week trials actually found';

let underTest: ContentfulUnderTest;
let site: TestServer;

beforeAll(async () => {
  underTest = await startContentfulUnderTest();
  site = await startTestServer({
    mode: 'production',
    serveClient: true,
    renderer: sourceRenderer(),
    searchRefreshMs: 0,
    previewLinkKey: LINK_KEY,
    contentSource: underTest.source(),
  });
});
afterAll(async () => {
  await site?.close();
  await underTest?.fixture.close();
});

it("the article pattern, filled with a draft entry's id, opens that draft alone", async () => {
  const draft = await site.source.reader({ preview: true }).article({ slug: 'the-four-day-week' });
  expect(draft?.status).toBe('DRAFT');
  const pattern = contentfulPreviewUrl(site.url, Buffer.from(LINK_KEY), 'Article');
  expect(pattern).toContain('id={entry.sys.id}&locale={locale}');
  // Filled as Contentful fills it: the entry, and the editor's locale (the space's code).
  const filled = (id: string, locale: string) =>
    pattern.replace('{entry.sys.id}', id).replace('{locale}', locale);
  const opened = await fetch(filled(draft!.id, 'en-US'), { redirect: 'manual' });
  expect(opened.status).toBe(303);
  expect(opened.headers.get('location')).toBe('/articles/the-four-day-week');
  const cookie = opened.headers.get('set-cookie')!.split(';')[0]!;
  const page = await fetch(`${site.url}/articles/the-four-day-week`, { headers: { cookie } });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(`>${DRAFT_TITLE}</h1>`);
  // A reader at the same address: nothing.
  expect((await fetch(`${site.url}/articles/the-four-day-week`)).status).toBe(404);
  // Another space's key (or none) opens nothing.
  const foreign = contentfulPreviewUrl(site.url, Buffer.from('x'.repeat(40)), 'Article');
  expect((await fetch(foreign.replace('{entry.sys.id}', draft!.id))).status).toBe(403);
});

it('a German editor’s click opens the German version at its German address (issue 39)', async () => {
  const tides = await site.source.reader({ preview: true }).article({ slug: 'reading-the-tides' });
  const pattern = contentfulPreviewUrl(site.url, Buffer.from(LINK_KEY), 'Article');
  const filled = pattern.replace('{entry.sys.id}', tides!.id).replace('{locale}', 'de-DE');
  const opened = await fetch(filled, { redirect: 'manual' });
  expect(opened.status).toBe(303);
  expect(opened.headers.get('location')).toBe('/de/articles/die-gezeiten-lesen');
  const cookie = opened.headers.get('set-cookie')!.split(';')[0]!;
  const page = await fetch(`${site.url}/de/articles/die-gezeiten-lesen`, { headers: { cookie } });
  expect(await page.text()).toContain('>Die Gezeiten lesen</h1>');
  // A locale the site does not have: refused, in words.
  const french = await fetch(
    pattern.replace('{entry.sys.id}', tides!.id).replace('{locale}', 'fr-FR'),
  );
  expect(french.status).toBe(403);
  expect(await french.text()).toContain('a language (en, de)');
});
