'use strict';
/**
 * Where Folio's Strapi keeps what must never be committed, shared by the
 * config files (Strapi loads them as CommonJS) and scripts/start.mjs:
 * `<repo>/.data/strapi/` (FOLIO_STRAPI_DATA_DIR) holds the SQLite file,
 * the uploads, the generated secrets, the API token keys and the webhook
 * secret. `.data/` is git-ignored.
 */
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const PROJECT_DIR = path.resolve(__dirname, '..');
const REPO_DIR = path.resolve(PROJECT_DIR, '../..');

function dataDir() {
  return path.resolve(process.env.FOLIO_STRAPI_DATA_DIR || path.join(REPO_DIR, '.data', 'strapi'));
}

/** Where Strapi serves `/uploads` from: outside the project, beside the database. */
function publicDir() {
  return path.join(dataDir(), 'public');
}

const dataFile = (name) => path.join(dataDir(), name);

/** A 1×1 PNG: Strapi's favicon middleware is required, and answers 500 without a file. */
const FAVICON =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const faviconFile = () => path.join(publicDir(), 'favicon.png');

/** Strapi refuses to start without its public/uploads folder. */
function ensureDirs() {
  fs.mkdirSync(path.join(publicDir(), 'uploads'), { recursive: true, mode: 0o700 });
  if (!fs.existsSync(faviconFile()))
    fs.writeFileSync(faviconFile(), Buffer.from(FAVICON, 'base64'));
}

/** Writes a file readable by its owner only, atomically (a crash never leaves half a secret). */
function writePrivate(file, text) {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, text, { mode: 0o600 });
  fs.renameSync(temporary, file);
}

function readText(file) {
  try {
    return fs.readFileSync(file, 'utf8').trim() || null;
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
}

const random = (bytes = 32) => randomBytes(bytes).toString('base64');

/** Strapi's secrets, made once at the first start and kept in secrets.json. */
function ensureSecrets() {
  const file = dataFile('secrets.json');
  const existing = readText(file);
  const secrets = existing ? JSON.parse(existing) : {};
  const wanted = {
    appKeys: () => [random(), random(), random(), random()],
    apiTokenSalt: () => random(),
    adminJwtSecret: () => random(),
    transferTokenSalt: () => random(),
    jwtSecret: () => random(),
    encryptionKey: () => random(),
    // Signs Folio's preview links (lib/previewLink.js); folio.env gives Folio the same key.
    previewLinkKey: () => randomBytes(32).toString('hex'),
  };
  let changed = false;
  for (const [key, make] of Object.entries(wanted)) {
    if (secrets[key] === undefined) {
      secrets[key] = make();
      changed = true;
    }
  }
  if (changed) writePrivate(file, `${JSON.stringify(secrets, null, 2)}\n`);
  return secrets;
}

/** A value from the environment, or else from secrets.json (made if missing). */
function secret(env, name, key) {
  const value = env(name);
  if (value) return key === 'appKeys' ? value.split(',') : value;
  return ensureSecrets()[key];
}

/**
 * Folio's locales (shared/locales.ts) as Strapi's i18n holds them, Strapi's
 * codes being Folio's (api/sources/strapi/strapiLocales.ts): the default
 * first, which Strapi makes at its first boot (`en`); src/index.js makes the
 * others at every start. __tests__/cms/strapiLocales.test.ts holds this list
 * equal to shared/locales.ts's.
 */
const LOCALES = [
  { code: 'en', name: 'English (en)' },
  { code: 'de', name: 'German (de)' },
];

module.exports = {
  LOCALES,
  PROJECT_DIR,
  REPO_DIR,
  dataDir,
  dataFile,
  publicDir,
  faviconFile,
  ensureDirs,
  ensureSecrets,
  writePrivate,
  readText,
  random,
  secret,
};
