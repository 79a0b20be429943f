import AxeBuilder from '@axe-core/playwright';
import { expect, test, waitForPage } from './support/fixtures';
import { waitForHydration } from './support/pageProblems';
import { ROUTES } from '../harness/routes';

/** axe-core's WCAG 2.1 A/AA rules on every route, in light and dark colours. */
const BLOCKING = new Set(['serious', 'critical']);

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} colours`, () => {
    test.use({ colorScheme });
    for (const route of ROUTES) {
      test(`${route.name} (${route.path}) has no serious or critical violation`, async ({
        page,
      }) => {
        await page.goto(route.path);
        await waitForPage(page, route.heading);
        // The page as a reader uses it: the server's HTML, hydrated (the theme switch appears only then).
        await waitForHydration(page);
        await page.waitForLoadState('networkidle');
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
          .analyze();
        const blocking = results.violations
          .filter((violation) => BLOCKING.has(violation.impact ?? ''))
          .map((violation) => ({
            rule: violation.id,
            impact: violation.impact,
            help: violation.help,
            targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
          }));
        expect(blocking).toEqual([]);
        // The scan really looked at the page.
        expect(results.passes.length).toBeGreaterThan(10);
      });
    }
  });
}
