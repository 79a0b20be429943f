import path from 'node:path';

/**
 * The content folder: what `npm run content` and the seed publish, and where
 * the embedded source serves images from. FOLIO_CONTENT_DIR moves it (the
 * Strapi import reads the same variable); the repo's content/ by default.
 * A module of its own so that what only needs the path loads nothing else.
 */
export const CONTENT_DIR = path.resolve(
  process.env.FOLIO_CONTENT_DIR || path.join(__dirname, '../content'),
);
