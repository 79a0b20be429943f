import { expect, type Page } from '@playwright/test';

/**
 * Proves later that what followed was client-side navigation: a mark left
 * on this document's `window` survives only while no new document is loaded.
 * (Works under Playwright's fake clock, which also fakes `performance`.)
 */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __folioE2eDocument?: boolean }).__folioE2eDocument = true;
  });
}

export async function expectSameDocument(page: Page): Promise<void> {
  expect(
    await page.evaluate(
      () => (window as unknown as { __folioE2eDocument?: boolean }).__folioE2eDocument === true,
    ),
    'still the document marked earlier (no page load since)',
  ).toBe(true);
}
