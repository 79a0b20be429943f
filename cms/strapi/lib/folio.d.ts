/** The types of folio.js (CommonJS: Strapi's config files and scripts/start.mjs load it) that the repo's TypeScript imports. */
/** A file in the data folder (`<repo>/.data/strapi`, or FOLIO_STRAPI_DATA_DIR). */
export function dataFile(name: string): string;
/** Folio's locales as the repo's Strapi holds them, the default first. */
export const LOCALES: readonly { code: string; name: string }[];
