// The interface text's compiled catalogs (docs/decisions.md#locales).
//
// src/i18n/catalogs/<locale>.po are written by hand (explicit message ids,
// one file per locale of shared/locales.ts); `lingui compile` turns them into
// src/i18n/__generated__/<locale>.ts, and this script writes beside them
// messageIds.ts, the ids as a TypeScript type, so that every call site's id is
// checked by the compiler.
//
//   node scripts/catalogs.mjs write   (npm run i18n; npm run build runs it)
//   node scripts/catalogs.mjs check   fails when a catalog lacks a message another
//                                     has, leaves one untranslated, or the
//                                     generated files are stale
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CATALOGS = path.join(ROOT, 'src/i18n/catalogs');
const GENERATED = path.join(ROOT, 'src/i18n/__generated__');
const IDS_FILE = 'messageIds.ts';

/** A PO file's messages: id → translation (multi-line strings joined). */
function readCatalog(file) {
  const messages = new Map();
  let field = null;
  let id = null;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const start = /^(msgid|msgstr) "(.*)"$/.exec(line);
    const more = /^"(.*)"$/.exec(line);
    if (start) {
      field = start[1];
      if (field === 'msgid') id = JSON.parse(`"${start[2]}"`);
      else messages.set(id, JSON.parse(`"${start[2]}"`));
    } else if (more && field === 'msgstr' && id !== null) {
      messages.set(id, messages.get(id) + JSON.parse(`"${more[1]}"`));
    } else if (more && field === 'msgid' && id !== null) {
      id += JSON.parse(`"${more[1]}"`);
    }
  }
  messages.delete('');
  return messages;
}

function problems() {
  const found = [];
  const files = readdirSync(CATALOGS).filter((name) => name.endsWith('.po'));
  const catalogs = new Map(files.map((name) => [name, readCatalog(path.join(CATALOGS, name))]));
  const ids = new Set([...catalogs.values()].flatMap((messages) => [...messages.keys()]));
  for (const [name, messages] of catalogs)
    for (const id of ids) {
      if (!messages.has(id)) found.push(`src/i18n/catalogs/${name}: no message "${id}"`);
      else if (messages.get(id).trim() === '')
        found.push(`src/i18n/catalogs/${name}: "${id}" is not translated`);
    }
  return { found, ids: [...ids].sort() };
}

function idsModule(ids) {
  return `// Written by scripts/catalogs.mjs from src/i18n/catalogs/: do not edit.\n/** Every interface message's id (src/i18n/catalogs/<locale>.po). */\nexport type MessageId =\n${ids.map((id) => `  | ${JSON.stringify(id)}`).join('\n')};\n`;
}

function compile(out) {
  const result = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/@lingui/cli/dist/lingui.js'),
      'compile',
      '--strict',
      '--workers',
      '1',
    ],
    {
      cwd: ROOT,
      env: { ...process.env, FOLIO_CATALOGS_OUT: path.join(out, '{locale}') },
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    process.exit(1);
  }
}

const { found, ids } = problems();
if (found.length > 0) {
  process.stderr.write(`${found.join('\n')}\n`);
  process.exit(1);
}
const mode = process.argv[2];
if (mode === 'write') {
  rmSync(GENERATED, { recursive: true, force: true });
  compile(GENERATED);
  writeFileSync(path.join(GENERATED, IDS_FILE), idsModule(ids));
} else if (mode === 'check') {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'folio-catalogs-'));
  try {
    compile(scratch);
    writeFileSync(path.join(scratch, IDS_FILE), idsModule(ids));
    const names = (dir) => readdirSync(dir).sort();
    const stale = [...new Set([...names(scratch), ...names(GENERATED)])].filter((name) => {
      try {
        return (
          readFileSync(path.join(scratch, name), 'utf8') !==
          readFileSync(path.join(GENERATED, name), 'utf8')
        );
      } catch {
        return true;
      }
    });
    if (stale.length > 0) {
      process.stderr.write(
        `Stale compiled catalogs (run npm run i18n): ${stale.map((name) => `src/i18n/__generated__/${name}`).join(', ')}\n`,
      );
      process.exit(1);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
} else {
  process.stderr.write('usage: node scripts/catalogs.mjs write|check\n');
  process.exit(2);
}
