import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { e2eSourceName } from '../harness/contentSources';
import { withLiveUpdate } from '../harness/liveBlogFile';
import { expect, test } from './support/fixtures';
import { E2E_WEBHOOK_SECRET } from './support/globalSetup';
import { contentFile, writeAndPublish } from './support/publishContent';
import { saveScreenshot } from './support/screenshots';
import { throughVarnish, varnishInstalled } from './support/throughVarnish';
import { strapiRest } from './support/strapiAdmin';

/**
 * A live blog open in the browser (docs/content-model.md#live-blogs), on
 * every source: a writer adds an update as their source has them do it
 * (`npm run content`; Strapi's REST publish of the article; the Contentful
 * fixture's new update entry and Contentful's webhook); within a second the
 * page says "1 new update" without moving what the reader is reading, and
 * shows the update, on top, when the reader asks; directly and through
 * Varnish with the reference VCL.
 */
const SLUG = 'the-perseids-live';
const liveBlogFile = () => contentFile(`articles/${SLUG}.md`);

const sourceEnv = () =>
  JSON.parse(process.env.FOLIO_E2E_SOURCE_ENV ?? '{}') as Record<string, string>;

/** One update as a writer posts it. */
interface NewUpdate {
  title: string;
  text: string;
  at: string;
}

/** Posts an update as a writer of this source does; resolves with a way to take it out again. */
function postUpdate(update: NewUpdate): Promise<() => Promise<void>> {
  const source = e2eSourceName();
  if (source === 'embedded') return postInMarkdown(update);
  if (source === 'strapi') return postInStrapi(update);
  return postInContentful(update);
}

/** content/: one more update in the live blog's file, then `npm run content` (through the running server). */
async function postInMarkdown(update: NewUpdate) {
  const original = readFileSync(liveBlogFile(), 'utf8');
  await publishFile(withLiveUpdate(original, update));
  return () => publishFile(original);
}

const publishFile = (text: string) => writeAndPublish(liveBlogFile(), text);

type StrapiUpdate = { author: { documentId: string } | null } & Record<string, unknown>;

/** Strapi: the update added to the article's live blog updates and the article published through its REST API; Strapi's webhook tells Folio. */
async function postInStrapi({ title, text, at }: NewUpdate) {
  const rest = strapiRest(sourceEnv().FOLIO_STRAPI_URL!);
  const found = (await rest(
    'GET',
    `/api/articles?${new URLSearchParams({ 'filters[slug][$eq]': SLUG, status: 'draft', 'populate[liveUpdates][populate][author][fields][0]': 'documentId' })}`,
  )) as { documentId: string; liveUpdates: StrapiUpdate[] }[];
  const { documentId, liveUpdates } = found[0]!;
  const before = liveUpdates.map(({ postedAt, title, body, keyEvent, author }) => ({
    postedAt,
    title,
    body,
    keyEvent,
    author: author?.documentId ?? null,
  }));
  const publish = (updates: unknown[]) =>
    rest('PUT', `/api/articles/${documentId}?status=published`, { data: { liveUpdates: updates } });
  const paragraph = [{ type: 'paragraph', children: [{ type: 'text', text }] }];
  await publish([
    { postedAt: at, title, body: paragraph, keyEvent: false, author: before[0]?.author ?? null },
    ...before,
  ]);
  return async () => void (await publish(before));
}

/** Contentful (the fixture): a new Live blog update naming the article, published, then Contentful's webhook to Folio. */
async function postInContentful(update: NewUpdate) {
  const fixture = (where: string) => new URL(where, sourceEnv().FOLIO_CONTENTFUL_GRAPHQL_URL);
  const posted = await fetch(fixture('/_fixture/live-update'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ slug: SLUG, ...update }),
  });
  expect(posted.status).toBe(200);
  const { id, fields } = (await posted.json()) as { id: string; fields: Record<string, unknown> };
  // What Contentful posts to the webhook an editor set up (cms/contentful/README.md): the entry with its fields by locale.
  await notifyFromContentful('publish', {
    sys: { id, type: 'Entry', contentType: liveBlogUpdateType },
    fields: Object.fromEntries(
      Object.entries(fields).map(([key, value]) => [key, { 'en-US': value }]),
    ),
  });
  return async () => {
    expect((await fetch(fixture(`/_fixture/live-update/${id}`), { method: 'DELETE' })).status).toBe(
      200,
    );
    await notifyFromContentful('unpublish', {
      sys: { id, type: 'DeletedEntry', contentType: liveBlogUpdateType },
    });
  };
}

const liveBlogUpdateType = { sys: { type: 'Link', linkType: 'ContentType', id: 'liveBlogUpdate' } };

async function notifyFromContentful(action: string, body: unknown) {
  const notified = await fetch(`${process.env.FOLIO_E2E_URL}/hooks/content`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/vnd.contentful.management.v1+json',
      Authorization: `Bearer ${E2E_WEBHOOK_SECRET}`,
      'X-Contentful-Topic': `ContentManagement.Entry.${action}`,
    },
    body: JSON.stringify(body),
  });
  expect(notified.status).toBeLessThan(300);
}

/**
 * Opens the live blog at `origin`, scrolls to an older update, posts `update`
 * as a writer does, and checks the page: "1 new update" within 1 s, nothing
 * moved under the reader, the update on top once asked for. Takes the update
 * out again (the other tests read the live blog as the source has it), and
 * says how long publish to "1 new update" took.
 */
async function newUpdateWhileOpen(
  page: Page,
  origin: string,
  update: NewUpdate,
  announced: () => Promise<unknown> = async () => undefined,
) {
  let remove: (() => Promise<void>) | null = null;
  try {
    await page.setViewportSize({ width: 390, height: 800 });
    const stream = page.waitForResponse((response) => response.url().includes('/graphql/stream'));
    await page.goto(`${origin}/articles/${SLUG}`);
    expect((await stream).status()).toBe(200);
    const updates = page.locator('.live-blog__updates > li h3');
    await updates.nth(2).scrollIntoViewIfNeeded();
    const reading = await updates.nth(2).boundingBox();
    const scrolled = await page.evaluate(() => window.scrollY);

    remove = await postUpdate(update);
    const published = Date.now();
    const button = page.getByRole('button', { name: '1 new update' });
    await expect(button).toBeVisible({ timeout: 5_000 });
    const waited = Date.now() - published;
    expect(waited).toBeLessThan(1_000);
    // Nothing moved under the reader: the update is not in the list yet.
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    expect(await updates.nth(2).boundingBox()).toEqual(reading);
    await expect(updates.first()).toHaveText('Dawn, and that is a wrap');
    await announced();

    await button.click();
    await expect(updates.first()).toHaveText(update.title);
    await expect(button).toHaveCount(0);
    return waited;
  } finally {
    await remove?.();
  }
}

test.describe('a live blog', () => {
  test.describe.configure({ mode: 'serial' });

  for (const width of [390, 1280]) {
    test(`shows its summary, key events and updates, newest first (${width} px)`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${process.env.FOLIO_E2E_URL}/articles/${SLUG}`);
      await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();
      const keyEvents = page.getByRole('navigation', { name: 'Key events' });
      await expect(keyEvents.getByRole('link')).toHaveText([
        'The peak — 61 in an hour',
        'A fireball',
        'Skies clearing, first meteors',
      ]);
      const updates = page.locator('.live-blog__updates > li h3');
      await expect(updates.first()).toHaveText('Dawn, and that is a wrap');
      await expect(updates.last()).toHaveText('Setting up in the south field');
      const json = await page.locator('script[type="application/ld+json"]').allTextContents();
      const posting = json.map((text) => JSON.parse(text)).find((data) => data.coverageStartTime);
      expect(posting).toMatchObject({
        '@type': 'LiveBlogPosting',
        coverageStartTime: '2025-08-12T19:00:00.000Z',
        coverageEndTime: '2025-08-13T04:30:00.000Z',
      });
      expect(posting.liveBlogUpdate).toHaveLength(6);
      await page.locator('.live-blog').scrollIntoViewIfNeeded();
      await page.evaluate(() =>
        document.querySelector('.live-blog')!.scrollIntoView({ block: 'start' }),
      );
      await saveScreenshot(page, testInfo, `live-blog-${width}`, false);
    });
  }

  test('shows "1 new update" within 1 s of a writer publishing one, and inserts it on click', async ({
    page,
  }, testInfo) => {
    const waited = await newUpdateWhileOpen(
      page,
      process.env.FOLIO_E2E_URL!,
      {
        title: 'One for the road',
        text: 'A last bright Perseid at 04:41, low in the east, just as we packed up.',
        at: '2025-08-13T04:41:00Z',
      },
      () => saveScreenshot(page, testInfo, 'live-blog-new-update', false),
    );
    testInfo.annotations.push({ type: 'publish to "1 new update"', description: `${waited} ms` });
  });

  test('through Varnish with the reference VCL too', async ({ page }, testInfo) => {
    test.skip(!varnishInstalled(), 'Varnish is not installed (scripts/ci-varnish.sh)');
    const waited = await throughVarnish((origin) =>
      newUpdateWhileOpen(page, origin, {
        title: 'Through the cache',
        text: 'One more, seen by a reader whose page came through the CDN.',
        at: '2025-08-13T04:43:00Z',
      }),
    );
    testInfo.annotations.push({
      type: 'publish to "1 new update", through Varnish',
      description: `${waited} ms`,
    });
  });
});
