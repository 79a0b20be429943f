import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { e2eSourceName } from '../../harness/contentSources';

/**
 * Screenshots to look at: test-results/screenshots/<name>.png (the embedded
 * source) or test-results/screenshots/<source>/<name>.png, also attached to the HTML report.
 */
export const SCREENSHOT_DIR = path.resolve(
  __dirname,
  '../../test-results/screenshots',
  e2eSourceName() === 'embedded' ? '' : e2eSourceName(),
);

export async function saveScreenshot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  fullPage = true,
): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** One element's screenshot (a CMS's preview frame, say), saved and attached as `saveScreenshot` does. */
export async function saveLocatorScreenshot(
  locator: Locator,
  testInfo: TestInfo,
  name: string,
): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await locator.screenshot({ path: file });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}
