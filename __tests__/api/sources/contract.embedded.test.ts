import { openDatabase } from '../../../api/db/database';
import { prepareDatabase } from '../../../api/publishing/prepareDatabase';
import { createEmbeddedSource } from '../../../api/sources/embedded/embeddedSource';
import { describeSourceContract } from './contract/sourceContract';

/**
 * The content source contract (contract/sourceContract.ts) for the embedded
 * source: Folio's own tables in a fresh in-memory PGlite, migrated and seeded
 * from content/ as a server's first start does it.
 */
describeSourceContract('the embedded source', {
  differences: {
    id: /^\d+$/,
    editTimes: 'seed',
    entryLinks: 'entries',
    imageBytes: 'as-written',
    previewStatus: 'seed',
    hiddenArticleImages: 'hidden',
    search: 'own',
    altText: 'per-locale',
  },
  async start() {
    const db = await openDatabase({ dataDir: 'memory://' });
    await prepareDatabase(db, { log: () => undefined });
    return { source: createEmbeddedSource(db), close: () => db.close() };
  },
});
