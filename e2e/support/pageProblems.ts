import { expect, type Page } from '@playwright/test';

/**
 * Everything a page reports that a reader's page should never report:
 * uncaught errors (`pageerror`) and console errors and warnings. A React 19
 * production build reports a hydration mismatch as a console error or a
 * page error ("Minified React error #418/#423/#425", "…hydrat…"): both are
 * caught here.
 *
 * The one console error let through is the browser's own "Failed to load
 * resource" for a `/favicon.ico` that answered 404 (Folio has no favicon):
 * it is recognised by the URL the message points at, which must be a
 * favicon request this page saw answered with a 404, never by its wording.
 */
export class PageProblems {
  private readonly messages: { text: string; url: string }[] = [];
  private readonly missingFavicons = new Set<string>();

  constructor(page: Page) {
    page.on('pageerror', (error) => this.messages.push({ text: `pageerror: ${error.message}`, url: '' }));
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/favicon.ico' && response.status() === 404) this.missingFavicons.add(response.url());
    });
    page.on('console', (message) => {
      const type = message.type();
      if (type !== 'error' && type !== 'warning') return;
      const url = message.location().url ?? '';
      this.messages.push({ text: `console.${type}: ${message.text()}${url ? ` (at ${url})` : ''}`, url });
    });
  }

  /** Every problem so far (the missing favicon aside). */
  list(): string[] {
    return this.messages.filter((message) => !(message.url && this.missingFavicons.has(message.url))).map((message) => message.text);
  }

  /** The problems that name hydration. */
  hydrationProblems(): string[] {
    return this.list().filter((text) => /hydrat|#418|#423|#425/i.test(text));
  }
}

/**
 * The page has hydrated: the theme switch renders only once React runs in
 * the browser (the server sends a placeholder), so its button proves React
 * took over the server's HTML.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator('button.theme-toggle')).toBeVisible();
}
