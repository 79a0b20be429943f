/** The types of folio.js (CommonJS: Strapi's config files and scripts/start.mjs load it), for the repo's TypeScript. */
export const PROJECT_DIR: string;
export const REPO_DIR: string;
/** `<repo>/.data/strapi`, or FOLIO_STRAPI_DATA_DIR. */
export function dataDir(): string;
/** A file in the data folder. */
export function dataFile(name: string): string;
export function publicDir(): string;
export function faviconFile(): string;
export function ensureDirs(): void;
export function ensureSecrets(): Record<string, unknown>;
export function writePrivate(file: string, text: string): void;
export function readText(file: string): string | null;
export function random(bytes?: number): string;
export function secret(env: (name: string) => string | undefined, name: string, key: string): unknown;
