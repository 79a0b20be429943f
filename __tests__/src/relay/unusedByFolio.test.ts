import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The browser build's Relay leaves out three relay-runtime modules
 * (scripts/webpack/relay/unusedByFolio.js): true only while nothing Folio
 * compiles or writes uses what they do, and while the stand-in has every name
 * the modules that require them read.
 */
const root = path.resolve(__dirname, '../../..');
const requireHere = createRequire(path.join(root, 'package.json'));
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the webpack config's own CommonJS module
const { UNUSED, UNUSED_BY_FOLIO } = require('../../../scripts/webpack/relay/browserRelay') as {
  UNUSED: string;
  UNUSED_BY_FOLIO: [RegExp, RegExp][];
};
const standIn = requireHere(UNUSED) as Record<string, unknown>;
const runtimeDir = path.dirname(requireHere.resolve('relay-runtime/lib/index.js'));

/** Every file under a folder whose name matches. */
function files(dir: string, name: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(file, name);
    return name.test(entry.name) ? [file] : [];
  });
}

it('no compiled artifact uses a mutation edge directive (@deleteRecord, @appendEdge…) or @updatable', () => {
  const generated = files(path.join(root, '__generated__'), /\.graphql\.ts$/);
  expect(generated.length).toBeGreaterThan(20);
  const using = generated.filter((file) =>
    /"handle": "(deleteRecord|deleteEdge|appendEdge|prependEdge|appendNode|prependNode)"|"kind": "Updatable|@updatable/.test(
      readFileSync(file, 'utf8'),
    ),
  );
  expect(using).toEqual([]);
});

it('no client code passes declarative configs or reads an updatable query or fragment', () => {
  const using = files(path.join(root, 'src'), /\.tsx?$/).filter((file) =>
    /\bconfigs\s*:|readUpdatable(Query|Fragment)/.test(readFileSync(file, 'utf8')),
  );
  expect(using).toEqual([]);
});

it('each module left out is required where the list says, and the stand-in has what is read of it', () => {
  const requiring = files(runtimeDir, /\.js$/).filter((file) => !file.endsWith('index.js'));
  for (const [request, context] of UNUSED_BY_FOLIO) {
    const found = requiring.filter(
      (file) =>
        context.test(path.dirname(file)) &&
        [...readFileSync(file, 'utf8').matchAll(/require\('([^']+)'\)/g)].some((match) =>
          request.test(match[1]!),
        ),
    );
    expect([String(request), found.length]).not.toEqual([String(request), 0]);
  }
  expect(typeof standIn.convert).toBe('function');
  expect(typeof standIn.createUpdatableProxy).toBe('function');
  expect(() => (standIn.convert as () => void)()).toThrow(/no declarative mutation configs/);
});
