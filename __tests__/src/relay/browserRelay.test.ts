import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseSync, transformSync, traverse, types as t, type NodePath } from '@babel/core';

/**
 * The browser build's Relay entries (scripts/webpack/relay/): they must export
 * react-relay's and relay-runtime's own values, and every name the bundled
 * react-relay modules read from relay-runtime. A name missing there would be
 * `undefined` only in the browser, on whatever path first reads it.
 */
const root = path.resolve(__dirname, '../../..');
const requireHere = createRequire(path.join(root, 'package.json'));
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the webpack config's own CommonJS module
const { ACTIVITY_COMPATIBLE, ENTRIES } = require('../../../scripts/webpack/relay/browserRelay') as {
  ACTIVITY_COMPATIBLE: Record<string, string>;
  ENTRIES: Record<string, string>;
};

type Exports = Record<string, unknown>;

/** An entry (ES module) evaluated as CommonJS, its imports from node_modules as published. */
function evaluate(file: string): Exports {
  const code = transformSync(readFileSync(file, 'utf8'), {
    filename: file,
    babelrc: false,
    configFile: false,
    presets: [['@babel/preset-env', { targets: { node: 'current' }, modules: 'commonjs' }]],
  })?.code;
  if (!code) throw new Error(`Babel gave nothing for ${file}`);
  const loaded = { exports: {} as Exports };
  new Function('require', 'module', 'exports', code)(requireHere, loaded, loaded.exports);
  return loaded.exports;
}

const hooksEntry = evaluate(ENTRIES['react-relay/hooks']!);
const runtimeEntry = evaluate(ENTRIES['relay-runtime']!);
const reactRelayHooks = requireHere('react-relay/hooks') as Exports;
const relayRuntime = requireHere('relay-runtime') as Exports;

const named = (entry: Exports) => Object.keys(entry).filter((name) => name !== '__esModule');

it.each(named(hooksEntry))('react-relay/hooks: %s is react-relay’s own', (name) => {
  expect(hooksEntry[name]).toBeDefined();
  expect(hooksEntry[name]).toBe(reactRelayHooks[name]);
});

it.each(named(runtimeEntry).filter((name) => name !== '__internal'))(
  'relay-runtime: %s is relay-runtime’s own',
  (name) => {
    expect(runtimeEntry[name]).toBeDefined();
    expect(runtimeEntry[name]).toBe(relayRuntime[name]);
  },
);

it('relay-runtime: each of __internal’s functions is relay-runtime’s own', () => {
  const internal = runtimeEntry.__internal as Exports;
  const published = relayRuntime.__internal as Exports;
  for (const name of Object.keys(internal))
    expect([name, internal[name]]).toEqual([name, published[name]]);
});

it('the hooks that pick an implementation by ENABLE_ACTIVITY_COMPATIBILITY are built with the one it picks', () => {
  expect(
    (relayRuntime.RelayFeatureFlags as Record<string, unknown>).ENABLE_ACTIVITY_COMPATIBILITY,
  ).toBe(true);
  for (const [hook, chosen] of Object.entries(ACTIVITY_COMPATIBLE)) {
    const source = readFileSync(requireHere.resolve(`react-relay/lib/relay-hooks/${hook}`), 'utf8');
    expect(source).toMatch(
      new RegExp(
        `if \\([\\w.]*RelayFeatureFlags\\.ENABLE_ACTIVITY_COMPATIBILITY\\) \\{\\s*return [^;]*\\b_?${chosen}\\b`,
      ),
    );
  }
});

/** `require('x')` → 'x', else null. */
function requiredModule(node: t.Node | null | undefined): string | null {
  if (!t.isCallExpression(node) || !t.isIdentifier(node.callee, { name: 'require' })) return null;
  const [arg] = node.arguments;
  return t.isStringLiteral(arg) ? arg.value : null;
}

/** The property read off `path` (`x.name`), or null. */
function readName(path: NodePath): string | null {
  const parent = path.parentPath;
  if (!parent?.isMemberExpression() || parent.node.object !== path.node || parent.node.computed)
    return null;
  return t.isIdentifier(parent.node.property) ? parent.node.property.name : null;
}

/**
 * What one CommonJS module of react-relay requires relatively, and what it
 * reads from relay-runtime: `name`, or `__internal.name` for the internals.
 */
function scan(file: string): { relative: string[]; reads: string[] } {
  const ast = parseSync(readFileSync(file, 'utf8'), {
    filename: file,
    babelrc: false,
    configFile: false,
    sourceType: 'script',
  });
  if (!ast) throw new Error(`Could not parse ${file}`);
  const relative: string[] = [];
  const reads = new Set<string>();
  /** Every read of the binding `name` in `scope`, prefixed with `prefix`. */
  const follow = (scope: NodePath['scope'], name: string, prefix: string) => {
    for (const reference of scope.getBinding(name)?.referencePaths ?? []) {
      const read = readName(reference);
      if (read === null)
        throw new Error(`${file}: relay-runtime is used other than by reading a name`);
      if (prefix === '' && read === '__internal') {
        const member = reference.parentPath!;
        const inner = readName(member);
        if (inner !== null) reads.add(`__internal.${inner}`);
        else if (
          member.parentPath?.isVariableDeclarator() &&
          t.isIdentifier(member.parentPath.node.id)
        )
          follow(scope, member.parentPath.node.id.name, '__internal.');
        else throw new Error(`${file}: __internal is used other than by reading a name`);
      } else {
        reads.add(prefix + read);
      }
    }
  };
  traverse(ast, {
    CallExpression(callPath) {
      const module = requiredModule(callPath.node);
      if (module?.startsWith('.')) relative.push(module);
      if (module !== 'relay-runtime') return;
      const holder = callPath.parentPath;
      if (holder.isVariableDeclarator() && t.isIdentifier(holder.node.id))
        follow(holder.scope, holder.node.id.name, '');
      else {
        const read = readName(callPath);
        if (read === null)
          throw new Error(`${file}: require('relay-runtime') is used other than by reading a name`);
        if (read === '__internal') {
          const inner = readName(callPath.parentPath!);
          if (inner === null)
            throw new Error(`${file}: __internal is used other than by reading a name`);
          reads.add(`__internal.${inner}`);
        } else reads.add(read);
      }
    },
  });
  return { relative, reads: [...reads] };
}

/** Every file under src/ (the client's code). */
function sourceFiles(dir = path.join(root, 'src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/**
 * The react-relay modules the browser bundle holds, as webpack resolves them there: those
 * the hooks entry brings, and those the client imports by their own path (a hook only some
 * pages use, such as usePaginationFragment, kept out of every page's Relay).
 */
function bundledReactRelayModules(): string[] {
  const imports = [ENTRIES['react-relay/hooks']!, ...sourceFiles()].flatMap((file) => [
    ...readFileSync(file, 'utf8').matchAll(/from '(react-relay\/lib\/[^']+)'/g),
  ]);
  const queue = imports.map((match) => requireHere.resolve(match[1]!));
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const request of scan(file).relative) {
      const name = request.replace(/^\.\//, '');
      const replaced =
        path.dirname(file).endsWith(path.join('react-relay', 'lib', 'relay-hooks')) &&
        ACTIVITY_COMPATIBLE[name]
          ? `./${ACTIVITY_COMPATIBLE[name]}`
          : request;
      queue.push(requireHere.resolve(path.resolve(path.dirname(file), replaced)));
    }
  }
  return [...seen].sort();
}

it('every name the bundled react-relay modules read from relay-runtime is in the browser’s relay-runtime entry', () => {
  const modules = bundledReactRelayModules();
  expect(modules.map((file) => path.basename(file))).toEqual(
    expect.arrayContaining([
      'useFragmentInternal_EXPERIMENTAL.js',
      'usePaginationFragment.js',
      'loadQuery.js',
    ]),
  );
  expect(modules.map((file) => path.basename(file))).not.toContain(
    'useFragmentInternal_CURRENT.js',
  );
  const internal = runtimeEntry.__internal as Exports;
  const missing = modules.flatMap((file) =>
    scan(file)
      .reads.filter((name) =>
        name.startsWith('__internal.')
          ? internal[name.slice('__internal.'.length)] === undefined
          : runtimeEntry[name] === undefined,
      )
      .map((name) => `${path.basename(file)} reads ${name}`),
  );
  expect(missing).toEqual([]);
});
