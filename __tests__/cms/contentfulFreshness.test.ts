import { UNREAD_CHANGE_RETRIES_MS } from '../../api/changes/changeListener';
import { SEARCH_KEY } from '../../api/caches/cacheKeys';
import { CONTENTFUL_LOCALES } from '../../api/sources/contentful/contentfulLocales';
import { contentfulId } from '../../cms/contentful/demoSpace';
import { readContentTranslations } from '../../cms/contentTranslations';
import { parseFault } from '../../cms/contentful/fixture/faults';
import type { RunningFixture } from '../../cms/contentful/fixture/fixtureServer';
import {
  DropLog,
  read,
  recordPurges,
  type PurgeRecorder,
} from '../api/changes/support/changeHarness';
import { startContentfulUnderTest } from '../support/contentfulUnderTest';
import { eventually } from '../support/eventually';
import { sourceRenderer } from '../support/sourceRenderer';
import { startTestServer, type TestServer } from '../support/testServer';

/**
 * Contentful's embeds and page blocks are entries of their own (issue 21):
 * an editor who corrects a pull quote, or a block of the home page, publishes
 * that entry alone, and the articles and pages that link it show the new
 * version without being published again. Its webhook names only the entry:
 * the pages that show it must still be dropped and purged, and nothing else.
 * Against the Contentful fixture, whose space an editor's publish changes.
 */
const SECRET = 'a-webhook-secret-of-some-length';
/** Far longer than the test: only a change event can refresh a kept page. */
const KEPT_MS = 10 * 60_000;
const ARTICLE = '/articles/reading-the-tides';
/** The pull quote reading-the-tides embeds (content/embeds.yaml) and the home page's callout, its fifth block (content/pages/home.md), as the import names them. */
const PULL_QUOTE = contentfulId('pullQuote', 'tides-patience');
const CALLOUT = contentfulId('block', 'home#4');

let fixture: RunningFixture;
let site: TestServer;
let purges: PurgeRecorder;
const drops = new DropLog();

beforeAll(async () => {
  const underTest = await startContentfulUnderTest();
  fixture = underTest.fixture;
  purges = await recordPurges();
  site = await startTestServer({
    mode: 'production',
    serveClient: true,
    renderer: sourceRenderer(),
    searchRefreshMs: 0,
    readerCacheTtlMs: KEPT_MS,
    webhookSecret: SECRET,
    cdnPurgeUrl: purges.url,
    changes: { onDropped: drops.onDropped },
    contentSource: (db) => {
      const source = underTest.source()(db);
      // How the search index is read after a change (the last test).
      const every = source.refreshSearch!.bind(source);
      const some = source.refreshSearchFor!.bind(source);
      source.refreshSearch = () => ((searchReads.every += 1), every());
      source.refreshSearchFor = (ids) => (searchReads.some.push(ids), some(ids));
      return source;
    },
  });
});
const searchReads = { every: 0, some: [] as string[][] };
afterAll(async () => {
  await site?.close();
  await purges?.close();
  await fixture?.close();
});

const page = (path: string) => read(`${site.url}${path}`);
/** What Contentful posts when an entry of `contentType` is published (or unpublished, deleted). */
const notify = (action: 'publish' | 'unpublish' | 'delete', id: string, contentType: string) =>
  fetch(`${site.url}/hooks/content`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/vnd.contentful.management.v1+json',
      Authorization: `Bearer ${SECRET}`,
      'X-Contentful-Topic': `ContentManagement.Entry.${action}`,
    },
    body: JSON.stringify({
      sys: {
        id,
        type: action === 'delete' ? 'DeletedEntry' : 'Entry',
        contentType: { sys: { type: 'Link', linkType: 'ContentType', id: contentType } },
      },
    }),
  });

it('shows a pull quote published on its own on the article that embeds it, dropping and purging only what shows it', async () => {
  expect((await page(ARTICLE)).status).toBe(200);
  const kept = await page(ARTICLE);
  expect(kept.age).not.toBeNull();
  // The answer names the embed it shows, for this process's caches and the CDN.
  expect(kept.headers.get('surrogate-key')?.split(' ')).toContain(`e:${PULL_QUOTE}`);
  await page('/topics/food');
  const unrelated = await page('/topics/food');
  expect(unrelated.age).not.toBeNull();

  const quote = `The tide keeps its own appointments (corrected ${Date.now().toString(36)}).`;
  fixture.space.publish(PULL_QUOTE, { quote });
  const dropped = drops.next(`e:${PULL_QUOTE}`);
  const answer = await notify('publish', PULL_QUOTE, 'pullQuote');
  expect(answer.status).toBe(200);
  expect(await answer.json()).toEqual({
    announced: { records: [{ type: 'Embed', id: PULL_QUOTE }], listsChanged: false },
  });
  const change = await dropped;
  // Its own key: no list, no search, no sitemap.
  expect(change.keys).toEqual([`e:${PULL_QUOTE}`]);

  const fresh = await page(ARTICLE);
  expect(fresh.age).toBeNull();
  expect(fresh.text).toContain(quote);
  expect((await page('/topics/food')).age).not.toBeNull();
  await eventually(async () =>
    expect(purges.purges.map((purge) => purge.keys)).toContainEqual([`e:${PULL_QUOTE}`]),
  );
});

it('takes an unpublished pull quote off the article at once', async () => {
  await page(ARTICLE);
  const dropped = drops.next(`e:${PULL_QUOTE}`);
  fixture.space.unpublish(PULL_QUOTE);
  expect((await notify('unpublish', PULL_QUOTE, 'pullQuote')).status).toBe(200);
  await dropped;
  const fresh = await page(ARTICLE);
  expect(fresh.status).toBe(200);
  expect(fresh.text).not.toContain('The tide keeps its own appointments');
  // The article itself is still there.
  expect(fresh.text).toContain('Reading the tides');
});

it('shows a page block published on its own on the page, and on no other', async () => {
  await page('/');
  const kept = await page('/');
  expect(kept.age).not.toBeNull();
  expect(kept.headers.get('surrogate-key')?.split(' ')).toContain(`b:${CALLOUT}`);
  await page('/start-here');
  expect((await page('/start-here')).age).not.toBeNull();

  const heading = `New here? Start with these (${Date.now().toString(36)})`;
  fixture.space.publish(CALLOUT, { heading });
  const dropped = drops.next(`b:${CALLOUT}`);
  const answer = await notify('publish', CALLOUT, 'calloutBlock');
  expect(await answer.json()).toEqual({
    announced: { records: [{ type: 'Block', id: CALLOUT }], listsChanged: false },
  });
  await dropped;

  const fresh = await page('/');
  expect(fresh.age).toBeNull();
  expect(fresh.text).toContain(heading);
  expect((await page('/start-here')).age).not.toBeNull();
});

it('drops what showed a deleted block, though the delete names only its id', async () => {
  await page('/');
  expect((await page('/')).age).not.toBeNull();
  const dropped = drops.next(`b:${CALLOUT}`);
  fixture.space.unpublish(CALLOUT);
  expect((await notify('delete', CALLOUT, 'calloutBlock')).status).toBe(200);
  await dropped;
  const fresh = await page('/');
  expect(fresh.age).toBeNull();
  expect(fresh.text).not.toContain('New here? Start with these');
});

it('drops what it knew at once when Contentful cannot be read at the webhook, and the rest once it can', async () => {
  const article = contentfulId('article', 'why-onions-make-you-cry');
  const moved = `onions-and-tears-${Date.now().toString(36)}`;
  // A reader looked for the new address before it existed: a 404, kept.
  await page(`/articles/${moved}`);
  const missing = await page(`/articles/${moved}`);
  expect(missing.status).toBe(404);
  expect(missing.age).not.toBeNull();
  await page('/articles/why-onions-make-you-cry');

  fixture.space.publish(article, { slug: moved });
  fixture.setFault(parseFault('unavailable'));
  const first = drops.next(`a:${article}`);
  expect((await notify('publish', article, 'article')).status).toBe(200);
  // Contentful does not answer: what Folio knew is dropped (the article, whose old address's page carries its key, and the lists), not yet its new address.
  const known = await first;
  expect(known.keys).toEqual(expect.arrayContaining([`a:${article}`, 'articles', 'search']));
  expect(known.keys).not.toContain(`a/${moved}`);

  const rest = drops.next(`a/${moved}`, UNREAD_CHANGE_RETRIES_MS[0]! + 10_000);
  fixture.setFault(null);
  await rest;
  const found = await page(`/articles/${moved}`);
  expect(found.status).toBe(200);
  expect(found.age).toBeNull();
});

it('finds an article by its new title once it is published, reading that article again, not every article', async () => {
  const article = contentfulId('article', 'reading-the-tides');
  const word = `zanzibarian${Date.now().toString(36)}`;
  const found = async () =>
    (await page(`/search?q=${word}`)).text.includes('href="/articles/reading-the-tides"');
  expect(await found()).toBe(false);
  fixture.space.publish(article, { title: `Reading the tides, ${word}` });
  const every = searchReads.every;
  // The change drops search answers at once; the index has the new title a moment later, and they are dropped again.
  const atOnce = drops.next(SEARCH_KEY);
  expect((await notify('publish', article, 'article')).status).toBe(200);
  await atOnce;
  await drops.next(SEARCH_KEY);
  expect(await found()).toBe(true);
  // That one article was read again for the index, not every article.
  expect(searchReads.some.at(-1)).toEqual([article]);
  expect(searchReads.every).toBe(every);
});

it('a German translation published: the webhook names no locale, so the record changes in every locale, German keys included', async () => {
  // Contentful's webhook bodies name no single locale (docs/sources.md#webhooks): the record is every locale's.
  const article = contentfulId('article', 'why-the-sky-is-blue');
  const german = readContentTranslations().articles.find(
    (translation) =>
      translation.locale === 'de' && translation.original.slug === 'why-the-sky-is-blue',
  )!;
  fixture.space.publish(
    article,
    { title: `${german.title} (${Date.now().toString(36)})` },
    CONTENTFUL_LOCALES.de,
  );
  const dropped = drops.next(`a/${german.slug}@de`);
  const answer = await notify('publish', article, 'article');
  expect(await answer.json()).toEqual({
    announced: { records: [{ type: 'Article', id: article }], listsChanged: true },
  });
  const change = await dropped;
  expect(change.keys).toEqual(
    expect.arrayContaining([`a/${german.slug}@de`, 'a/why-the-sky-is-blue']),
  );
});
