import type { Page } from '@playwright/test';
import { expect, test, waitForPage } from './support/fixtures';
import { waitForHydration } from './support/pageProblems';
import { ROUTES } from '../harness/routes';

/**
 * docs/http-and-cache.md#security-headers / issue 13: every page works under its strict Content-Security-Policy,
 * fonts and dark mode included, and the policy is really enforced.
 */
declare global {
  interface Window {
    folioViolations?: string[];
  }
}

/** Records every CSP violation the page reports, from before its first script. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    window.folioViolations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      window.folioViolations!.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return () => page.evaluate(() => window.folioViolations ?? []);
}

for (const route of ROUTES) {
  test(`${route.path} works under its CSP with no violation`, async ({ page }) => {
    const violations = await recordViolations(page);
    const response = await page.goto(route.path);
    const policy = response!.headers()['content-security-policy'] ?? '';
    for (const directive of [
      "script-src 'self' 'sha256-",
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'none'",
    ])
      expect(policy).toContain(directive);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(response!.headers()['x-content-type-options']).toBe('nosniff');
    expect(response!.headers()['referrer-policy']).toBeTruthy();
    await waitForPage(page, route.heading);
    await waitForHydration(page);
    // The self-hosted fonts loaded (font-src 'self').
    await page.evaluate(() => document.fonts.ready);
    expect(
      await page.evaluate(() =>
        [...document.fonts].filter((font) => font.status === 'loaded').map((font) => font.family),
      ),
    ).toEqual(expect.arrayContaining([expect.stringMatching(/Source Serif 4/)]));
    expect(await violations()).toEqual([]);
  });
}

test('dark mode survives a reload under the CSP: the inline theme script runs by its hash', async ({
  page,
}) => {
  const violations = await recordViolations(page);
  await page.goto('/articles/reading-the-tides');
  await waitForHydration(page);
  const before = await page.evaluate(() => document.documentElement.dataset.theme ?? 'auto');
  await page.locator('button.theme-toggle').click();
  const chosen = await page.evaluate(() => document.documentElement.dataset.theme);
  expect(chosen).toBeTruthy();
  expect(chosen).not.toBe(before);
  // The theme is set before any file arrives: read it as soon as the document is parsed.
  await page.reload({ waitUntil: 'domcontentloaded' });
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(chosen);
  await waitForHydration(page);
  expect(await violations()).toEqual([]);
});

test('the policy is enforced: a script injected into the page does not run', async ({ page }) => {
  const violations = await recordViolations(page);
  await page.goto('/');
  await waitForHydration(page);
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.injectedRan = true';
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return (window as unknown as { injectedRan?: boolean }).injectedRan === true;
  });
  expect(ran).toBe(false);
  expect(await violations()).toEqual([expect.stringMatching(/^script-src/)]);
});
