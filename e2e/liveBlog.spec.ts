import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { e2eSourceName } from '../harness/contentSources';
import { withLiveUpdate } from '../harness/liveBlogFile';
import { expect, test } from './support/fixtures';
import { saveScreenshot } from './support/screenshots';

/**
 * A live blog open in the browser (docs/content-model.md#live-blogs): a
 * writer adds an update and publishes with `npm run content`; within a second
 * the page says "1 new update" without moving what the reader is reading,
 * and shows the update, on top, when the reader asks.
 */
const SLUG = 'the-perseids-live';
const ROOT = path.resolve(__dirname, '..');
const run = promisify(execFile);
const liveBlogFile = () => path.join(process.env.FOLIO_E2E_CONTENT_DIR!, 'articles', `${SLUG}.md`);

/** content/: one more update in the live blog's file, then `npm run content` (through the running server). */
async function publish(text: string): Promise<void> {
  writeFileSync(liveBlogFile(), text);
  await run('npm', ['run', '--silent', 'content'], {
    cwd: ROOT,
    env: {
      ...process.env,
      FOLIO_DATA_DIR: process.env.FOLIO_E2E_DATA_DIR,
      FOLIO_CONTENT_DIR: process.env.FOLIO_E2E_CONTENT_DIR,
    },
  });
}

test.describe('a live blog', () => {
  test.skip(() => e2eSourceName() !== 'embedded', 'the embedded source carries live blogs so far');
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
    const original = readFileSync(liveBlogFile(), 'utf8');
    try {
      await page.setViewportSize({ width: 390, height: 800 });
      const stream = page.waitForResponse((response) => response.url().includes('/graphql/stream'));
      await page.goto(`${process.env.FOLIO_E2E_URL}/articles/${SLUG}`);
      expect((await stream).status()).toBe(200);
      const updates = page.locator('.live-blog__updates > li h3');
      await updates.nth(2).scrollIntoViewIfNeeded();
      const reading = await updates.nth(2).boundingBox();
      const scrolled = await page.evaluate(() => window.scrollY);

      await publish(
        withLiveUpdate(original, {
          title: 'One for the road',
          text: 'A last bright Perseid at 04:41, low in the east, just as we packed up.',
          at: '2025-08-13T04:41:00Z',
        }),
      );
      const published = Date.now();
      const button = page.getByRole('button', { name: '1 new update' });
      await expect(button).toBeVisible({ timeout: 5_000 });
      const waited = Date.now() - published;
      testInfo.annotations.push({ type: 'publish to "1 new update"', description: `${waited} ms` });
      expect(waited).toBeLessThan(1_000);
      // Nothing moved under the reader: the update is not in the list yet.
      expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
      expect(await updates.nth(2).boundingBox()).toEqual(reading);
      await expect(updates.first()).toHaveText('Dawn, and that is a wrap');
      await saveScreenshot(page, testInfo, 'live-blog-new-update', false);

      await button.click();
      await expect(updates.first()).toHaveText('One for the road');
      await expect(button).toHaveCount(0);
    } finally {
      // Put back: the other tests read the live blog as content/ has it.
      await publish(original);
    }
  });
});
