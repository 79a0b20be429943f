import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './harness/chromium';
import { e2eSourceName } from './harness/contentSources';

/** Each content source's run keeps its own report and traces (scripts/test-e2e.mjs runs one per source). */
const source = e2eSourceName();

/**
 * Browser tests: Debian's Chromium (never a downloaded browser) driving the
 * production build, served by `npm start` on a free port (see e2e/support/globalSetup.ts).
 * One worker: these machines have two cores, and the server needs one.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/support/globalSetup.ts',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: `playwright-report/${source}` }]]
    : [['list']],
  outputDir: `test-results/e2e/${source}`,
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 900 },
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
