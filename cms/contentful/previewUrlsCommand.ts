import { existsSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../api/db/database';
import { previewLinkKey } from '../../api/previewLinks';
import { prepareDatabase } from '../../api/publishing/prepareDatabase';
import { readPublisherAddress } from '../../api/publishing/publisherAddress';
import { readOperationsSettings } from '../../settings/operationsSettings';
import { readServerSettings } from '../../settings/serverSettings';
import { readStorageSettings } from '../../settings/storageSettings';
import { CONTENTFUL_PREVIEW_TYPES, contentfulPreviewUrl } from './previewUrls';

/**
 * `npm run cms:contentful-preview-urls`: prints the content-preview URLs to
 * enter in the space (cms/contentful/previewUrls.ts), with the environment
 * Folio runs with (`env $(cat .data/contentful.env) npm run …`). The site's
 * link key is read as every server reads it: FOLIO_PREVIEW_LINK_KEY when set,
 * else the key kept in Folio's database: from the running server over PGlite
 * (the address file it keeps in its data folder; PGlite's folder is one
 * process's), else from the database itself. The site's address:
 * FOLIO_PUBLIC_URL, else where that server serves, else 127.0.0.1 at PORT.
 */
async function main(): Promise<number> {
  const { previewLinkKey: configured, port } = readServerSettings();
  const { publicUrl } = readOperationsSettings();
  const { databaseUrl, dataDir } = readStorageSettings();
  const running = databaseUrl ? null : readPublisherAddress(dataDir);
  let key: Buffer | undefined = configured ? Buffer.from(configured, 'utf8') : undefined;
  if (!key && running?.previewLinkKey) key = Buffer.from(running.previewLinkKey, 'base64url');
  if (!key) {
    const pgliteDir = path.join(dataDir, 'pglite');
    if (!databaseUrl && existsSync(path.join(pgliteDir, 'postmaster.pid'))) {
      console.error(
        `npm run cms:contentful-preview-urls: the database in ${path.relative(process.cwd(), pgliteDir)} is open in a process that did not say where it serves (a Folio older than this command?): stop it and run this again, or set FOLIO_PREVIEW_LINK_KEY as the servers have it`,
      );
      return 1;
    }
    const db = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: pgliteDir });
    try {
      // As a server starts: the schema current (a first start's too), then the key it keeps.
      await prepareDatabase(db, { log: (message) => console.error(message) });
      key = await previewLinkKey(db, undefined);
    } finally {
      await db.close();
    }
  }
  const site = publicUrl ?? running?.siteUrl ?? `http://127.0.0.1:${port}`;
  console.log(`Contentful → Settings → Content preview → one URL per content type (for ${site}):`);
  for (const [contentType, type] of Object.entries(CONTENTFUL_PREVIEW_TYPES))
    console.log(`${contentType}\t${contentfulPreviewUrl(site, key, type)}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      `npm run cms:contentful-preview-urls: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  },
);
