import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Browser, Response } from '@playwright/test';
import { CONTEXT_OPTIONS, withBrowser } from './browser';
import { progress } from './log';
import { ARTICLE_SLUG } from './operations';
import { packageShares, type PackageShare } from './sourceMap';
import { kB, sum } from './stats';
import { table, type SectionResult } from './report';
import { withSite } from './site';

/** Target: at most 170 kB of gzip'd JavaScript per page (gzip level 6, zlib's and the server's default). */
const TARGET_GZIP_BYTES = 170_000;
/** Target: at most 150 kB of JavaScript bytes on the wire per page (as the server sends it: precompressed brotli 11). */
const TARGET_WIRE_BYTES = 150_000;
const DIST_DIR = path.resolve(__dirname, '../dist');
const PAGES = [
  { label: '/', path: '/' },
  { label: `/articles/${ARTICLE_SLUG}`, path: `/articles/${ARTICLE_SLUG}` },
  // The same article in the second locale: its catalog (messages-de) and no other's.
  { label: '/de/articles/die-gezeiten-lesen', path: '/de/articles/die-gezeiten-lesen' },
];

interface ScriptFile {
  file: string;
  /** The URL path (/assets/…). */
  urlPath: string;
  raw: number;
  gzip6: number;
  gzip9: number;
  brotli11: number;
  /** What the server sent: its Content-Encoding and the encoded body bytes on the wire. */
  encoding: string;
  wire: number;
}

interface PageScripts {
  label: string;
  files: ScriptFile[];
}

function isScript(response: Response): boolean {
  return (
    response.request().resourceType() === 'script' ||
    /\.m?js(\?|$)/.test(new URL(response.url()).pathname)
  );
}

async function measureScript(response: Response): Promise<ScriptFile> {
  const body = await response.body();
  const sizes = await response.request().sizes();
  const urlPath = new URL(response.url()).pathname;
  return {
    file: urlPath.replace(/^\/assets\//, ''),
    urlPath,
    raw: body.length,
    gzip6: gzipSync(body, { level: 6 }).length,
    gzip9: gzipSync(body, { level: 9 }).length,
    brotli11: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    encoding: response.headers()['content-encoding'] ?? 'none',
    wire: sizes.responseBodySize,
  };
}

/** Every script a cold page load fetches until the network is idle, in a fresh context. */
async function scriptsOf(browser: Browser, url: string): Promise<ScriptFile[]> {
  const context = await browser.newContext(CONTEXT_OPTIONS);
  try {
    const page = await context.newPage();
    const responses: Response[] = [];
    page.on('response', (response) => {
      if (isScript(response)) responses.push(response);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    return await Promise.all(responses.map(measureScript));
  } finally {
    await context.close();
  }
}

const totals = (files: readonly ScriptFile[]) => ({
  raw: sum(files.map((file) => file.raw)),
  gzip6: sum(files.map((file) => file.gzip6)),
  gzip9: sum(files.map((file) => file.gzip9)),
  brotli11: sum(files.map((file) => file.brotli11)),
  wire: sum(files.map((file) => file.wire)),
});

function pageTable(page: PageScripts): string {
  const rows = [...page.files]
    .sort((a, b) => b.gzip6 - a.gzip6)
    .map((file) => [
      file.file,
      kB(file.raw),
      kB(file.gzip6),
      kB(file.gzip9),
      kB(file.brotli11),
      `${file.encoding}, ${kB(file.wire)}`,
    ]);
  const total = totals(page.files);
  rows.push([
    '**total**',
    `**${kB(total.raw)}**`,
    `**${kB(total.gzip6)}**`,
    `**${kB(total.gzip9)}**`,
    `**${kB(total.brotli11)}**`,
    `**${kB(total.wire)}**`,
  ]);
  return table(
    [
      'Script',
      'Raw',
      'gzip -6',
      'gzip -9',
      'brotli q11',
      'Server sent (Content-Encoding, body bytes)',
    ],
    rows,
    ['l', 'r', 'r', 'r', 'r', 'r'],
  );
}

/** Where a page's script bytes come from, by the built files' source maps. */
function sharesOf(page: PageScripts): PackageShare[] {
  return packageShares(page.files.map((file) => path.join(DIST_DIR, file.urlPath)));
}

function packageTable(page: PageScripts, shares: readonly PackageShare[]): string {
  if (shares.length === 0)
    return '(no source maps in dist/assets: cannot attribute bytes to packages)';
  const total = totals(page.files).gzip6;
  const rows = shares.map((share) => [
    share.name,
    kB(share.raw),
    kB(share.gzip),
    `${Math.round((100 * share.gzip) / total)} %`,
  ]);
  return table(['Package (by source map)', 'Raw', 'gzip -6 alone', 'Share of page gzip'], rows, [
    'l',
    'r',
    'r',
    'r',
  ]);
}

/** Third-party packages against the app's own code (src/ and Relay artifacts). */
function splitNote(shares: readonly PackageShare[]): string {
  const app = sum(
    shares.filter((share) => share.name.startsWith('app:')).map((share) => share.gzip),
  );
  const vendor = shares.filter(
    (share) =>
      !share.name.startsWith('app:') && share.name !== 'webpack runtime' && share.name !== 'other',
  );
  const top = vendor
    .slice(0, 4)
    .map((share) => `${share.name} ${kB(share.gzip)}`)
    .join(', ');
  return `libraries ${kB(sum(vendor.map((share) => share.gzip)))} (${top}), the app's own code ${kB(app)}`;
}

function analysis(pages: readonly PageScripts[], shares: readonly PackageShare[][]): string {
  const notes = pages.map((page, index) => {
    const total = totals(page.files);
    const largest = [...page.files].sort((a, b) => b.gzip6 - a.gzip6).slice(0, 3);
    const share = largest
      .map(
        (file) =>
          `${file.file} ${kB(file.gzip6)} (${Math.round((100 * file.gzip6) / total.gzip6)} %)`,
      )
      .join(', ');
    const over = total.gzip6 - TARGET_GZIP_BYTES;
    const verdict =
      over > 0
        ? `**over the 170 kB target by ${kB(over)}** (${Math.round((100 * over) / TARGET_GZIP_BYTES)} %)`
        : `${kB(-over)} under the 170 kB target`;
    const split = shares[index]?.length
      ? ` By source map (each part compressed alone): ${splitNote(shares[index]!)}.`
      : '';
    return `- \`${page.label}\`: ${page.files.length} scripts, ${kB(total.gzip6)} gzip -6, ${verdict}. Largest files: ${share}.${split}`;
  });
  const sent = pages[0]?.files ?? [];
  const encodings = [...new Set(sent.map((file) => file.encoding))].join(', ');
  if (encodings.includes('br')) {
    const total = totals(sent);
    notes.push(
      `- The server sends these files as the build compressed them (brotli 11 and gzip 9 twins made by compression-webpack-plugin; Content-Encoding: ${encodings}): \`${pages[0]?.label}\` cost ${kB(total.wire)} on the wire, against ${kB(total.gzip6)} at gzip -6 and ${kB(total.brotli11)} at brotli 11 computed here.`,
    );
  } else {
    notes.push(`- Content-Encoding sent by the server: ${encodings || 'none'}.`);
  }
  return notes.join('\n');
}

export async function runBundle(): Promise<Omit<SectionResult, 'durationMs'>> {
  const pages = await withSite('bundle', (site) =>
    withBrowser(async (browser) => {
      const measured: PageScripts[] = [];
      for (const page of PAGES) {
        progress('bundle', `cold load of ${page.path}`);
        measured.push({ label: page.label, files: await scriptsOf(browser, site.url + page.path) });
      }
      return measured;
    }),
  );
  const shares = pages.map(sharesOf);
  const body = [
    'Method: a fresh Playwright context (empty cache) in Debian Chromium opens the page and waits for network idle; every script response is recorded ' +
      '(the entry, the shared library chunks — react, relay, router — and the route chunks loaded on demand). Sizes are of the decoded file, compressed here with Node zlib: ' +
      "**gzip level 6** (zlib's default and what the server's `compression` middleware uses; the target is checked against it), gzip level 9 and brotli quality 11. " +
      'The last column is what the server actually sent: its `Content-Encoding` and the encoded body size Chromium received.',
    ...pages.flatMap((page, index) => [
      `### \`${page.label}\``,
      pageTable(page),
      `Where these bytes come from (each package's code compressed on its own, so the column does not add up exactly):`,
      packageTable(page, shares[index] ?? []),
    ]),
    '### Notes',
    analysis(pages, shares),
  ].join('\n\n');
  const targets = pages.flatMap((page) => {
    const total = totals(page.files);
    return [
      {
        target: `JS for \`${page.label}\` ≤ 170 kB gzip -6`,
        measured: `${kB(total.gzip6)} gzip -6 (${kB(total.brotli11)} brotli)`,
        pass: total.gzip6 <= TARGET_GZIP_BYTES,
      },
      {
        target: `JS for \`${page.label}\` ≤ 150 kB on the wire`,
        measured: kB(total.wire),
        pass: total.wire <= TARGET_WIRE_BYTES,
      },
    ];
  });
  // Each page loads its own locale's interface text and no other's (src/i18n/messages.ts).
  const catalogs = pages.map((page) => ({
    page,
    loaded: page.files
      .map((file) => /\/messages-([a-z]+)\./.exec(file.urlPath)?.[1])
      .filter((code): code is string => code !== undefined),
    wanted: page.label.startsWith('/de') ? 'de' : 'en',
  }));
  targets.push({
    target: 'each page loads its own locale’s catalog, and no other',
    measured: catalogs
      .map(({ page, loaded }) => `\`${page.label}\`: ${loaded.join(', ') || 'none'}`)
      .join('; '),
    pass: catalogs.every(({ loaded, wanted }) => loaded.length === 1 && loaded[0] === wanted),
  });
  return { id: 'bundle', title: 'JavaScript per page (cold load)', targets, body };
}
