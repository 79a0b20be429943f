// The persisted-query maps, made exact after every compile (issue 14).
//
// relay-compiler only ever adds to its map (relay.config.js `persistConfig`):
// every edit leaves the old id behind, and test-only operations land beside
// the client's. This script runs after the compiler and rewrites:
//   __generated__/persisted-queries.json       the operations the client ships,
//                                              exactly one id each: what the
//                                              API serves in production;
//   __generated__/persisted-queries.test.json  operations declared in
//                                              __tests__/, which only a
//                                              development server also accepts.
//
//   node scripts/persisted-queries.mjs write   after relay-compiler (npm run relay)
//   node scripts/persisted-queries.mjs check   fails on a missing, extra or wrong id
// (`--root <dir>` checks another tree: the tests use it on a copy.)
//
// The test map is kept because relay-compiler writes only the ids of
// operations that changed: without their texts, every write would have to
// ask it to persist everything again.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'graphql';

const rootArgument = process.argv.indexOf('--root');
const ROOT =
  rootArgument > 0
    ? path.resolve(process.argv[rootArgument + 1])
    : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GENERATED = path.join(ROOT, '__generated__');
const APP_MAP = path.join(GENERATED, 'persisted-queries.json');
const TEST_MAP = path.join(GENERATED, 'persisted-queries.test.json');
const TESTS = path.join(ROOT, '__tests__');

const sha256 = (text) => createHash('sha256').update(text).digest('hex');
const readMap = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {});

/** Every operation artifact: its persisted id and name. */
function compiledOperations() {
  const operations = [];
  for (const file of readdirSync(GENERATED).filter((name) => name.endsWith('.graphql.ts'))) {
    const source = readFileSync(path.join(GENERATED, file), 'utf8');
    const params = /"params": \{\s*"id": "([0-9a-f]{64})",[\s\S]*?"name": "([A-Za-z0-9_]+)"/.exec(
      source,
    );
    if (params) operations.push({ id: params[1], name: params[2], artifact: file });
  }
  return operations;
}

/** The names of the operations that test files declare (their `graphql` tags, parsed). */
function testOperationNames() {
  const names = new Set();
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (/\.tsx?$/.test(entry.name)) {
        for (const [, text] of readFileSync(file, 'utf8').matchAll(/\bgraphql`([^`]*)`/g)) {
          let definitions = [];
          try {
            ({ definitions } = parse(text));
          } catch {
            // Not a GraphQL document (the word in a comment or a string): the compiler skips it too.
          }
          for (const definition of definitions)
            if (definition.kind === 'OperationDefinition' && definition.name)
              names.add(definition.name.value);
        }
      }
    }
  };
  if (existsSync(TESTS)) visit(TESTS);
  return names;
}

/** What both maps must hold: `{ app, test }`, each id → text, or the ids whose text no map has. */
function expectedMaps() {
  const known = { ...readMap(TEST_MAP), ...readMap(APP_MAP) };
  const tests = testOperationNames();
  const maps = { app: {}, test: {} };
  const missing = [];
  for (const operation of compiledOperations().sort((a, b) => a.name.localeCompare(b.name))) {
    const text = known[operation.id];
    if (typeof text !== 'string' || sha256(text) !== operation.id) missing.push(operation);
    else maps[tests.has(operation.name) ? 'test' : 'app'][operation.id] = text;
  }
  return { maps, missing };
}

/** As relay-compiler writes its map (ids sorted), so the two never reorder each other's output. */
const serialize = (map) =>
  `${JSON.stringify(Object.fromEntries(Object.entries(map).sort(([a], [b]) => (a < b ? -1 : 1))), null, 2)}\n`;

function write() {
  let { maps, missing } = expectedMaps();
  if (missing.length > 0) {
    // The compiler persists only what changed; ask it for every text again.
    spawnSync(
      path.join(ROOT, 'node_modules/.bin/relay-compiler'),
      ['--noWatchman', '--repersist'],
      { cwd: ROOT, stdio: 'inherit' },
    );
    ({ maps, missing } = expectedMaps());
  }
  if (missing.length > 0) {
    console.error(
      `persisted queries: no text for ${missing.map((operation) => operation.name).join(', ')}`,
    );
    process.exit(1);
  }
  // Only what changed is written: a watcher sees no change when there is none.
  for (const [file, map] of [
    [APP_MAP, maps.app],
    [TEST_MAP, maps.test],
  ]) {
    if (!existsSync(file) || readFileSync(file, 'utf8') !== serialize(map))
      writeFileSync(file, serialize(map));
  }
  console.log(
    `persisted queries: ${Object.keys(maps.app).length} client operations, ${Object.keys(maps.test).length} test-only`,
  );
}

function check() {
  const { maps, missing } = expectedMaps();
  const problems = missing.map(
    (operation) =>
      `${operation.artifact}: id ${operation.id} of ${operation.name} is in no map (or its text does not hash to it)`,
  );
  for (const [file, expected] of [
    [APP_MAP, maps.app],
    [TEST_MAP, maps.test],
  ]) {
    const actual = readMap(file);
    for (const id of Object.keys(actual))
      if (!(id in expected))
        problems.push(
          `${path.basename(file)}: ${id} is not an operation of this tree (stale, or belongs in the other map)`,
        );
    for (const id of Object.keys(expected))
      if (!(id in actual)) problems.push(`${path.basename(file)}: ${id} is missing`);
    for (const [id, text] of Object.entries(actual))
      if (id in expected && text !== expected[id])
        problems.push(`${path.basename(file)}: the text under ${id} is not that operation's`);
  }
  if (problems.length > 0) {
    console.error(
      `Stale persisted queries: run \`npm run relay\` and commit __generated__/\n${problems.join('\n')}`,
    );
    process.exit(1);
  }
  console.log(
    `persisted queries: ${Object.keys(maps.app).length} client operations and ${Object.keys(maps.test).length} test-only, one id each`,
  );
}

const command = process.argv[2];
if (command === 'write') write();
else if (command === 'check') check();
else {
  console.error('usage: node scripts/persisted-queries.mjs write|check');
  process.exit(2);
}
