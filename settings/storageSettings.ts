import path from 'node:path';
import { withSecretFiles } from './secretFiles';

type Environment = Readonly<Record<string, string | undefined>>;

/** Where PGlite keeps its files and the image cache keeps resized images, unless `FOLIO_DATA_DIR` says otherwise. */
export const DEFAULT_DATA_DIR = path.resolve(__dirname, '../.data');

/** `FOLIO_IMAGE_CACHE_MB`: the most the resized images may take on disk (default 512 MB). */
export const DEFAULT_IMAGE_CACHE_BYTES = 512 * 1024 * 1024;

export interface StorageSettings {
  /** `DATABASE_URL` (or the file `DATABASE_URL_FILE` names): a PostgreSQL server (15+) instead of the embedded PGlite. */
  databaseUrl: string | undefined;
  /** `FOLIO_DATA_DIR`: PGlite's files (`pglite/`) and the image cache (`image-cache/`); `.data/` by default. */
  dataDir: string;
  /** Whether `FOLIO_DATA_DIR` was given. */
  dataDirAsked: boolean;
}

/** Where Folio keeps its data: the server, `npm run content` and the scale generator read the same variables. */
export function readStorageSettings(given: Environment = process.env): StorageSettings {
  const env = withSecretFiles(given, ['DATABASE_URL']);
  const dataDir = env.FOLIO_DATA_DIR || undefined;
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: dataDir ?? DEFAULT_DATA_DIR,
    dataDirAsked: dataDir !== undefined,
  };
}

/** The image cache's bound in bytes; a value that is not a number of megabytes above 0 stops the start with a message naming it. */
export function imageCacheBytesFromEnvironment(env: Environment = process.env): number {
  const raw = env.FOLIO_IMAGE_CACHE_MB?.trim();
  if (!raw) return DEFAULT_IMAGE_CACHE_BYTES;
  const megabytes = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(megabytes > 0) || megabytes > 1_048_576)
    throw new Error(
      `FOLIO_IMAGE_CACHE_MB must be a number of megabytes above 0 (at most 1,048,576); it is "${raw}".`,
    );
  return Math.floor(megabytes * 1024 * 1024);
}
