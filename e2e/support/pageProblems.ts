import { expect, type Page } from '@playwright/test';

/**
 * Everything a page reports that a reader's page should never report:
 * uncaught errors (`pageerror`) and console errors and warnings. A React 19
 * production build reports a hydration mismatch as a console error or a
 * page error ("Minified React error #418/#423/#425", "…hydrat…"): both are
 * caught here.
 *
 * Console errors let through, recognised by the URL the message points at
 * (never by its wording):
 * - `/favicon.ico` on this site: Folio has no favicon, and the browser's own
 *   favicon request (which Playwright does not report as a page request)
 *   logs "Failed to load resource" for its 404;
 * - a URL a test names with `expectFailedLoad`: the document of a page that
 *   is meant to answer 404 is logged the same way.
 */
export class PageProblems {
  private readonly messages: { text: string; url: string }[] = [];
  private readonly expectedFailures = new Set<string>();

  constructor(private readonly page: Page) {
    page.on('pageerror', (error) => this.messages.push({ text: `pageerror: ${error.message}`, url: '' }));
    page.on('console', (message) => {
      const type = message.type();
      if (type !== 'error' && type !== 'warning') return;
      const url = message.location().url ?? '';
      this.messages.push({ text: `console.${type}: ${message.text()}${url ? ` (at ${url})` : ''}`, url });
    });
  }

  /** The document at `url` is meant to fail (a 404 page): its "Failed to load resource" is expected. */
  expectFailedLoad(url: string): void {
    this.expectedFailures.add(url);
  }

  /** Every problem so far (the missing favicon and expected failed loads aside). */
  list(): string[] {
    return this.messages.filter((message) => !this.ignored(message.url)).map((message) => message.text);
  }

  /** The problems that name hydration. */
  hydrationProblems(): string[] {
    return this.list().filter((text) => /hydrat|#418|#423|#425/i.test(text));
  }

  private ignored(url: string): boolean {
    if (!url) return false;
    if (this.expectedFailures.has(url)) return true;
    const parsed = new URL(url);
    const site = new URL(this.page.url());
    return parsed.origin === site.origin && parsed.pathname === '/favicon.ico' && parsed.search === '';
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
