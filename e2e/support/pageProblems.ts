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
 * - `/favicon.ico` on this site: Folio's icon is `/favicon.svg` (named by
 *   every page), but a browser may still ask for the old name on its own (a
 *   request Playwright does not report), and its 404 is logged as
 *   "Failed to load resource";
 * - a URL a test names with `expectFailedLoad`: the document of a page that
 *   is meant to answer 404 is logged the same way.
 */
export class PageProblems {
  private readonly messages: { text: string; url: string }[] = [];
  private readonly expectedFailures = new Set<string>();

  constructor(private readonly page: Page) {
    page.on('pageerror', (error) =>
      this.messages.push({ text: `pageerror: ${error.message}`, url: '' }),
    );
    page.on('console', (message) => {
      const type = message.type();
      if (type !== 'error' && type !== 'warning') return;
      const url = message.location().url ?? '';
      this.messages.push({
        text: `console.${type}: ${message.text()}${url ? ` (at ${url})` : ''}`,
        url,
      });
    });
  }

  /** The document at `url` is meant to fail (a 404 page): its "Failed to load resource" is expected. */
  expectFailedLoad(url: string): void {
    this.expectedFailures.add(url);
  }

  /** Every problem so far (the missing favicon and expected failed loads aside). */
  async list(): Promise<string[]> {
    const problems: string[] = [];
    for (const message of this.messages) {
      if (!(await this.ignored(message.url))) problems.push(message.text);
    }
    return problems;
  }

  private async ignored(url: string): Promise<boolean> {
    if (!url) return false;
    if (this.expectedFailures.has(url)) return true;
    const parsed = new URL(url);
    if (
      parsed.origin !== new URL(this.page.url()).origin ||
      parsed.pathname !== '/favicon.ico' ||
      parsed.search !== ''
    )
      return false;
    // Only a favicon that really is missing (404): asked once more, outside the page.
    this.faviconStatus ??= this.page.request
      .get(url, { maxRedirects: 0 })
      .then((response) => response.status());
    return (await this.faviconStatus) === 404;
  }

  private faviconStatus: Promise<number> | undefined;
}

/**
 * The page has hydrated: the theme switch renders only once React runs in
 * the browser (the server sends a placeholder), so its button proves React
 * took over the server's HTML.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator('button.theme-toggle')).toBeVisible();
}
