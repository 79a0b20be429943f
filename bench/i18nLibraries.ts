/**
 * i18n libraries on the wire: Lingui against FormatJS (react-intl).
 *
 * Folio's article page must stay within 150 kB of JavaScript on the wire (brotli 11, as the server
 * sends its precompressed files), and it is at about 145 kB today, so an i18n library has some 5 kB
 * to live in. This measures, for each candidate, the JavaScript a browser receives for the same
 * interface messages of a news site (English and German):
 *
 * - the main chunk (the component, the library, the English catalog), minified, gzip -9 and
 *   brotli q11, with React and ReactDOM left out (webpack externals: Folio ships them already);
 * - the German catalog, loaded by a dynamic `import()`, so it is a chunk of its own;
 * - the same page with hard-coded English strings and no library (`baseline`), so that the
 *   library's own cost is the difference.
 *
 * Each library gets its messages compiled ahead of time, as its documentation advises for
 * production, so the browser receives no ICU parser: Lingui's `lingui compile` (the runtime
 * compiler is dropped when NODE_ENV is production), FormatJS's `formatjs compile --ast` with
 * `@formatjs/icu-messageformat-parser` aliased to its `no-parser` entry. A fourth build, react-intl
 * without that alias, shows what the alias is worth.
 *
 * Everything is installed in a scratch folder under os.tmpdir() (Folio's package.json and
 * node_modules are not touched), bundled by webpack 5 in production mode with Folio's browser
 * targets, and then checked: the built files run in Node (the German chunk loaded through
 * webpack's own chunk loading), react-dom/server renders the page in both languages, and every
 * message must read exactly as expected (no raw ICU, no message id, the plural's `#` formatted for
 * the locale). The bundles' module lists must hold no ICU parser and no React.
 *
 * Run: `npx tsx bench/i18nLibraries.ts` (about 15 s with the install; `--keep` keeps the scratch folder).
 * The last results are in bench/I18N-LIBRARIES.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type * as ReactModule from 'react';
import type { ReactElement } from 'react';
import type * as ReactDomServerModule from 'react-dom/server';
import type webpackModule from 'webpack';
import type { Configuration, StatsChunk, StatsCompilation, StatsModule } from 'webpack';

/** Exact versions installed in the scratch folder. */
const PACKAGES: Record<string, string> = {
  '@lingui/core': '5.9.5',
  '@lingui/react': '5.9.5',
  '@lingui/cli': '5.9.5',
  'react-intl': '12.1.6',
  '@formatjs/cli': '6.16.32',
  // Folio's own versions: webpack bundles, React renders the check (never bundled).
  webpack: '5.112.2',
  react: '19.2.9',
  'react-dom': '19.2.9',
};

/** Folio's browser targets (.browserslistrc), so webpack's runtime is the one Folio ships. */
const BROWSERS = 'defaults and supports es6-module';

/** React stays out of every bundle: Folio ships it already, in its own chunk. */
const EXTERNALS: Record<string, string> = {
  react: 'React',
  'react-dom': 'ReactDOM',
  'react-dom/client': 'ReactDOMClient',
  'react/jsx-runtime': 'ReactJSXRuntime',
};

type Locale = 'en' | 'de';

interface Message {
  id: string;
  en: string;
  de: string;
}

/** The interface messages, in ICU MessageFormat, as both libraries' catalogs hold them. */
const MESSAGES: readonly Message[] = [
  { id: 'nav.home', en: 'Home', de: 'Startseite' },
  { id: 'nav.articles', en: 'Articles', de: 'Artikel' },
  { id: 'nav.topics', en: 'Topics', de: 'Themen' },
  { id: 'nav.search', en: 'Search', de: 'Suche' },
  { id: 'feed.loadMore', en: 'Load more', de: 'Mehr laden' },
  { id: 'feed.empty', en: 'No articles yet', de: 'Noch keine Artikel' },
  {
    id: 'error.retry',
    en: 'Something went wrong. Try again',
    de: 'Etwas ist schiefgelaufen. Versuche es erneut',
  },
  { id: 'status.loading', en: 'Loading…', de: 'Wird geladen…' },
  {
    id: 'article.readingTime',
    en: '{count, plural, one {# min read} other {# min read}}',
    de: '{count, plural, one {# Min. Lesezeit} other {# Min. Lesezeit}}',
  },
  { id: 'article.published', en: '{date, date, medium}', de: '{date, date, medium}' },
  { id: 'newsletter.subscribe', en: 'Subscribe as {email}', de: 'Als {email} abonnieren' },
  { id: 'a11y.openMenu', en: 'Open menu', de: 'Menü öffnen' },
  { id: 'preview.exit', en: 'Exit preview', de: 'Vorschau beenden' },
];

/** The page's props in the check (the entries' browser start uses the same). */
const PAGE_PROPS = {
  minutes: 1234,
  published: new Date(Date.UTC(2025, 2, 5, 12)),
  email: 'reader@example.com',
};
type PageProps = typeof PAGE_PROPS;
const PAGE_PROPS_JS = `{ minutes: 1234, published: new Date(Date.UTC(2025, 2, 5, 12)), email: 'reader@example.com' }`;

/**
 * Where each message shows on the page: `key` names the element (data-msg), `values` is the
 * JavaScript of its ICU arguments. The reading time shows twice, to check both `one` and `#`.
 */
interface Slot {
  key: string;
  id: string;
  values?: string;
  /** Rendered into an aria-label (a string from the library's hook) rather than as text. */
  label?: boolean;
  /**
   * Rendered as text, but through the hook's string function rather than the component: Lingui's
   * `<Trans values>` takes every value that is not a string or a number for a React element (it
   * becomes a `<0/>` placeholder), so a Date there renders a wrong date ("Jan 1, 2000") without
   * an error. Both libraries format this one through the hook.
   */
  hook?: boolean;
}
const SLOTS: readonly Slot[] = [
  { key: 'nav.home', id: 'nav.home' },
  { key: 'nav.articles', id: 'nav.articles' },
  { key: 'nav.topics', id: 'nav.topics' },
  { key: 'nav.search', id: 'nav.search' },
  { key: 'a11y.openMenu', id: 'a11y.openMenu', label: true },
  { key: 'preview.exit', id: 'preview.exit' },
  { key: 'status.loading', id: 'status.loading' },
  { key: 'feed.empty', id: 'feed.empty' },
  { key: 'readingTime.one', id: 'article.readingTime', values: '{ count: 1 }' },
  { key: 'readingTime.many', id: 'article.readingTime', values: '{ count: props.minutes }' },
  {
    key: 'article.published',
    id: 'article.published',
    values: '{ date: props.published }',
    hook: true,
  },
  { key: 'feed.loadMore', id: 'feed.loadMore' },
  { key: 'error.retry', id: 'error.retry' },
  { key: 'newsletter.subscribe', id: 'newsletter.subscribe', values: '{ email: props.email }' },
];

/** What the page must read, element by element (dates: both libraries' `medium` is d MMM y). */
const EXPECTED: Record<Locale, Record<string, string>> = {
  en: {
    'nav.home': 'Home',
    'nav.articles': 'Articles',
    'nav.topics': 'Topics',
    'nav.search': 'Search',
    'a11y.openMenu': 'Open menu',
    'preview.exit': 'Exit preview',
    'status.loading': 'Loading…',
    'feed.empty': 'No articles yet',
    'readingTime.one': '1 min read',
    'readingTime.many': '1,234 min read',
    'article.published': 'Mar 5, 2025',
    'feed.loadMore': 'Load more',
    'error.retry': 'Something went wrong. Try again',
    'newsletter.subscribe': 'Subscribe as reader@example.com',
  },
  de: {
    'nav.home': 'Startseite',
    'nav.articles': 'Artikel',
    'nav.topics': 'Themen',
    'nav.search': 'Suche',
    'a11y.openMenu': 'Menü öffnen',
    'preview.exit': 'Vorschau beenden',
    'status.loading': 'Wird geladen…',
    'feed.empty': 'Noch keine Artikel',
    'readingTime.one': '1 Min. Lesezeit',
    'readingTime.many': '1.234 Min. Lesezeit',
    'article.published': '5. März 2025',
    'feed.loadMore': 'Mehr laden',
    'error.retry': 'Etwas ist schiefgelaufen. Versuche es erneut',
    'newsletter.subscribe': 'Als reader@example.com abonnieren',
  },
};

/** One build: its catalogs, its compile step and its entry module. */
interface Library {
  name: string;
  /** Folder of the build under the scratch folder. */
  dir: string;
  locales: readonly Locale[];
  /** Writes the catalogs and compiles them ahead of time; returns the entry module's source. */
  prepare(dir: string, bin: string): string;
  alias?: Record<string, string>;
  /** Module paths that must not be in the bundle (the ICU parser). */
  forbidden: readonly RegExp[];
  /** Module paths that must be in the main chunk (so that the module list is known to be read). */
  required: readonly RegExp[];
}

/**
 * The page component's body: one element per slot, texts through `text` (the library's component),
 * labels and `hook` slots through `label` (the library's string function).
 */
function pageSource(text: (slot: Slot) => string, label: (slot: Slot) => string): string {
  const element = (slot: Slot): string =>
    slot.label
      ? `h('button', { 'data-msg': '${slot.key}', 'aria-label': ${label(slot)}, type: 'button' }, '☰')`
      : `h('span', { 'data-msg': '${slot.key}' }, ${slot.hook ? label(slot) : text(slot)})`;
  return `h('div', null,\n    ${SLOTS.map(element).join(',\n    ')}\n  )`;
}

/** The end every entry shares: the check's hook, and the browser start. */
const ENTRY_END = `
self.folioI18nBench = { prepare };
const root = typeof document === 'undefined' ? null : document.getElementById('root');
if (root) {
  const locale = navigator.language.startsWith('de') ? 'de' : 'en';
  prepare(locale, ${PAGE_PROPS_JS}).then((page) => createRoot(root).render(page));
}
`;

const js = (value: string): string => JSON.stringify(value);

const lingui: Library = {
  name: 'Lingui 5.9.5',
  dir: 'lingui',
  locales: ['en', 'de'],
  forbidden: [/@messageformat[\\/]parser/, /message-utils[\\/]dist[\\/]compileMessage/],
  required: [
    /@lingui[\\/]core[\\/]/,
    /@lingui[\\/]react[\\/]/,
    /locales[\\/]en[\\/]messages\.mjs$/,
  ],
  prepare(dir, bin) {
    // Catalogs in Lingui's default format (PO), with explicit ids, compiled by `lingui compile`.
    writeFileSync(
      path.join(dir, 'lingui.config.js'),
      `module.exports = { locales: ['en', 'de'], sourceLocale: 'en', catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['<rootDir>/src'] }] };\n`,
    );
    for (const locale of this.locales) {
      const entries = MESSAGES.map(
        (m) => `#. js-lingui-explicit-id\nmsgid ${js(m.id)}\nmsgstr ${js(m[locale])}\n`,
      );
      const header = `msgid ""\nmsgstr ""\n"Language: ${locale}\\n"\n`;
      mkdirSync(path.join(dir, 'locales', locale), { recursive: true });
      writeFileSync(
        path.join(dir, 'locales', locale, 'messages.po'),
        [header, ...entries].join('\n'),
      );
    }
    run(path.join(bin, 'lingui'), ['compile', '--namespace', 'es', '--strict'], dir);
    const page = pageSource(
      (slot) => `h(Trans, { id: ${js(slot.id)}${slot.values ? `, values: ${slot.values}` : ''} })`,
      (slot) => `_(${js(slot.id)}${slot.values ? `, ${slot.values}` : ''})`,
    );
    return `import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { setupI18n } from '@lingui/core';
import { I18nProvider, Trans, useLingui } from '@lingui/react';
import { messages as en } from '../locales/en/messages.mjs';

async function loadMessages(locale) {
  if (locale === 'de') return (await import(/* webpackChunkName: "de" */ '../locales/de/messages.mjs')).messages;
  return en;
}

function Page(props) {
  const { _ } = useLingui();
  return ${page};
}

async function prepare(locale, props) {
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale, messages: await loadMessages(locale) });
  return h(I18nProvider, { i18n }, h(Page, props));
}
${ENTRY_END}`;
  },
};

/** react-intl with precompiled ASTs; `noParser` says whether the ICU parser is aliased out. */
function formatjs(noParser: boolean): Library {
  return {
    name: noParser ? 'react-intl 12.1.6' : 'react-intl 12.1.6, parser kept',
    dir: noParser ? 'formatjs' : 'formatjs-parser',
    locales: ['en', 'de'],
    forbidden: noParser ? [/icu-messageformat-parser[\\/](parser|index)\.js$/] : [],
    required: [
      /react-intl[\\/]/,
      noParser
        ? /icu-messageformat-parser[\\/]no-parser\.js$/
        : /icu-messageformat-parser[\\/]index\.js$/,
    ],
    // FormatJS's advanced-usage guide: precompiled ASTs need no parser in the browser.
    alias: noParser
      ? {
          '@formatjs/icu-messageformat-parser$': '@formatjs/icu-messageformat-parser/no-parser.js',
        }
      : {},
    prepare(dir, bin) {
      // Catalogs in FormatJS's default extracted format, compiled by `formatjs compile --ast`.
      mkdirSync(path.join(dir, 'lang'), { recursive: true });
      mkdirSync(path.join(dir, 'compiled'), { recursive: true });
      for (const locale of this.locales) {
        const source = Object.fromEntries(
          MESSAGES.map((m) => [m.id, { defaultMessage: m[locale] }]),
        );
        const input = path.join(dir, 'lang', `${locale}.json`);
        writeFileSync(input, JSON.stringify(source, null, 2));
        const output = path.join(dir, 'compiled', `${locale}.json`);
        run(path.join(bin, 'formatjs'), ['compile', input, '--ast', '--out-file', output], dir);
      }
      const page = pageSource(
        (slot) =>
          `h(FormattedMessage, { id: ${js(slot.id)}${slot.values ? `, values: ${slot.values}` : ''} })`,
        (slot) =>
          `intl.formatMessage({ id: ${js(slot.id)} }${slot.values ? `, ${slot.values}` : ''})`,
      );
      return `import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { FormattedMessage, IntlProvider, useIntl } from 'react-intl';
import en from '../compiled/en.json';

async function loadMessages(locale) {
  if (locale === 'de') return (await import(/* webpackChunkName: "de" */ '../compiled/de.json')).default;
  return en;
}

function Page(props) {
  const intl = useIntl();
  return ${page};
}

async function prepare(locale, props) {
  return h(IntlProvider, { locale, defaultLocale: 'en', messages: await loadMessages(locale) }, h(Page, props));
}
${ENTRY_END}`;
    },
  };
}

/** The same page with hard-coded English and no library: what every variant pays anyway. */
const baseline: Library = {
  name: 'baseline (no library)',
  dir: 'baseline',
  locales: ['en'],
  forbidden: [],
  required: [],
  prepare() {
    const english: Record<string, string> = {
      'article.readingTime': 'values.count.toLocaleString("en") + " min read"',
      'article.published':
        'new Intl.DateTimeFormat("en", { day: "numeric", month: "short", year: "numeric" }).format(values.date)',
      'newsletter.subscribe': '"Subscribe as " + values.email',
    };
    const text = (slot: Slot): string => {
      const expression = english[slot.id];
      const plain = MESSAGES.find((m) => m.id === slot.id)?.en ?? slot.id;
      return expression ? `((values) => ${expression})(${slot.values ?? '{}'})` : js(plain);
    };
    return `import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';

function Page(props) {
  return ${pageSource(text, text)};
}

async function prepare(_locale, props) {
  return h(Page, props);
}
${ENTRY_END}`;
  },
};

const LIBRARIES: readonly Library[] = [baseline, lingui, formatjs(true), formatjs(false)];

// ---------------------------------------------------------------------------------------------

function run(command: string, args: string[], cwd: string): void {
  try {
    execFileSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  } catch (error) {
    const details =
      error instanceof Error && 'stderr' in error ? String(error.stderr) : String(error);
    throw new Error(`${path.basename(command)} ${args.join(' ')} failed in ${cwd}:\n${details}`);
  }
}

interface Sizes {
  raw: number;
  gzip9: number;
  brotli11: number;
}

function sizes(bytes: Buffer): Sizes {
  return {
    raw: bytes.length,
    gzip9: gzipSync(bytes, { level: 9 }).length,
    // As Folio's build precompresses its files (compression-webpack-plugin) and bench/bundle.ts measures.
    brotli11: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
      .length,
  };
}

interface Build {
  library: Library;
  dist: string;
  /** The entry's files in load order (runtime, main). */
  entryFiles: string[];
  runtime: Sizes;
  main: Sizes;
  german?: Sizes;
  germanFile?: string;
  /** Packages (node_modules/…) whose code is in the main chunk, with their bytes before minifying. */
  packages: Map<string, number>;
}

/** Every module of a chunk, those that webpack concatenated into one scope listed one by one. */
function flatModules(modules: readonly StatsModule[] | undefined): StatsModule[] {
  return (modules ?? []).flatMap((m) => (m.modules ? flatModules(m.modules) : m.name ? [m] : []));
}

function packageOf(moduleName: string): string | undefined {
  const match = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(moduleName);
  return match?.[1]?.replace(/\\/g, '/');
}

function chunkNamed(stats: StatsCompilation, name: string): StatsChunk {
  const chunk = stats.chunks?.find((c) => c.names?.includes(name));
  if (!chunk) throw new Error(`No chunk named "${name}"`);
  return chunk;
}

function jsFile(chunk: StatsChunk): string {
  const file = chunk.files?.find((f) => f.endsWith('.js'));
  if (!file) throw new Error(`Chunk ${String(chunk.names)} has no .js file`);
  return file;
}

async function bundle(
  webpack: typeof webpackModule,
  scratch: string,
  library: Library,
): Promise<Build> {
  const dir = path.join(scratch, library.dir);
  mkdirSync(path.join(dir, 'src'), { recursive: true });
  const entry = library.prepare(dir, path.join(scratch, 'node_modules', '.bin'));
  writeFileSync(path.join(dir, 'src', 'entry.js'), entry);
  const dist = path.join(dir, 'dist');
  const config: Configuration = {
    mode: 'production',
    context: dir,
    entry: { main: './src/entry.js' },
    target: `browserslist:${BROWSERS}`,
    output: {
      path: dist,
      publicPath: '/',
      filename: 'assets/[name].[contenthash:10].js',
      chunkFilename: 'assets/[name].[contenthash:10].js',
      clean: true,
    },
    externals: EXTERNALS,
    externalsType: 'var',
    resolve: { alias: library.alias ?? {} },
    // As Folio's build: the webpack runtime in a chunk of its own. No vendor split, so the main
    // chunk holds the library, the component and the English catalog.
    optimization: { runtimeChunk: 'single', splitChunks: false },
    devtool: false,
    performance: { hints: false },
  };
  const stats = await new Promise<StatsCompilation>((resolve, reject) => {
    webpack(config, (error, result) => {
      if (error) return reject(error);
      if (!result) return reject(new Error('webpack returned no stats'));
      const json = result.toJson({
        all: false,
        errors: true,
        warnings: true,
        chunks: true,
        chunkModules: true,
        nestedModules: true,
        dependentModules: true,
        chunkModulesSpace: Infinity,
        nestedModulesSpace: Infinity,
        entrypoints: true,
        assets: true,
      });
      if (result.hasErrors()) {
        return reject(
          new Error(`webpack failed for ${library.name}:\n${JSON.stringify(json.errors, null, 2)}`),
        );
      }
      resolve(json);
    });
  });
  const runtimeChunk = chunkNamed(stats, 'runtime');
  const mainChunk = chunkNamed(stats, 'main');
  const modules = flatModules(mainChunk.modules);
  const names = (stats.chunks ?? [])
    .flatMap((c) => flatModules(c.modules))
    .map((m) => m.name ?? '');
  for (const pattern of [
    ...library.forbidden,
    /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
  ]) {
    const found = names.filter((name) => pattern.test(name));
    if (found.length > 0)
      throw new Error(
        `${library.name}: the bundle holds ${found.join(', ')} (must not match ${pattern})`,
      );
  }
  for (const pattern of library.required) {
    if (!modules.some((m) => pattern.test(m.name ?? '')))
      throw new Error(`${library.name}: no module of the main chunk matches ${pattern}`);
  }
  const packages = new Map<string, number>();
  for (const m of modules) {
    const name = packageOf(m.name ?? '');
    if (name) packages.set(name, (packages.get(name) ?? 0) + (m.size ?? 0));
  }
  const entryFiles = (stats.entrypoints?.main?.assets ?? []).map((a) => a.name);
  const read = (file: string): Buffer => readFileSync(path.join(dist, file));
  const build: Build = {
    library,
    dist,
    entryFiles,
    runtime: sizes(read(jsFile(runtimeChunk))),
    main: sizes(read(jsFile(mainChunk))),
    packages,
  };
  if (library.locales.includes('de')) {
    const german = chunkNamed(stats, 'de');
    build.germanFile = jsFile(german);
    build.german = sizes(read(build.germanFile));
  }
  return build;
}

// ---------------------------------------------------------------------------------------------
// The check: the built files run in Node as a browser would run them.

/** The smallest `document` webpack's chunk loading needs: a script element read from dist/. */
class FakeScript {
  src = '';
  parentNode: { removeChild(script: FakeScript): void } | null = null;
  onload: ((event: { type: string; target: FakeScript }) => void) | null = null;
  onerror: ((event: { type: string; target: FakeScript }) => void) | null = null;
  private readonly attributes = new Map<string, string>();
  setAttribute(name: string, value: unknown): void {
    this.attributes.set(name, String(value));
  }
  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null;
  }
}

interface BenchHook {
  prepare(locale: Locale, props: PageProps): Promise<ReactElement>;
}

function isBenchHook(value: unknown): value is BenchHook {
  return (
    typeof value === 'object' &&
    value !== null &&
    'prepare' in value &&
    typeof value.prepare === 'function'
  );
}

function decodeEntities(html: string): string {
  return html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** data-msg → what the reader sees (text, or the aria-label). */
function readPage(html: string): Map<string, string> {
  const texts = new Map<string, string>();
  const element = /<(\w+) data-msg="([^"]+)"(?: aria-label="([^"]*)")?[^>]*>(.*?)<\/\1>/g;
  for (const match of html.matchAll(element)) {
    const [, , key, label, text] = match;
    if (key === undefined) continue;
    texts.set(key, decodeEntities(label ?? (text ?? '').replace(/<!-- -->/g, '')));
  }
  return texts;
}

async function check(
  build: Build,
  react: typeof ReactModule,
  scratchRequire: NodeJS.Require,
): Promise<string[]> {
  const server = scratchRequire('react-dom/server') as typeof ReactDomServerModule;
  const loaded: string[] = [];
  const sandbox: Record<string, unknown> = {
    React: react,
    ReactDOM: scratchRequire('react-dom'),
    ReactDOMClient: scratchRequire('react-dom/client'),
    ReactJSXRuntime: scratchRequire('react/jsx-runtime'),
    console,
    setTimeout,
    clearTimeout,
    queueMicrotask,
  };
  const context = vm.createContext(sandbox);
  const runFile = (file: string): void => {
    loaded.push(file);
    vm.runInContext(readFileSync(path.join(build.dist, file), 'utf8'), context, { filename: file });
  };
  const head = {
    appendChild(script: FakeScript): void {
      script.parentNode = { removeChild: () => undefined };
      setImmediate(() => {
        try {
          runFile(script.src.replace(/^\//, ''));
          script.onload?.({ type: 'load', target: script });
        } catch (error) {
          console.error(error);
          script.onerror?.({ type: 'error', target: script });
        }
      });
    },
  };
  sandbox.document = {
    head,
    createElement: () => new FakeScript(),
    getElementsByTagName: () => [],
    getElementById: () => null,
  };
  vm.runInContext('self = globalThis; window = globalThis;', context);
  for (const file of build.entryFiles) runFile(file);
  const hook = sandbox.folioI18nBench;
  if (!isBenchHook(hook)) throw new Error(`${build.library.name}: the entry set no folioI18nBench`);

  const problems: string[] = [];
  for (const locale of build.library.locales) {
    const before = loaded.length;
    const html = server.renderToString(await hook.prepare(locale, PAGE_PROPS));
    const chunksLoaded = loaded.slice(before);
    if (locale === 'de' && !(build.germanFile && chunksLoaded.includes(build.germanFile)))
      problems.push(
        `de: the German chunk was not loaded (loaded: ${chunksLoaded.join(', ') || 'nothing'})`,
      );
    if (locale === 'en' && chunksLoaded.length > 0)
      problems.push(`en: loaded ${chunksLoaded.join(', ')}; English should need no chunk`);
    const page = readPage(html);
    for (const [key, expected] of Object.entries(EXPECTED[locale])) {
      const actual = page.get(key);
      if (actual !== expected)
        problems.push(
          `${locale} ${key}: expected ${js(expected)}, rendered ${actual === undefined ? 'nothing' : js(actual)}`,
        );
    }
    if (/[{}]/.test(html)) problems.push(`${locale}: raw ICU in the page: ${html}`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------

const kB = (bytes: number): string => (bytes / 1000).toFixed(2);
const signed = (bytes: number): string => `${bytes >= 0 ? '+' : '−'}${kB(Math.abs(bytes))}`;

function markdownTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]): string => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** The version npm installed at the top of the scratch folder's node_modules. */
function installedVersion(scratch: string, name: string): string {
  try {
    const file = path.join(scratch, 'node_modules', name, 'package.json');
    const manifest: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return typeof manifest === 'object' && manifest !== null && 'version' in manifest
      ? String(manifest.version)
      : '?';
  } catch {
    return 'not installed';
  }
}

async function main(): Promise<void> {
  const keep = process.argv.includes('--keep');
  const started = Date.now();
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'folio-i18n-bench-'));
  console.log(`scratch folder: ${scratch}`);
  writeFileSync(
    path.join(scratch, 'package.json'),
    JSON.stringify({ private: true, dependencies: PACKAGES }, null, 2),
  );
  console.log(
    `npm install ${Object.entries(PACKAGES)
      .map(([n, v]) => `${n}@${v}`)
      .join(' ')}`,
  );
  run('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--save-exact'], scratch);

  const scratchRequire = createRequire(path.join(scratch, 'package.json'));
  // The check renders with React's production build, as the bundles were built for.
  process.env.NODE_ENV = 'production';
  const webpack = scratchRequire('webpack') as typeof webpackModule;
  const react = scratchRequire('react') as typeof ReactModule;

  const builds: Build[] = [];
  const failures: string[] = [];
  for (const library of LIBRARIES) {
    console.log(`building ${library.name}…`);
    const build = await bundle(webpack, scratch, library);
    const problems = await check(build, react, scratchRequire);
    console.log(
      problems.length === 0
        ? `  renders ${library.locales.join(' and ')} as expected`
        : `  WRONG:\n    ${problems.join('\n    ')}`,
    );
    failures.push(...problems.map((p) => `${library.name}: ${p}`));
    builds.push(build);
  }

  const base = builds[0];
  if (!base) throw new Error('no baseline build');
  const rows = builds.map((b) => [
    b.library.name,
    kB(b.main.raw),
    kB(b.main.gzip9),
    kB(b.main.brotli11),
    b === base ? '—' : signed(b.main.brotli11 - base.main.brotli11),
    b.german ? kB(b.german.raw) : '—',
    b.german ? kB(b.german.gzip9) : '—',
    b.german ? kB(b.german.brotli11) : '—',
  ]);
  const table = markdownTable(
    [
      'build',
      'main min',
      'main gzip -9',
      'main br 11',
      'library (br 11, main − baseline)',
      'de chunk min',
      'de gzip -9',
      'de br 11',
    ],
    rows,
  );
  const runtime = base.runtime;
  const versions = [
    'webpack',
    'react',
    '@lingui/core',
    '@lingui/react',
    '@lingui/message-utils',
    '@lingui/cli',
    'react-intl',
    '@formatjs/intl',
    'intl-messageformat',
    '@formatjs/icu-messageformat-parser',
    '@formatjs/cli',
  ].map((name) => `${name}@${installedVersion(scratch, name)}`);

  console.log(
    '\nkB = 1000 bytes; React, ReactDOM and the webpack runtime chunk are not counted.\n',
  );
  console.log(table);
  console.log(
    `\nwebpack runtime chunk (the same in every build): ${kB(runtime.raw)} min, ${kB(runtime.gzip9)} gzip -9, ${kB(runtime.brotli11)} br 11`,
  );
  console.log('\npackages in each main chunk (kB of their modules before minifying):');
  for (const b of builds) {
    const list = [...b.packages].map(([name, bytes]) => `${name} ${kB(bytes)}`).join(', ');
    console.log(`  ${b.library.name}: ${list || '(none)'}`);
  }
  console.log(`\ninstalled: ${versions.join(', ')}`);
  console.log(`\n${MESSAGES.length} messages, ${((Date.now() - started) / 1000).toFixed(0)} s`);

  if (keep) console.log(`kept ${scratch}`);
  else rmSync(scratch, { recursive: true, force: true });
  if (failures.length > 0) {
    console.error(`\nFAILED: ${failures.length} wrong renders:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
