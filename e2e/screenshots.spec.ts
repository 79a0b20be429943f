import { test, waitForPage } from './support/fixtures';
import { waitForHydration } from './support/pageProblems';
import { ROUTES } from '../harness/routes';
import { saveScreenshot } from './support/screenshots';
import { settleForScreenshot } from './support/settle';

/**
 * A full-page screenshot of every route at phone and desktop widths, in
 * test-results/screenshots/<route>-<width>.png, to look at (and attached to
 * the HTML report in CI).
 */
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
];

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });
    for (const route of ROUTES) {
      test(`${route.name} (${route.path})`, async ({ page }, testInfo) => {
        await page.goto(route.path);
        await waitForPage(page, route.heading);
        await waitForHydration(page);
        await settleForScreenshot(page);
        await saveScreenshot(page, testInfo, `${route.name}-${viewport.width}`);
      });
    }
  });
}
