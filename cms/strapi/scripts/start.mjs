#!/usr/bin/env node
/**
 * `npm run cms:strapi`: Folio's Strapi, ready for Folio's server.
 *
 * 1. installs cms/strapi's dependencies if they are missing (`npm ci --prefix cms/strapi`) and
 *    builds the admin panel once, saying on stderr what it does, what it takes the first time
 *    (measured on a 2-core machine: cms/strapi/README.md#starting-it), and every 20 s while a long
 *    step runs, how long it has run;
 * 2. makes <repo>/.data/strapi/ and its secrets (lib/folio.js);
 * 3. starts Strapi (`strapi start`, NODE_ENV=production, no admin panel) as a child and waits for /_health;
 * 4. imports content/ (import/importContent.ts) unless it was imported already (the site exists in every locale);
 * 5. prints ONE line on stdout (and writes it to <data dir>/folio.env), the variables Folio's server needs:
 *      FOLIO_CONTENT_SOURCE=strapi FOLIO_STRAPI_URL=http://127.0.0.1:1337 FOLIO_STRAPI_TOKEN=<key> FOLIO_WEBHOOK_SECRET=<secret>
 *      FOLIO_PREVIEW_LINK_KEY=<key> FOLIO_PREVIEW_FRAME_ORIGINS=http://127.0.0.1:1337,http://localhost:1337 PORT=4000
 *    (PORT, Folio's, only when the webhook's address was derived from it; everything else, Strapi's own
 *    output and the line saying where the webhook points included, goes to stderr);
 * 6. stays in the foreground until SIGINT or SIGTERM, then stops Strapi. If Strapi stops, so does this.
 *
 * STRAPI_PORT (1337), STRAPI_DATABASE_URL (PostgreSQL instead of SQLite), FOLIO_WEBHOOK_URL
 * (default http://127.0.0.1:<PORT>/hooks/content, PORT being Folio's, 4000 unless set),
 * FOLIO_PUBLIC_URL (where the admin's Preview panel opens Folio; default: the webhook's site),
 * FOLIO_STRAPI_DATA_DIR (<repo>/.data/strapi),
 * FOLIO_STRAPI_IMPORT=always|never (default: when not yet imported).
 */
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import folio from '../lib/folio.js';

const PROJECT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO = path.resolve(PROJECT, '../..');
const port = Number(process.env.STRAPI_PORT || 1337);
const url = `http://127.0.0.1:${port}`;
/** Folio's port: the one `npm start` will use (its PORT), 4000 unless set. */
const folioPort = Number(process.env.PORT || 4000);
/** Where Strapi's webhook notifies Folio: FOLIO_WEBHOOK_URL, else Folio's own address on this machine. */
const webhookUrl = process.env.FOLIO_WEBHOOK_URL || `http://127.0.0.1:${folioPort}/hooks/content`;
/** Where the admin's Preview panel opens Folio: FOLIO_PUBLIC_URL, else the site the webhook notifies. */
const siteUrl = new URL(process.env.FOLIO_PUBLIC_URL || webhookUrl).origin;
const HEALTH_TIMEOUT_MS = Number(process.env.STRAPI_START_TIMEOUT_MS || 180_000);

const log = (message) => process.stderr.write(`[cms:strapi] ${message}\n`);
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
/** "2 min 10 s": how long a step has run, as a person reads it. */
const elapsed = (since) => {
  const total = Math.round((performance.now() - since) / 1000);
  return total < 60 ? `${total} s` : `${Math.floor(total / 60)} min ${total % 60} s`;
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** How often a long step says it is still running: a line a CI log can hold, often enough to see it move. */
const PROGRESS_EVERY_MS = 20_000;
/**
 * What each first-time step took on a 2-core machine (cms/strapi/README.md#starting-it):
 * npm ci 266 s, the admin build 89 s, the import 24 s (issue 39's fresh clone).
 */
const EXPECTED = {
  install: 'about 4.5 min the first time on 2 cores',
  admin: 'about 1.5 min, once',
  import: 'about 25 s, once',
};

/** The child a step is running, stopped with this script. */
let step = null;

/**
 * Runs one long step as a child (its output on stderr: stdout carries the
 * variables line alone), saying what it does, what it is expected to take,
 * and every PROGRESS_EVERY_MS that it is still running and for how long.
 */
function runStep(doing, expected, command, args, options) {
  const started = performance.now();
  log(`${doing} (${expected})…`);
  const ticker = setInterval(
    () => log(`… still ${doing}: ${elapsed(started)} so far (${expected})`),
    PROGRESS_EVERY_MS,
  );
  return new Promise((resolve, reject) => {
    step = spawn(command, args, { ...options, stdio: ['ignore', 2, 2] });
    step.once('error', reject);
    step.once('exit', (code, signal) => {
      step = null;
      clearInterval(ticker);
      if (code === 0) resolve(seconds(started));
      else reject(new Error(`${doing} failed (${code ?? signal})`));
    });
  });
}

const installed = () =>
  existsSync(path.join(PROJECT, 'node_modules', '@strapi', 'strapi', 'package.json'));

async function install() {
  if (installed()) return;
  const took = await runStep(
    'installing cms/strapi dependencies (npm ci, ~1,500 packages)',
    EXPECTED.install,
    'npm',
    ['ci', '--prefix', PROJECT, '--no-audit', '--no-fund'],
    { cwd: REPO },
  );
  log(`installed in ${took}`);
}

/** Strapi's admin panel for editors (http://127.0.0.1:1337/admin), built once; FOLIO_STRAPI_ADMIN=0 runs Strapi without it. */
const admin = process.env.FOLIO_STRAPI_ADMIN !== '0';
const adminBuilt = () => existsSync(path.join(PROJECT, 'build', 'index.html'));

async function buildAdmin() {
  if (!admin || adminBuilt()) return;
  const took = await runStep(
    'building the admin panel',
    EXPECTED.admin,
    process.execPath,
    [path.join(PROJECT, 'scripts', 'build-admin.cjs')],
    {
      cwd: PROJECT,
      env: { ...process.env, NODE_ENV: 'production', STRAPI_TELEMETRY_DISABLED: 'true' },
    },
  );
  log(`admin panel built in ${took}`);
}

/** The first start's plan, so that a silent minute is not taken for a hang. */
function sayWhatIsAhead() {
  const ahead = [
    !installed() && `install (${EXPECTED.install})`,
    admin && !adminBuilt() && `build the admin panel (${EXPECTED.admin})`,
  ].filter(Boolean);
  if (ahead.length === 0) return;
  log(
    `first start: ${ahead.join(', then ')}, start Strapi and import content/ (${EXPECTED.import}); later starts take about 10-20 s`,
  );
}

let strapi = null;
let stopping = false;

function startStrapi() {
  const child = spawn(path.join(PROJECT, 'node_modules', '.bin', 'strapi'), ['start'], {
    cwd: PROJECT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      STRAPI_TELEMETRY_DISABLED: 'true',
      STRAPI_PORT: String(port),
      BROWSER: 'none',
      FOLIO_STRAPI_ADMIN: String(admin),
      FOLIO_WEBHOOK_URL: webhookUrl,
      FOLIO_SITE_URL: siteUrl,
    },
    stdio: ['ignore', 2, 2],
    // Its own process group: stopping it stops whatever it started.
    detached: true,
  });
  child.on('exit', (code, signal) => {
    strapi = null;
    if (stopping) return;
    log(`Strapi stopped (${signal ?? code})`);
    process.exit(typeof code === 'number' && code !== 0 ? code : 1);
  });
  return child;
}

/** Something already answering on the port would be mistaken for this Strapi. */
async function assertPortFree() {
  try {
    await fetch(`${url}/_health`, { signal: AbortSignal.timeout(1000) });
  } catch {
    return;
  }
  throw new Error(
    `something already answers on ${url} (another Strapi?): stop it or set STRAPI_PORT`,
  );
}

async function waitHealthy() {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/_health`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`Strapi was not healthy at ${url}/_health after ${HEALTH_TIMEOUT_MS / 1000} s`);
}

function readKey(name) {
  const key = folio.readText(folio.dataFile(name));
  if (!key)
    throw new Error(
      `${folio.dataFile(name)} is missing: Strapi's bootstrap (cms/strapi/src/index.js) makes it`,
    );
  return key;
}

/** Imported already when the site exists in the last of Folio's locales (the import makes it last). */
async function imported(importToken) {
  const last = folio.LOCALES[folio.LOCALES.length - 1].code;
  const response = await fetch(`${url}/api/site?locale=${last}`, {
    headers: { authorization: `Bearer ${importToken}` },
  });
  if (response.status === 404) return false;
  if (!response.ok) throw new Error(`Strapi answered HTTP ${response.status} to GET /api/site`);
  return true;
}

async function runImport() {
  const tsx = path.join(REPO, 'node_modules', '.bin', 'tsx');
  // The import's summary line goes to stderr too: stdout carries one line.
  const took = await runStep(
    'importing content/ into Strapi',
    EXPECTED.import,
    tsx,
    [path.join(PROJECT, 'import', 'importContent.ts')],
    { cwd: REPO, env: { ...process.env, FOLIO_STRAPI_URL: url } },
  );
  log(`imported in ${took}`);
}

async function stop(signal, code = 0) {
  if (stopping) return;
  stopping = true;
  // A step under way (npm ci, the build, the import) stops too.
  step?.kill('SIGTERM');
  if (strapi?.pid) {
    log(`${signal}: stopping Strapi…`);
    const exited = new Promise((resolve) => strapi.once('exit', resolve));
    try {
      process.kill(-strapi.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    const timer = setTimeout(() => {
      try {
        if (strapi?.pid) process.kill(-strapi.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 10_000);
    await exited;
    clearTimeout(timer);
  }
  process.exit(code);
}

async function main() {
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(signal));
  sayWhatIsAhead();
  await install();
  await buildAdmin();
  folio.ensureDirs();
  folio.ensureSecrets();
  await assertPortFree();
  const started = performance.now();
  log(`starting Strapi at ${url}…`);
  strapi = startStrapi();
  await waitHealthy();
  // Strapi's update notifier writes `{}` there at every start even when switched off (server.logger.updates): not ours to keep.
  rmSync(path.join(PROJECT, '.strapi-updater.json'), { force: true });
  log(
    `Strapi healthy at ${url} in ${seconds(started)} (${process.env.STRAPI_DATABASE_URL ? 'PostgreSQL' : `SQLite ${folio.dataFile('data.db')}`})`,
  );
  const importToken = readKey('import-token');
  const mode = process.env.FOLIO_STRAPI_IMPORT || 'auto';
  if (mode === 'always' || (mode !== 'never' && !(await imported(importToken)))) await runImport();
  else log('content already imported');
  // Folio must listen where the webhook points: with the address derived from PORT, folio.env carries that PORT.
  // The admin's Preview panel (config/admin.js) signs links with the link key and frames Folio: Folio holds the same key and lets the admin's origin frame its preview pages.
  const previewKey = process.env.FOLIO_PREVIEW_LINK_KEY || folio.ensureSecrets().previewLinkKey;
  const adminOrigins = [url, url.replace('127.0.0.1', 'localhost')].join(',');
  const variables = `FOLIO_CONTENT_SOURCE=strapi FOLIO_STRAPI_URL=${url} FOLIO_STRAPI_TOKEN=${readKey('token')} FOLIO_WEBHOOK_SECRET=${readKey('webhook-secret')} FOLIO_PREVIEW_LINK_KEY=${previewKey} FOLIO_PREVIEW_FRAME_ORIGINS=${adminOrigins}${process.env.FOLIO_WEBHOOK_URL ? '' : ` PORT=${folioPort}`}`;
  log(
    `webhook: Strapi notifies ${webhookUrl} on every publish (${process.env.FOLIO_WEBHOOK_URL ? 'FOLIO_WEBHOOK_URL' : `Folio's PORT, ${folioPort}: start Folio with these variables, or set FOLIO_WEBHOOK_URL`})`,
  );
  // Also kept for the second terminal: `env $(cat .data/strapi/folio.env) npm start`.
  folio.writePrivate(folio.dataFile('folio.env'), `${variables}\n`);
  process.stdout.write(`${variables}\n`);
}

main().catch(async (error) => {
  log(`failed: ${error instanceof Error ? error.message : String(error)}`);
  await stop('error', 1);
});
