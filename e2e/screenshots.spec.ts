import { expect, test, waitForPage } from './support/fixtures';
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

/**
 * The language switcher on a document, a composed page and a list, in both
 * languages (issue 39): its links sit inside the page's content column (the
 * article's text, the page's blocks, the list), never at the window's edge;
 * each shot (the top of the page) is language-switcher-<route>-<width>.png.
 */
const SWITCHER_PAGES = [
  { route: 'home', column: '.page-blocks' },
  { route: 'article', column: '.article-header' },
  { route: 'search', column: '.listing-page' },
].flatMap(({ route, column }) =>
  ROUTES.filter((candidate) => candidate.name === route || candidate.name === `${route}-de`).map(
    (found) => ({ ...found, column }),
  ),
);

for (const viewport of WIDTHS) {
  test.describe(`the language switcher at ${viewport.width} px`, () => {
    test.use({ viewport });
    for (const route of SWITCHER_PAGES) {
      test(`${route.name} (${route.path})`, async ({ page }, testInfo) => {
        await page.goto(route.path);
        await waitForPage(page, route.heading);
        await waitForHydration(page);
        await settleForScreenshot(page);
        const switcher = page.getByRole('navigation', { name: /^(Language|Sprache)$/ });
        await expect(switcher.getByRole('link')).toHaveCount(1);
        const [links, column] = await Promise.all([
          switcher.getByRole('list').evaluate((list) => list.getBoundingClientRect().toJSON()),
          page
            .locator(route.column)
            .first()
            .evaluate((element) => {
              const box = element.getBoundingClientRect();
              const style = getComputedStyle(element);
              return {
                left: box.left + parseFloat(style.paddingLeft),
                right: box.right - parseFloat(style.paddingRight),
              };
            }),
        ]);
        const within = (value: number) => Math.round(value * 10) / 10;
        expect(within(links.left)).toBeGreaterThanOrEqual(within(column.left));
        expect(within(links.right)).toBeLessThanOrEqual(within(column.right));
        await saveScreenshot(
          page,
          testInfo,
          `language-switcher-${route.name}-${viewport.width}`,
          false,
        );
      });
    }
  });
}
