import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSiteProcess } from '../../harness/siteProcess';
import { assertChromiumInstalled } from '../../harness/chromium';
import { startE2ESource } from '../../harness/contentSources';
import { CONTENT_DIR } from '../../settings/contentDir';

/** The preview token the e2e server is started with. */
export const E2E_PREVIEW_TOKEN = 'e2e-preview-token';
/** The secret CMS notifications carry, where the source gives none of its own (Strapi does). */
export const E2E_WEBHOOK_SECRET = 'e2e-webhook-secret-of-some-length';

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
  // The embedded source publishes a copy of content/, which tests may edit and publish as a writer
  // does (`npm run content`, through this server): content/ itself is never touched.
  const contentDir = path.join(dataDir, 'content');
  cpSync(CONTENT_DIR, contentDir, { recursive: true });
  const site = await startSiteProcess({
    port: source.sitePort,
    env: {
      ...source.env,
      FOLIO_DATA_DIR: dataDir,
      FOLIO_CONTENT_DIR: contentDir,
      FOLIO_PREVIEW_TOKEN: E2E_PREVIEW_TOKEN,
      FOLIO_WEBHOOK_SECRET: source.env.FOLIO_WEBHOOK_SECRET ?? E2E_WEBHOOK_SECRET,
    },
  }).catch(async (error: unknown) => {
    await source.stop();
    throw error;
  });
  process.env.FOLIO_E2E_URL = site.url;
  process.env.FOLIO_E2E_DATA_DIR = dataDir;
  process.env.FOLIO_E2E_CONTENT_DIR = contentDir;
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
