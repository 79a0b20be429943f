import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSiteProcess } from '../../harness/siteProcess';
import { assertChromiumInstalled } from './chromium';

/** The preview token the e2e server is started with. */
export const E2E_PREVIEW_TOKEN = 'e2e-preview-token';

/**
 * Starts the production site with `npm start` on a free port over a fresh
 * PGlite data directory (seeded from content/ on start), and stops it after
 * the run. The build must be current: `npm run test:e2e` builds first.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  assertChromiumInstalled();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-e2e-'));
  const site = await startSiteProcess({ env: { FOLIO_DATA_DIR: dataDir, FOLIO_PREVIEW_TOKEN: E2E_PREVIEW_TOKEN } });
  process.env.FOLIO_E2E_URL = site.url;
  console.log(`e2e: site on ${site.url} (npm start, production build, PGlite in ${dataDir})`);
  return async () => {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
