import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { e2eSourceName } from '../harness/contentSources';
import { expect, test, waitForPage } from './support/fixtures';
import { E2E_PREVIEW_TOKEN } from './support/globalSetup';
import { PageProblems, waitForHydration } from './support/pageProblems';
import { saveScreenshot } from './support/screenshots';

/**
 * Preview (docs/http-and-cache.md#preview) with server rendering: `/preview?token=…&to=/path` is a
 * server route that keeps the token in an HttpOnly cookie and redirects to
 * `to`; the draft is rendered for that browser alone; Exit preview clears it.
 */
const DRAFT = '/articles/the-four-day-week';
const DRAFT_TITLE = 'What the four-day week trials actually found';
const PREVIEW_COOKIE = 'folio_preview';

const previewUrl = (token: string, to: string) =>
  `/preview?token=${encodeURIComponent(token)}&to=${encodeURIComponent(to)}`;

async function previewCookies(context: BrowserContext) {
  return (await context.cookies()).filter((cookie) => cookie.name === PREVIEW_COOKIE);
}

/** A reader: a browser context of its own, no cookie, no token. */
async function expectReaderGets404(page: Page, path = DRAFT) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(404);
  expect(response?.headers()['cache-control']).not.toContain('private');
  await waitForPage(page, 'Page not found');
  await expect(page.getByRole('region', { name: 'Preview' })).toHaveCount(0);
  expect(await page.content()).not.toContain(DRAFT_TITLE);
  expect(await response?.text()).not.toContain(DRAFT_TITLE);
}

test('a previewer sees the draft in an HttpOnly cookie session; a reader at the same URL gets a 404, before and right after', async ({
  page,
  context,
  browser,
  baseURL,
  graphql,
}) => {
  const problems = new PageProblems(page);
  const reader = await browser.newContext({ baseURL });
  try {
    const readerPage = await reader.newPage();
    // Before: a reader (and every cache on the way) has only the 404.
    await expectReaderGets404(readerPage);

    const response = await page.goto(previewUrl(E2E_PREVIEW_TOKEN, DRAFT));
    // The redirect to `to`: the token leaves the address bar.
    expect(response?.request().redirectedFrom()?.url()).toContain('/preview?');
    expect(new URL(page.url()).pathname).toBe(DRAFT);
    expect(page.url()).not.toContain(E2E_PREVIEW_TOKEN);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    await waitForPage(page, DRAFT_TITLE);
    const banner = page.getByRole('region', { name: 'Preview' });
    await expect(banner).toBeVisible();
    // Server-rendered for the previewer and hydrated from its records, like a reader's page.
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(graphql.count).toBe(0);
    expect(await problems.list()).toEqual([]);

    // The cookie: HttpOnly, SameSite, for the whole site; scripts cannot read it.
    const [cookie, ...others] = await previewCookies(context);
    expect(others).toEqual([]);
    expect(cookie).toMatchObject({ name: PREVIEW_COOKIE, httpOnly: true, path: '/' });
    expect(['Lax', 'Strict']).toContain(cookie?.sameSite);
    expect(await page.evaluate(() => document.cookie)).not.toContain(PREVIEW_COOKIE);

    // Right after the preview render, the reader at the very same URL: still a 404 (no cache hands it the draft).
    await expectReaderGets404(readerPage);
    // And the reader's own request with an If-None-Match of the preview's answer is not a match.
    const previewETag = response?.headers().etag;
    if (previewETag) {
      const revalidated = await reader.request.get(DRAFT, {
        headers: { 'If-None-Match': previewETag },
      });
      expect(revalidated.status()).toBe(404);
      expect(await revalidated.text()).not.toContain(DRAFT_TITLE);
    }

    // Exit preview: a plain link to the server, which clears the cookie and comes back here as a reader.
    const exit = banner.getByRole('link', { name: 'Exit preview' });
    expect(await exit.getAttribute('href')).toBe(`/preview/exit?to=${encodeURIComponent(DRAFT)}`);
    const exited = page.waitForResponse((answer) => new URL(answer.url()).pathname === DRAFT);
    await exit.click();
    expect((await exited).status()).toBe(404);
    await waitForPage(page, 'Page not found');
    await expect(page.getByRole('region', { name: 'Preview' })).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe(DRAFT);
    expect(await previewCookies(context)).toEqual([]);
    expect(await page.content()).not.toContain(DRAFT_TITLE);
  } finally {
    await reader.close();
  }
});

test('preview pages are never a reader’s: the banner stays across client navigation, and a published page in preview is private too', async ({
  page,
  graphql,
}) => {
  await page.goto(previewUrl(E2E_PREVIEW_TOKEN, DRAFT));
  await waitForPage(page, DRAFT_TITLE);
  await waitForHydration(page);
  // A client navigation in preview asks the API with the cookie and keeps the banner.
  await page.getByRole('main').getByRole('link', { name: 'Mara Lindqvist' }).first().click();
  await page.waitForURL(/\/authors\/mara-lindqvist$/);
  await waitForPage(page, 'Mara Lindqvist');
  await expect(page.getByRole('region', { name: 'Preview' })).toBeVisible();
  // The draft is listed for the previewer.
  await expect(page.getByRole('main').getByRole('link', { name: DRAFT_TITLE })).toBeVisible();
  expect(graphql.calls.map((call) => call.operationName)).toEqual(['AuthorPageQuery']);
  // Preview answers are personal: never cacheable GETs.
  expect(graphql.calls.every((call) => call.method === 'POST')).toBe(true);
  const published = await page.goto('/articles/reading-the-tides');
  expect(published?.headers()['cache-control']).toBe('private, no-store');
  await expect(page.getByRole('region', { name: 'Preview' })).toBeVisible();
});

test('a wrong preview token sets no cookie and shows nothing of the draft', async ({
  page,
  context,
}) => {
  const response = await page.goto(previewUrl('not-the-token', DRAFT));
  expect(response?.status()).toBe(403);
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  expect(await previewCookies(context)).toEqual([]);
  await expect(page.getByText(DRAFT_TITLE)).toHaveCount(0);
  // And the draft's address is still a reader's 404.
  await expectReaderGets404(page);
});

test('a stale preview cookie is ignored: the reader’s page, and the cookie is dropped', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([
    { name: PREVIEW_COOKIE, value: 'an-old-token', url: baseURL!, httpOnly: true, sameSite: 'Lax' },
  ]);
  const response = await page.goto(DRAFT);
  expect(response?.status()).toBe(404);
  await waitForPage(page, 'Page not found');
  await expect(page.getByRole('region', { name: 'Preview' })).toHaveCount(0);
  expect(await page.content()).not.toContain(DRAFT_TITLE);
  expect(await previewCookies(context)).toEqual([]);
});

for (const to of ['/%09/evil.example/x', '//evil.example', '/\\evil.example']) {
  test(`preview never leaves the site: to=${to}`, async ({ page, baseURL }) => {
    // `to` as written in the link, unencoded (a browser may read it as another host).
    await page.goto(`/preview?token=${E2E_PREVIEW_TOKEN}&to=${to}`);
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
}

/**
 * A signed link to one draft, as a Markdown writer gets it: `npm run content
 * -- --preview <file>` over the server's copy of content/ (it asks the
 * running server, which signs with its link key). Its path, on this site.
 */
function signedLinkTo(file: string): string {
  const contentDir = process.env.FOLIO_E2E_CONTENT_DIR!;
  const printed = execFileSync(
    'npm',
    ['run', '--silent', 'content', '--', '--preview', path.join(contentDir, file)],
    {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        FOLIO_CONTENT_DIR: contentDir,
        FOLIO_DATA_DIR: process.env.FOLIO_E2E_DATA_DIR,
      },
      encoding: 'utf8',
      stdio: 'pipe',
    },
  );
  const link = printed.split('\n').find((line) => line.includes('/preview/open?link='));
  expect(link, `a link among: ${printed}`).toBeTruthy();
  const url = new URL(link!);
  return url.pathname + url.search;
}

test.describe('a one-document session (a signed link, issue 39)', () => {
  test.skip(e2eSourceName() !== 'embedded', 'npm run content signs the link: the embedded source');

  test('the banner claims the draft on its page alone: the home page is a reader’s, with the way back', async ({
    page,
  }, testInfo) => {
    const problems = new PageProblems(page);
    const banner = page.getByRole('region', { name: 'Preview' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(signedLinkTo('articles/the-four-day-week.md'));
    expect(new URL(page.url()).pathname).toBe(DRAFT);
    await waitForPage(page, DRAFT_TITLE);
    await expect(banner).toContainText('You are seeing this draft as it will look.');
    await expect(banner.getByRole('link', { name: 'Back to the draft' })).toHaveCount(0);

    const home = await page.goto('/');
    expect(home?.headers()['cache-control']).toBe('private, no-store');
    await waitForHydration(page);
    await expect(banner).toContainText(
      'You are previewing one draft. This page is as readers see it.',
    );
    await expect(banner).not.toContainText('this draft');
    // The draft is not on the home page (lists stay a reader's)…
    await expect(page.getByRole('main').getByText(DRAFT_TITLE)).toHaveCount(0);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await saveScreenshot(page, testInfo, `preview-banner-home-en-${width}`, false);
    }
    // …and the banner leads back to it, in the page (a client navigation).
    await banner.getByRole('link', { name: 'Back to the draft' }).click();
    await page.waitForURL((url) => url.pathname === DRAFT);
    await waitForPage(page, DRAFT_TITLE);
    await expect(banner).toContainText('You are seeing this draft as it will look.');
    await saveScreenshot(page, testInfo, 'preview-banner-draft-en-1280', false);

    // In German: the same, in the page's language (the draft has no German version to go back to).
    await page.goto('/de');
    await waitForHydration(page);
    const german = page.getByRole('region', { name: 'Vorschau' });
    await expect(german).toContainText(
      'Sie sehen sich einen Entwurf in der Vorschau an. Diese Seite sehen Sie so, wie Ihr Publikum sie sieht.',
    );
    await expect(german.getByRole('link', { name: 'Vorschau beenden' })).toBeVisible();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await saveScreenshot(page, testInfo, `preview-banner-home-de-${width}`, false);
    }
    expect(await problems.list()).toEqual([]);
  });
});
