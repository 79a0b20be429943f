import { chromium, type Browser } from '@playwright/test';
import { assertChromiumInstalled, CHROMIUM_ARGS, chromiumPath } from '../harness/chromium';

/** Debian's Chromium through Playwright (never a downloaded browser), closed after `fn`. */
export async function withBrowser<T>(fn: (browser: Browser) => Promise<T>): Promise<T> {
  assertChromiumInstalled();
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    return await fn(browser);
  } finally {
    await browser.close();
  }
}

/** The viewport and locale of the browser tests (playwright.config.ts). */
export const CONTEXT_OPTIONS = {
  viewport: { width: 1280, height: 900 },
  locale: 'en-GB',
  timezoneId: 'Europe/London',
};
