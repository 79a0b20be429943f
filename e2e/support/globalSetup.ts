import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSiteProcess } from '../../harness/siteProcess';
import { assertChromiumInstalled } from '../../harness/chromium';
import { startE2ESource } from '../../harness/contentSources';

/** The preview token the e2e server is started with. */
export const E2E_PREVIEW_TOKEN = 'e2e-preview-token';

/**
 * Starts the production site with `npm start` on a free port over a fresh
 * PGlite data directory (seeded from content/ on start), reading the content
 * source `FOLIO_E2E_SOURCE` names (harness/contentSources.ts; embedded by
 * default), and stops both after the run. The build must be current:
 * `npm run test:e2e` builds first.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  assertChromiumInstalled();
  const source = await startE2ESource();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-e2e-'));
  const site = await startSiteProcess({
    port: source.sitePort,
    env: { ...source.env, FOLIO_DATA_DIR: dataDir, FOLIO_PREVIEW_TOKEN: E2E_PREVIEW_TOKEN },
  }).catch(async (error: unknown) => {
    await source.stop();
    throw error;
  });
  process.env.FOLIO_E2E_URL = site.url;
  process.env.FOLIO_E2E_SOURCE_ENV = JSON.stringify(source.env);
  console.log(
    `e2e: site on ${site.url} (npm start, production build, ${source.name} content, PGlite in ${dataDir})`,
  );
  return async () => {
    await site.stop();
    await source.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
