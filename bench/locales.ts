import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../api/db/database';
import { publishContent } from '../api/publishing/publishContent';
import { ContentFolderCopy } from '../harness/contentFolderCopy';
import { createFreshDatabase } from '../harness/freshDatabase';
import { freePort, startSiteProcess, type SiteProcess } from '../harness/siteProcess';
import { isVarnishHit, startVarnish, type RunningVarnish } from '../harness/varnishProcess';
import { progress } from './log';
import { writeResultsSection } from './resultsSection';
import { postgresServer } from './postgresServer';
import { listenerPid, serverCpuSeconds, CPU_SOURCE } from './processCpu';
import { codeBlock, table, verdict, type SectionResult, type TargetCheck } from './report';
import { withSite } from './site';
import { fixed, int, median } from './stats';

/**
 * Folio in two languages (issue 28), measured from outside:
 *
 * 1. **Caches per locale.** Folio (`npm start` over PostgreSQL) with Varnish
 *    in front; every English and German page below is kept by both. Then
 *    `publishContent` (what `npm run content` runs) publishes an edit of one
 *    German translation, and the bench asks each page again: German pages
 *    and lists must answer the new text or be rendered afresh, English ones
 *    must still be hits, but for the original of the edited translation,
 *    whose language switcher names it.
 * 2. **Uncached render CPU, German against English**, for the same pages in
 *    both languages: at most 1.1× (issue 28's target).
 *
 * `npx tsx bench/locales.ts` runs it alone and writes its section of
 * bench/RESULTS.md (between the locales markers). Needs Debian's PostgreSQL
 * and Varnish (scripts/ci-postgres.sh, scripts/ci-varnish.sh).
 */
const TRIALS = 5;
const RENDERS = 40;
const WARM_RENDERS = 8;
const TRANSLATION_FILE = 'articles/reading-the-tides.de.md';
const TRANSLATION_TITLE = 'Die Gezeiten lesen';

/** What a reader of each language asks for; `edited` marks the pages that show the edited translation or name it. */
const PAGES: { path: string; locale: 'en' | 'de'; edited: boolean }[] = [
  { path: '/articles/reading-the-tides', locale: 'en', edited: true },
  { path: '/articles', locale: 'en', edited: false },
  { path: '/', locale: 'en', edited: false },
  { path: '/topics/nature', locale: 'en', edited: false },
  { path: '/search?q=tides', locale: 'en', edited: false },
  { path: '/articles/why-the-sky-is-blue', locale: 'en', edited: false },
  { path: '/de/articles/die-gezeiten-lesen', locale: 'de', edited: true },
  { path: '/de/articles', locale: 'de', edited: true },
  { path: '/de/topics/natur', locale: 'de', edited: true },
];

/** The same page in both languages, for the render CPU. */
const RENDER_PAIRS = [
  { label: 'home', en: '/', de: '/de' },
  { label: 'article', en: '/articles/reading-the-tides', de: '/de/articles/die-gezeiten-lesen' },
  { label: 'topic', en: '/topics/nature', de: '/de/topics/natur' },
  { label: 'article index', en: '/articles', de: '/de/articles' },
];

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

function get(url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { agent: false, headers: { Connection: 'close' } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body, headers: response.headers }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

const folioHit = (answer: Answer) => answer.headers.age !== undefined;

interface PageAfter {
  path: string;
  locale: 'en' | 'de';
  edited: boolean;
  folioHit: boolean;
  varnishHit: boolean;
}

interface CacheTrial {
  /** From the publish's return to the German article answering the new title through Varnish. */
  freshMs: number;
  pages: PageAfter[];
}

async function cachesPerLocale(): Promise<CacheTrial[]> {
  const postgres = postgresServer('locales', {
    port: Number(process.env.FOLIO_BENCH_LOCALES_PG_PORT ?? 55449),
    dir: process.env.FOLIO_BENCH_LOCALES_PG_DIR ?? '/tmp/folio-bench-locales',
  });
  const database = await createFreshDatabase(postgres.url, 'locales');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-locales-'));
  const folder = new ContentFolderCopy();
  const varnishPort = await freePort();
  let site: SiteProcess | null = null;
  let varnish: RunningVarnish | null = null;
  const trials: CacheTrial[] = [];
  try {
    site = await startSiteProcess({
      env: {
        DATABASE_URL: database.url,
        FOLIO_DATA_DIR: dataDir,
        FOLIO_CDN_PURGE_URL: `http://127.0.0.1:${varnishPort}/`,
        FOLIO_UPSTREAM_GRAPHQL_URL: '',
      },
    });
    varnish = await startVarnish({
      backendPort: Number(new URL(site.url).port),
      port: varnishPort,
    });
    const db = await openDatabase({ databaseUrl: database.url });
    try {
      for (let trial = 1; trial <= TRIALS; trial += 1) {
        for (const page of PAGES)
          for (let i = 0; i < 2; i += 1) {
            await get(site.url + page.path);
            await get(varnish.url + page.path);
          }
        const title = `${TRANSLATION_TITLE}, Ausgabe ${trial}`;
        folder.edit(TRANSLATION_FILE, /^title: .*$/m, `title: ${title}`);
        await publishContent(db, { dir: folder.dir });
        const published = Date.now();
        const germanArticle = `${varnish.url}/de/articles/die-gezeiten-lesen`;
        for (;;) {
          if ((await get(germanArticle)).body.includes(title)) break;
          if (Date.now() - published > 10_000)
            throw new Error('the German article did not answer its new title within 10 s');
        }
        const freshMs = Date.now() - published;
        // Past the purger's repeated purge (1 s): what is still kept then is kept for good.
        await new Promise((resolve) => setTimeout(resolve, 1_200));
        const pages: PageAfter[] = [];
        for (const page of PAGES) {
          const [folio, cdn] = [
            await get(site.url + page.path),
            await get(varnish.url + page.path),
          ];
          pages.push({
            ...page,
            folioHit: folioHit(folio),
            varnishHit: isVarnishHit(cdn.headers['x-varnish']),
          });
        }
        trials.push({ freshMs, pages });
        progress(
          'locales',
          `trial ${trial}: German article fresh through Varnish ${freshMs} ms after the publish; kept: ${pages
            .filter((page) => page.folioHit && page.varnishHit)
            .map((page) => page.path)
            .join(', ')}`,
        );
      }
    } finally {
      await db.close();
    }
  } finally {
    await varnish?.stop();
    await site?.stop();
    folder.dispose();
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop().catch(() => undefined);
    postgres.stop();
  }
  return trials;
}

interface RenderPair {
  label: string;
  en: string;
  de: string;
  enCpuMs: number;
  deCpuMs: number;
}

/** Server CPU per uncached render, English and German batches interleaved so both see the same machine. */
async function renderCpu(): Promise<RenderPair[]> {
  return withSite('locales', async (site) => {
    const pid = listenerPid(Number(new URL(site.url).port));
    if (pid === null) throw new Error('the server process was not found');
    const withParam = (pathname: string, n: number) =>
      `${pathname}${pathname.includes('?') ? '&' : '?'}bench=${n}`;
    for (const pair of RENDER_PAIRS)
      for (let i = 0; i < WARM_RENDERS; i += 1) {
        await get(site.url + withParam(pair.en, -1 - i));
        await get(site.url + withParam(pair.de, -1 - i));
      }
    const batch = async (pathname: string, from: number) => {
      const before = serverCpuSeconds(pid)!;
      for (let i = 0; i < RENDERS / 4; i += 1) {
        const answer = await get(site.url + withParam(pathname, from + i));
        if (answer.status !== 200) throw new Error(`${pathname} answered ${answer.status}`);
      }
      return (serverCpuSeconds(pid)! - before) * 1000;
    };
    const pairs: RenderPair[] = [];
    for (const pair of RENDER_PAIRS) {
      let en = 0;
      let de = 0;
      for (let round = 0; round < 4; round += 1) {
        en += await batch(pair.en, round * 1000);
        de += await batch(pair.de, round * 1000);
      }
      pairs.push({ ...pair, enCpuMs: en / RENDERS, deCpuMs: de / RENDERS });
      progress(
        'locales',
        `uncached render ${pair.label}: English ${fixed(en / RENDERS, 2)} ms CPU, German ${fixed(de / RENDERS, 2)} ms`,
      );
    }
    return pairs;
  });
}

type LocalesResult = Omit<SectionResult, 'durationMs'>;

export async function runLocales(): Promise<LocalesResult> {
  const trials = await cachesPerLocale();
  const renders = await renderCpu();
  return report(trials, renders);
}

function report(trials: CacheTrial[], renders: RenderPair[]): LocalesResult {
  const keptAsExpected = (page: PageAfter) =>
    page.edited ? !page.folioHit && !page.varnishHit : page.folioHit && page.varnishHit;
  const good = trials.filter((trial) => trial.pages.every(keptAsExpected)).length;
  const worstRatio = Math.max(...renders.map((pair) => pair.deCpuMs / pair.enCpuMs));
  const targets: TargetCheck[] = [
    {
      target:
        'after a German publish, German pages are rendered afresh and English ones stay hits (Folio and Varnish)',
      measured: `${good} of ${trials.length} trials`,
      pass: good === trials.length,
    },
    {
      target: 'an uncached German page costs at most 1.1× the English one’s server CPU',
      measured: `${fixed(worstRatio, 2)}× at worst`,
      pass: worstRatio <= 1.1,
    },
  ];
  const pages = trials[0]?.pages ?? [];
  const body = [
    `Targets: ${targets.map((check) => `${check.target} — ${check.measured} ${verdict(check.pass)}`).join('; ')}.`,
    '',
    table(
      [
        'page',
        'language',
        'shows or names the edit',
        'Folio: kept after the publish',
        'Varnish: kept',
      ],
      pages.map((page, index) => [
        `\`${page.path}\``,
        page.locale,
        page.edited ? 'yes' : 'no',
        `${trials.filter((trial) => trial.pages[index]!.folioHit).length} of ${trials.length}`,
        `${trials.filter((trial) => trial.pages[index]!.varnishHit).length} of ${trials.length}`,
      ]),
      ['l', 'l', 'l', 'r', 'r'],
    ),
    '',
    `The German article answered its new title through Varnish ${int(median(trials.map((trial) => trial.freshMs)))} ms (median of ${trials.length}) after \`publishContent\` returned.`,
    '',
    table(
      ['page', 'English', 'German', 'English CPU ms', 'German CPU ms', 'German ÷ English'],
      renders.map((pair) => [
        pair.label,
        `\`${pair.en}\``,
        `\`${pair.de}\``,
        fixed(pair.enCpuMs, 2),
        fixed(pair.deCpuMs, 2),
        `${fixed(pair.deCpuMs / pair.enCpuMs, 2)}×`,
      ]),
      ['l', 'l', 'l', 'r', 'r', 'r'],
    ),
    '',
    `Method. Caches: \`npm start\` over a fresh database on Debian's PostgreSQL 15 (seeded from content/, both languages), Varnish 7.1 + xkey with the committed \`cdn/varnish/folio.vcl\` in front, \`FOLIO_CDN_PURGE_URL\` set to it. Each of ${TRIALS} trials asks every page above twice of Folio and of Varnish, then publishes an edit of \`content/${TRANSLATION_FILE}\`'s title from a copy of content/ with \`publishContent\` (what \`npm run content\` runs), waits until the German article answers it through Varnish and 1.2 s more (the purger's repeated purge), and asks each page once more: a Folio hit carries \`Age\`, a Varnish hit two ids in \`X-Varnish\`. "Shows or names the edit": the German pages show the translation or lists it is in; the English original's page names it in its language switcher and \`hreflang\`. ` +
      `Render CPU: \`npm start\` on PGlite, each page rendered ${WARM_RENDERS} times first, then ${RENDERS} renders per page and language in four interleaved batches (English, German, English, …), each request with a new \`bench=<n>\` parameter so the reader cache never answers (the page's GraphQL answer is kept by the API, as for readers); server process CPU (${CPU_SOURCE}) over the batches ÷ renders.`,
    '',
    codeBlock(
      'npx tsx bench/locales.ts    # needs scripts/ci-postgres.sh and scripts/ci-varnish.sh',
      'sh',
    ),
  ].join('\n');
  return { id: 'locales', title: 'Two languages: caches per locale, render cost', targets, body };
}

if (require.main === module) {
  runLocales().then(
    (result) => {
      writeResultsSection('locales', result);
      for (const check of result.targets)
        progress('locales', `${check.pass ? 'PASS' : 'MISS'} ${check.target}: ${check.measured}`);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
