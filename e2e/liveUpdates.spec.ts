import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { e2eSourceName } from '../harness/contentSources';
import { expect, test } from './support/fixtures';
import { E2E_WEBHOOK_SECRET } from './support/globalSetup';
import { contentFile, writeAndPublish } from './support/publishContent';
import { saveScreenshot } from './support/screenshots';
import { throughVarnish, varnishInstalled } from './support/throughVarnish';
import { strapiRest } from './support/strapiAdmin';

/**
 * An open article follows its content (docs/http-and-cache.md#live-updates):
 * a writer corrects a title the way their source has them do it, and the
 * reader who has the page open sees the correction in place, where they are
 * on the page. How long it took, from the writer's publish to the title on
 * screen, is in the test's annotations (bench/ holds the 1 s target).
 */
const SLUG = 'how-a-cup-of-tea-cools';
const sourceEnv = () =>
  JSON.parse(process.env.FOLIO_E2E_SOURCE_ENV ?? '{}') as Record<string, string>;

/** Publishes a new title for the article as a writer of this source does. */
async function publishTitle(title: string): Promise<void> {
  const source = e2eSourceName();
  if (source === 'embedded') return publishInMarkdown(title);
  if (source === 'strapi') return publishInStrapi(title);
  return publishInContentful(title);
}

/** content/: one edit of the article's file, then `npm run content` (through the running server). */
async function publishInMarkdown(title: string) {
  const file = contentFile(`articles/${SLUG}.md`);
  await writeAndPublish(
    file,
    readFileSync(file, 'utf8').replace(/^title: .*$/m, `title: ${title}`),
  );
}

/** Strapi: the article saved and published through its REST API, as the admin's Publish does; Strapi's webhook tells Folio. */
async function publishInStrapi(title: string) {
  // The import token writes (the one Folio reads with may only read).
  const rest = strapiRest(sourceEnv().FOLIO_STRAPI_URL!);
  const found = (await rest(
    'GET',
    `/api/articles?${new URLSearchParams({ 'filters[slug][$eq]': SLUG, 'fields[0]': 'title' })}`,
  )) as { documentId: string }[];
  await rest('PUT', `/api/articles/${found[0]!.documentId}?status=published`, {
    data: { title },
  });
}

/** Contentful (the fixture): the entry published with its new title, then Contentful's webhook to Folio. */
async function publishInContentful(title: string) {
  const { FOLIO_CONTENTFUL_GRAPHQL_URL: graphqlUrl } = sourceEnv();
  const published = await fetch(new URL('/_fixture/publish', graphqlUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ contentType: 'article', slug: SLUG, fields: { title } }),
  });
  expect(published.status).toBe(200);
  const { id, contentType } = (await published.json()) as { id: string; contentType: string };
  // What Contentful posts to the webhook an editor set up (cms/contentful/README.md).
  const notified = await fetch(`${process.env.FOLIO_E2E_URL}/hooks/content`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/vnd.contentful.management.v1+json',
      Authorization: `Bearer ${E2E_WEBHOOK_SECRET}`,
      'X-Contentful-Topic': 'ContentManagement.Entry.publish',
    },
    body: JSON.stringify({
      sys: {
        id,
        type: 'Entry',
        contentType: { sys: { type: 'Link', linkType: 'ContentType', id: contentType } },
      },
    }),
  });
  expect(notified.status).toBeLessThan(300);
}

/** The article open, its live stream answered (the update the stream opens with has been applied). */
async function openArticle(page: Page, origin: string) {
  const stream = page.waitForResponse((response) => response.url().includes('/graphql/stream'));
  await page.goto(`${origin}/articles/${SLUG}`);
  const opened = await stream;
  expect(opened.status()).toBe(200);
  expect(opened.headers()['cache-control']).toBe('private, no-store');
}

/** Corrects the title while the page is open and scrolled, and says how long the reader waited. */
async function correctWhileOpen(page: Page, title: string): Promise<number> {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  // What the reader is reading: the first paragraph at the top of the window, and where it is.
  const reading = () =>
    page.evaluate(() => {
      const marked = document.querySelector('[data-reading]');
      const paragraph =
        marked ??
        [...document.querySelectorAll('article p')].find(
          (element) => element.getBoundingClientRect().top >= 0,
        );
      paragraph?.setAttribute('data-reading', '');
      return paragraph ? Math.round(paragraph.getBoundingClientRect().top) : null;
    });
  const before = await reading();
  expect(before).not.toBeNull();
  await publishTitle(title);
  const published = Date.now();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title, { timeout: 15_000 });
  const waited = Date.now() - published;
  // Corrected in place: what the reader was reading has not moved under their eyes.
  expect(Math.abs((await reading())! - before!)).toBeLessThanOrEqual(2);
  return waited;
}

test.describe('live updates of an open article', () => {
  test.describe.configure({ mode: 'serial' });
  let original = '';

  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    await page.goto(`${process.env.FOLIO_E2E_URL}/articles/${SLUG}`);
    original = (await page.getByRole('heading', { level: 1 }).textContent())!;
    await page.close();
  });
  test.afterAll(async () => {
    // Put back: the other tests read the article as content/ has it.
    if (original) await publishTitle(original);
  });

  test('an open article shows a corrected title, in place', async ({ page }, testInfo) => {
    await openArticle(page, process.env.FOLIO_E2E_URL!);
    const waited = await correctWhileOpen(page, `${original} (corrected)`);
    testInfo.annotations.push({ type: 'publish to screen', description: `${waited} ms` });
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, testInfo, 'live-article-corrected', false);
  });

  test('through Varnish with the reference VCL too', async ({ page }, testInfo) => {
    test.skip(!varnishInstalled(), 'Varnish is not installed (scripts/ci-varnish.sh)');
    const waited = await throughVarnish(async (origin) => {
      await openArticle(page, origin);
      return correctWhileOpen(page, `${original} (corrected again)`);
    });
    testInfo.annotations.push({
      type: 'publish to screen, through Varnish',
      description: `${waited} ms`,
    });
  });
});
