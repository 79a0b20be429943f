import { expect, test, waitForPage } from './support/fixtures';
import { PageProblems, waitForHydration } from './support/pageProblems';
import { ROUTES } from '../harness/routes';
import { jsonLd, meta, metaAll } from './support/html';

/**
 * The first load of every route: the server renders it whole (the right HTTP
 * status), the browser's store starts from the records in the document, and
 * React hydrates it with no GraphQL request, no error and no hydration warning.
 */
const NOT_FOUND_CASES = [
  { name: 'an unknown slug', path: '/articles/no-such-article' },
  { name: 'an invalid slug', path: '/articles/Not_A_Slug!' },
  { name: 'an unknown path', path: '/no/such/path' },
  { name: 'a draft (hidden from readers)', path: '/articles/the-four-day-week' },
];

for (const route of ROUTES.filter((r) => r.kind !== 'not-found')) {
  test(`${route.path} is server-rendered and hydrates with no GraphQL request`, async ({
    page,
    graphql,
  }) => {
    const problems = new PageProblems(page);
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(200);
    await waitForPage(page, route.heading);
    await expect(page.getByText(route.shows).first()).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: /main|site|hauptnavigation/i }).first(),
    ).toBeVisible();
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(graphql.calls.map((call) => call.operationName)).toEqual([]);
    expect(await problems.list()).toEqual([]);
  });
}

for (const notFound of NOT_FOUND_CASES) {
  test(`${notFound.name} (${notFound.path}) is a 404 page, hydrated with no GraphQL request`, async ({
    page,
    graphql,
  }) => {
    const problems = new PageProblems(page);
    const response = await page.goto(notFound.path);
    expect(response?.status()).toBe(404);
    // The browser logs the document's own 404 as a failed load: that one is the point of this page.
    problems.expectFailedLoad(response!.url());
    await waitForPage(page, 'Page not found');
    await expect(page).toHaveTitle(/not found/i);
    await expect(page.getByRole('link', { name: 'browse all articles' })).toBeVisible();
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(graphql.calls.map((call) => call.operationName)).toEqual([]);
    expect(await problems.list()).toEqual([]);
  });
}

test('the draft’s 404 holds nothing of the draft', async ({ page }) => {
  await page.goto('/articles/the-four-day-week');
  await waitForPage(page, 'Page not found');
  await expect(page.getByText('four-day week', { exact: false })).toHaveCount(0);
  expect(await page.content()).not.toContain('What the four-day week trials actually found');
});

test.describe('the checks above can fail', () => {
  test('a document whose HTML differs from what React renders is reported as a hydration problem', async ({
    page,
  }) => {
    const problems = new PageProblems(page);
    // The server's HTML, with one word of the heading changed: React's first render disagrees with it.
    await page.route('**/articles/reading-the-tides', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        '>Reading the tides</h1>',
        '>Reading the waves</h1>',
      );
      await route.fulfill({ response, body: html });
    });
    await page.goto('/articles/reading-the-tides');
    await waitForHydration(page);
    await expect.poll(async () => (await problems.list()).join('\n')).toMatch(/#418|hydrat/i);
  });

  test('a document without its records makes the browser ask for the page itself', async ({
    page,
    graphql,
  }) => {
    await page.route('**/articles/reading-the-tides', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /<script type="application\/json" id="folio-bootstrap">[\s\S]*?<\/script>/,
        '',
      );
      await route.fulfill({ response, body: html });
    });
    await page.goto('/articles/reading-the-tides');
    await waitForPage(page, 'Reading the tides');
    await expect
      .poll(() => graphql.calls.map((call) => call.operationName))
      .toEqual(['ArticlePageQuery']);
  });
});

/**
 * A page names its language where link previews, search engines and screen
 * readers look (issue 39, the German reader's findings): Open Graph's
 * `og:locale` and an `og:locale:alternate` for each other version that
 * exists, the article's `inLanguage`, and its interface text in its language
 * (the code block's label, the footer's line about the site).
 */
const LANGUAGE_CASES = [
  {
    path: '/articles/reading-the-tides',
    locale: 'en_US',
    alternates: ['de_DE'],
    inLanguage: 'en',
    footer: /^Folio — A thoughtful magazine/,
  },
  {
    path: '/de/articles/die-gezeiten-lesen',
    locale: 'de_DE',
    alternates: ['en_US'],
    inLanguage: 'de',
    footer: /^Folio – Ein nachdenkliches Magazin/,
    code: 'Python-Code',
  },
  // No German version: no alternate to name.
  { path: '/articles/how-gps-finds-you', locale: 'en_US', alternates: [], inLanguage: 'en' },
  { path: '/de/search?q=design', locale: 'de_DE', alternates: ['en_US'] },
];

for (const { path, locale, alternates, inLanguage, footer, code } of LANGUAGE_CASES)
  test(`${path} names its language: og:locale ${locale}${inLanguage ? `, inLanguage ${inLanguage}` : ''}`, async ({
    page,
    request,
  }) => {
    const html = await (await request.get(path)).text();
    expect(meta(html, 'og:locale')).toBe(locale);
    expect(metaAll(html, 'og:locale:alternate')).toEqual(alternates);
    if (inLanguage) {
      const posting = jsonLd(html).find((data) => data['@type'] === 'BlogPosting');
      expect(posting?.inLanguage).toBe(inLanguage);
    }
    if (!footer && !code) return;
    await page.goto(path);
    await waitForHydration(page);
    if (footer) await expect(page.locator('.site-footer__about')).toHaveText(footer);
    if (code) await expect(page.getByLabel(code, { exact: true })).toBeVisible();
  });
