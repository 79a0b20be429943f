import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startSiteProcess, type SiteProcess } from '../harness/siteProcess';
import { openSite, type RunningServer } from '../harness/siteServer';

/**
 * Environment for every server the benchmarks start: production, PGlite in the
 * given folder, never a DATABASE_URL or an upstream the shell may have set
 * (the scale benchmark adds 10,000 articles: never to someone's database).
 */
export function siteEnv(dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    FOLIO_DATA_DIR: dataDir,
    DATABASE_URL: '',
    FOLIO_UPSTREAM_GRAPHQL_URL: '',
    FOLIO_SERVE_CLIENT: '1',
    FOLIO_PREVIEW_TOKEN: '',
  };
}

export function makeDataDir(label: string): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), `folio-bench-${label}-`));
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/** A fresh data folder for `fn`, removed afterwards whatever happens. */
export async function withDataDir<T>(
  label: string,
  fn: (dataDir: string) => Promise<T>,
): Promise<T> {
  const dataDir = await makeDataDir(label);
  try {
    return await fn(dataDir);
  } finally {
    await removeDir(dataDir);
  }
}

/** `npm start` (production) over `dataDir`, with `env` on top of siteEnv (a content source's variables), stopped after `fn` whatever happens. */
export async function withSiteOn<T>(
  dataDir: string,
  fn: (site: SiteProcess) => Promise<T>,
  env: Record<string, string> = {},
): Promise<T> {
  const site = await startSiteProcess({ env: { ...siteEnv(dataDir), ...env } });
  try {
    return await fn(site);
  } finally {
    await site.stop();
  }
}

/** `npm start` over a fresh data folder (seeded from content/ on start, ~5 s), with `env` on top of siteEnv. */
export function withSite<T>(
  label: string,
  fn: (site: SiteProcess) => Promise<T>,
  env: Record<string, string> = {},
): Promise<T> {
  return withDataDir(label, (dataDir) => withSiteOn(dataDir, fn, env));
}

/**
 * The server in this process (no client, production) so that its database
 * object can be watched: statement counts and timings. `memory://` by default.
 */
export async function withApiServer<T>(
  dataDir: string,
  fn: (server: RunningServer) => Promise<T>,
): Promise<T> {
  const server = await openSite({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    serveClient: false,
    mode: 'production',
    databaseUrl: undefined,
  });
  try {
    return await fn(server);
  } finally {
    await server.close();
  }
}
