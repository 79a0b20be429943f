import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator } from '@playwright/test';
import { ContentFolderCopy } from '../harness/contentFolderCopy';
import { e2eSourceName } from '../harness/contentSources';
import { startSiteProcess, type SiteProcess } from '../harness/siteProcess';
import { expect, test, waitForPage } from './support/fixtures';
import { PageProblems, waitForHydration } from './support/pageProblems';
import { expectSameDocument, markDocument } from './support/sameDocument';

/**
 * Client-side navigation after a server-rendered first page (which makes no
 * request: its records come in the document).
 */
test('each cold client-side navigation makes one persisted request, back and forward none', async ({
  page,
  graphql,
}) => {
  const problems = new PageProblems(page);
  await page.goto('/');
  await waitForPage(page, 'How things work, explained with care');
  await waitForHydration(page);
  expect(graphql.count).toBe(0);
  await markDocument(page);

  // Home → All articles (from the site navigation).
  let mark = graphql.count;
  await page
    .getByRole('navigation')
    .getByRole('link', { name: 'Articles', exact: true })
    .first()
    .click();
  await page.waitForURL(/\/articles$/);
  await waitForPage(page, 'All articles');
  expect(graphql.since(mark).map((call) => call.operationName)).toEqual(['ArticleIndexPageQuery']);

  // All articles → the first article card (by its title link).
  const card = page.locator('main article h2 a').first();
  const title = (await card.textContent()) ?? '';
  const slug = ((await card.getAttribute('href')) ?? '').replace('/articles/', '');
  mark = graphql.count;
  await card.click();
  await page.waitForURL(new RegExp(`/articles/${slug}$`));
  await waitForPage(page, title);
  const [articleCall] = graphql.since(mark);
  expect(graphql.since(mark)).toHaveLength(1);

  // The body the server received: operation name, variables and the persisted id, no query text.
  expect(articleCall).toMatchObject({
    method: 'POST',
    operationName: 'ArticlePageQuery',
    variables: { slug },
    hasQueryText: false,
  });
  expect(articleCall?.docId).toMatch(/^[0-9a-f]{64}$/);

  // Focus moves to the new page's heading for screen readers.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

  // Back and forward come from the store.
  mark = graphql.count;
  await page.goBack();
  await page.waitForURL(/\/articles$/);
  await waitForPage(page, 'All articles');
  await page.goBack();
  await page.waitForURL((url) => url.pathname === '/');
  await waitForPage(page, 'How things work, explained with care');
  await page.goForward();
  await page.waitForURL(/\/articles$/);
  await waitForPage(page, 'All articles');
  await page.goForward();
  await page.waitForURL(new RegExp(`/articles/${slug}$`));
  await waitForPage(page, title);
  expect(graphql.since(mark)).toEqual([]);
  // Still the one document: every page since the first came by client-side navigation.
  await expectSameDocument(page);
  expect(await problems.list()).toEqual([]);
});

test('back to the server-rendered first page needs no request, nor does coming forward again', async ({
  page,
  graphql,
}) => {
  await page.goto('/articles/reading-the-tides');
  await waitForPage(page, 'Reading the tides');
  await waitForHydration(page);
  expect(graphql.count).toBe(0);
  await page.getByRole('main').getByRole('link', { name: 'Eliza Marsh' }).first().click();
  await page.waitForURL(/\/authors\/eliza-marsh$/);
  await waitForPage(page, 'Eliza Marsh');
  expect(graphql.calls.map((call) => call.operationName)).toEqual(['AuthorPageQuery']);
  const mark = graphql.count;
  await page.goBack();
  await page.waitForURL(/\/articles\/reading-the-tides$/);
  await waitForPage(page, 'Reading the tides');
  await page.goForward();
  await page.waitForURL(/\/authors\/eliza-marsh$/);
  await waitForPage(page, 'Eliza Marsh');
  expect(graphql.since(mark)).toEqual([]);
});

test('hovering a link starts its query, and the click makes no second request', async ({
  page,
  graphql,
}) => {
  await page.goto('/topics');
  await waitForPage(page, 'Topics');
  await waitForHydration(page);
  expect(graphql.count).toBe(0);
  const link = page.getByRole('link', { name: /Science/ }).first();
  const preload = page.waitForRequest((request) => request.url().endsWith('/graphql'));
  await link.hover();
  await preload;
  // The query was asked before any click.
  expect(graphql.calls.map((call) => call.operationName)).toEqual(['TopicPageQuery']);
  await expect(page).toHaveURL(/\/topics$/);
  await link.click();
  await page.waitForURL(/\/topics\/science$/);
  await waitForPage(page, 'Science');
  expect(graphql.calls.map((call) => call.operationName)).toEqual(['TopicPageQuery']);
});

test('"Load more" on /articles fetches the next page of 12 until all are shown', async ({
  page,
  graphql,
}) => {
  await page.goto('/articles');
  await waitForPage(page, 'All articles');
  await waitForHydration(page);
  expect(graphql.count).toBe(0);
  const cards = page.locator('main article');
  await expect(cards).toHaveCount(12);
  const mark = graphql.count;
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(cards).toHaveCount(24);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(cards).toHaveCount(33);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  // (The pointer resting on a card may also preload that article: only the list's own requests count.)
  const pages = graphql.since(mark).filter((call) => call.operationName !== 'ArticlePageQuery');
  expect(pages.map((call) => call.operationName)).toEqual([
    'ArticleIndexPaginationQuery',
    'ArticleIndexPaginationQuery',
  ]);
  expect(pages[0]?.variables).toMatchObject({ count: 12 });
  expect(pages.every((call) => call.docId && !call.hasQueryText)).toBe(true);
});

test('from a German article to its English original and back: each in its language, no stale field, one document', async ({
  page,
}) => {
  const problems = new PageProblems(page);
  await page.goto('/de/articles/die-gezeiten-lesen');
  await waitForPage(page, 'Die Gezeiten lesen');
  await waitForHydration(page);
  await markDocument(page);
  const main = page.locator('main');
  const inGerman = async () => {
    await waitForPage(page, 'Die Gezeiten lesen');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(main.getByText(/Min\. Lesezeit/).first()).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Mehr zum Thema' })).toBeVisible();
    await expect(main.getByText('Reading the tides')).toHaveCount(0);
    await expect(main.getByText(/min read|Related reading/)).toHaveCount(0);
  };
  const inEnglish = async () => {
    await waitForPage(page, 'Reading the tides');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(main.getByText(/\d+ min read/).first()).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Related reading' })).toBeVisible();
    await expect(main.getByText('Die Gezeiten lesen')).toHaveCount(0);
    await expect(main.getByText(/Lesezeit|Mehr zum Thema/)).toHaveCount(0);
  };
  await inGerman();
  // All the page shows, words and images' descriptions, as the server rendered it.
  const german = await looks(main);

  // The switcher leads to the original at its own slug, by client-side navigation.
  await page
    .getByRole('navigation', { name: 'Sprache' })
    .getByRole('link', { name: 'English' })
    .click();
  await page.waitForURL(/\/articles\/reading-the-tides$/);
  await inEnglish();
  const english = await looks(main);

  await page
    .getByRole('navigation', { name: 'Language' })
    .getByRole('link', { name: 'Deutsch' })
    .click();
  await page.waitForURL(/\/de\/articles\/die-gezeiten-lesen$/);
  await inGerman();
  expect(await looks(main)).toEqual(german);

  await page.goBack();
  await page.waitForURL(/\/articles\/reading-the-tides$/);
  await inEnglish();
  expect(await looks(main)).toEqual(english);
  await page.goForward();
  await page.waitForURL(/\/de\/articles\/die-gezeiten-lesen$/);
  await inGerman();
  expect(await looks(main)).toEqual(german);

  await expectSameDocument(page);
  expect(await problems.list()).toEqual([]);
});

test('from the German home page to the English one and back: each block in its language', async ({
  page,
}) => {
  const problems = new PageProblems(page);
  await page.goto('/de');
  await waitForHydration(page);
  await markDocument(page);
  const main = page.locator('main');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // Both home pages are composed of blocks in the same places: each must stay its own.
  const german = await looks(main);

  await page
    .getByRole('navigation', { name: 'Sprache' })
    .getByRole('link', { name: 'English' })
    .click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect.poll(async () => (await looks(main)).text).not.toEqual(german.text);
  const english = await looks(main);

  await page.goBack();
  await page.waitForURL(/\/de$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect.poll(() => looks(main)).toEqual(german);
  await page.goForward();
  await page.waitForURL((url) => url.pathname === '/');
  await expect.poll(() => looks(main)).toEqual(english);

  await expectSameDocument(page);
  expect(await problems.list()).toEqual([]);
});

/** What a reader takes in of `main`: its text, and each image's description. */
async function looks(main: Locator) {
  return {
    text: await main.innerText(),
    alts: await main
      .locator('img')
      .evaluateAll((images) => images.map((image) => image.getAttribute('alt'))),
  };
}

/**
 * docs/routes.md#addresses-that-moved: a link to an address a page left (here
 * the site's own header link, which names the address, after the writer gave
 * "About Folio" a new slug) shows the page at its new address, the address
 * bar included, without loading a new document. A site of its own, over a
 * copy of content/ it can rename in (the embedded source's files).
 */
test.describe('a link to an address a page left', () => {
  test.skip(e2eSourceName() !== 'embedded', 'renames a file of the embedded source');
  test.describe.configure({ timeout: 180_000 });
  const folder = new ContentFolderCopy();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-e2e-moved-'));
  const env = { FOLIO_CONTENT_DIR: folder.dir, FOLIO_DATA_DIR: dataDir };
  let site: SiteProcess | undefined;

  test.beforeAll(async () => {
    site = await startSiteProcess({ env });
    folder.edit('pages/about.md', /^title: /m, 'slug: about-folio\ntitle: ');
    folder.edit('pages/about.de.md', 'slug: ueber-uns', 'slug: ueber-folio');
    // The server that holds the data folder publishes (npm run content asks it).
    execFileSync('npm', ['run', '--silent', 'content'], {
      env: { ...process.env, NODE_ENV: 'production', ...env },
      stdio: 'pipe',
    });
  });

  test.afterAll(async () => {
    await site?.stop();
    rmSync(folder.dir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  for (const { home, link, heading, moved } of [
    { home: '/', link: 'About', heading: 'About Folio', moved: '/about-folio' },
    { home: '/de', link: 'Über uns', heading: 'Über Folio', moved: '/de/ueber-folio' },
  ])
    test(`${home}: the header's link to the old address lands at ${moved}`, async ({
      page,
      graphql,
    }) => {
      const problems = new PageProblems(page);
      await page.goto(`${site!.url}${home}`);
      await waitForHydration(page);
      await markDocument(page);
      const mark = graphql.count;
      await page.getByRole('banner').getByRole('link', { name: link, exact: true }).click();
      await expect(page).toHaveURL(`${site!.url}${moved}`);
      await waitForPage(page, heading);
      await expectSameDocument(page);
      // The old address's page, then the new one's (its query is another's variables).
      expect(graphql.since(mark).map((call) => call.variables.slug)).toEqual([
        moved === '/about-folio' ? 'about' : 'ueber-uns',
        moved === '/about-folio' ? 'about-folio' : 'ueber-folio',
      ]);
      // Back leaves the site's page before: the old address was never an entry of its own.
      await page.goBack();
      await page.waitForURL(`${site!.url}${home}`);
      expect(await problems.list()).toEqual([]);
    });
});
