#!/usr/bin/env node
/**
 * `npm run test:e2e` after the build: the browser suite once per content
 * source (issue 20: the reader cannot tell which one is behind), one after
 * another, each with its own report and screenshots. `FOLIO_E2E_SOURCES`
 * (comma-separated; default every source) chooses; arguments go to
 * Playwright (`npm run test:e2e -- e2e/routes.spec.ts`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The browser the suite drives (harness/chromium.ts): installed here when it is missing, as CI does,
// so that `npm test` sets up what it needs on a fresh machine.
if (!process.env.CHROMIUM_PATH && !existsSync('/usr/bin/chromium')) {
  console.log(
    "e2e: Chromium is missing: installing Debian's (scripts/ci-chromium.sh: apt-get, with sudo unless root)",
  );
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const install = spawnSync('bash', [path.join(root, 'scripts/ci-chromium.sh')], {
    stdio: 'inherit',
  });
  if (install.status !== 0) {
    console.error(
      'e2e: Chromium could not be installed. Install it yourself (sudo apt-get install -y chromium fonts-liberation), or set CHROMIUM_PATH to another Chromium.',
    );
    process.exit(1);
  }
}

const SOURCES = ['embedded', 'strapi', 'contentful'];
const sources = (process.env.FOLIO_E2E_SOURCES || SOURCES.join(','))
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const unknown = sources.filter((name) => !SOURCES.includes(name));
if (unknown.length > 0) {
  console.error(`FOLIO_E2E_SOURCES names ${unknown.join(', ')}; it takes ${SOURCES.join(', ')}.`);
  process.exit(1);
}

const failed = [];
for (const source of sources) {
  const started = Date.now();
  console.log(`\ne2e: ${source} content source`);
  const run = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, FOLIO_E2E_SOURCE: source },
  });
  console.log(
    `e2e: ${source}: ${run.status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  if (run.status !== 0) failed.push(source);
}
if (failed.length > 0) {
  console.error(`e2e: failed for ${failed.join(', ')}`);
  process.exit(1);
}
