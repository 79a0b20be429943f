import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import pino from 'pino';
import { createStrapiSource } from '../api/sources/strapi/strapiSource';
import { dataFile } from '../cms/strapi/lib/folio.js';
import { serviceProcess, STRAPI_READY_MS, variablesOf } from '../harness/contentSources';
import { freePort } from '../harness/siteProcess';
import { openSite } from '../harness/siteServer';
import { readSourceSettings } from '../settings/sourceSettings';
import { progress } from './log';
import { printReport, table, verdict } from './report';
import { int, percentile } from './stats';

/**
 * A CMS edit, from the writer's save to a fresh page (issue 27), split into
 * the CMS's part and Folio's. The repo's local Strapi (the one
 * `scripts/ci-strapi.sh` started, `FOLIO_TEST_STRAPI`, or one started here)
 * and Folio in this process on the port Strapi's webhook calls, its reader
 * cache keeping the page far longer than the run. Each trial retitles one
 * article through Strapi's REST API with `status=published` (what the
 * admin's Publish does), then asks Folio's page every 10 ms until it shows
 * the new title. Timestamps:
 *
 * - save: Strapi answers the PUT (its own write);
 * - webhook: Folio receives Strapi's `POST /hooks/content` (from the request log's line: its time less its duration);
 * - resolved: Folio has read what changed from Strapi and dropped what showed it (`changes.onDropped`);
 * - fresh: the page shows the new title.
 *
 * Strapi's part is from the PUT to the webhook's arrival; Folio's from the
 * webhook's arrival to the fresh page.
 *
 *   npx tsx bench/cmsEdits.ts    (prints a Markdown table)
 */
const TRIALS = 20;
const SLUG = 'why-onions-make-you-cry';
const FOLIO_TARGET_MS = 200;
const POLL_MS = 10;
const GIVE_UP_MS = 20_000;

interface Trial {
  save: number;
  webhook: number;
  resolved: number;
  fresh: number;
}

async function strapiUnderBench() {
  const running = process.env.FOLIO_TEST_STRAPI;
  const webhookPort = Number(process.env.FOLIO_TEST_STRAPI_WEBHOOK_PORT);
  if (running && webhookPort)
    return { variables: variablesOf(running), webhookPort, stop: () => Promise.resolve() };
  const port = await freePort();
  progress('cms-edits', 'starting the local Strapi (npm run cms:strapi)');
  const service = await serviceProcess('npm', ['run', '--silent', 'cms:strapi'], {
    readyTimeoutMs: STRAPI_READY_MS,
    env: { ...process.env, FOLIO_WEBHOOK_URL: `http://127.0.0.1:${port}/hooks/content` },
  });
  return { variables: service.env, webhookPort: port, stop: service.stop };
}

export async function measureCmsEdits(): Promise<string> {
  const strapiProcess = await strapiUnderBench();
  const settings = readSourceSettings(strapiProcess.variables);
  if (settings.kind !== 'strapi') throw new Error('the variables name another source');
  const importToken = readFileSync(dataFile('import-token'), 'utf8').trim();
  const strapi = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(`${settings.url}${url}`, {
      method,
      headers: { Authorization: `Bearer ${importToken}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`Strapi answered ${response.status} to ${method} ${url}`);
    return (await response.json()) as { data: unknown };
  };
  // The webhook's arrival, read from Folio's own request log.
  const webhookArrivals: number[] = [];
  const logLines = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n')) {
        if (!text.includes('/hooks/content')) continue;
        const line = JSON.parse(text) as { time: number; ms?: number; path?: string };
        if (line.path === '/hooks/content') webhookArrivals.push(line.time - (line.ms ?? 0));
      }
      done();
    },
  });
  const drops: number[] = [];
  const site = await openSite({
    port: strapiProcess.webhookPort,
    mode: 'production',
    dataDir: 'memory://',
    serveClient: true,
    searchRefreshMs: 0,
    readerCacheTtlMs: 60 * 60_000,
    logger: pino({ level: 'info' }, logLines),
    webhookSecret: strapiProcess.variables.FOLIO_WEBHOOK_SECRET,
    changes: { onDropped: () => drops.push(Date.now()) },
    contentSource: (db) => createStrapiSource(settings, db, () => undefined),
  });
  const found = (
    await strapi('GET', `/api/articles?filters[slug][$eq]=${SLUG}&fields[0]=title&status=published`)
  ).data as { documentId: string; title: string }[];
  const { documentId, title } = found[0]!;
  const retitle = (to: string) =>
    strapi('PUT', `/api/articles/${documentId}?status=published`, { data: { title: to } });
  const page = async () => (await fetch(`${site.url}/articles/${SLUG}`)).text();
  const trials: Trial[] = [];
  try {
    await page();
    for (let trial = 1; trial <= TRIALS; trial += 1) {
      const next = `${title} (edit ${trial} ${Date.now().toString(36)})`;
      webhookArrivals.length = 0;
      drops.length = 0;
      const started = Date.now();
      await retitle(next);
      const saved = Date.now();
      let fresh = 0;
      while (Date.now() - started < GIVE_UP_MS) {
        if ((await page()).includes(next)) {
          fresh = Date.now();
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      if (!fresh) throw new Error(`trial ${trial}: the page never showed the new title`);
      // The log line of the webhook is written when its answer ends: give it a moment.
      await new Promise((resolve) => setTimeout(resolve, 150));
      const webhook = webhookArrivals[0] ?? Number.NaN;
      const resolved = drops[0] ?? Number.NaN;
      trials.push({
        save: saved - started,
        webhook: webhook - started,
        resolved: resolved - started,
        fresh: fresh - started,
      });
      progress(
        'cms-edits',
        `trial ${trial}: saved ${saved - started} ms, webhooks ${webhookArrivals.map((at) => Math.round(at - started)).join(', ')} ms, drops ${drops.map((at) => at - started).join(', ')} ms, fresh ${fresh - started} ms`,
      );
      // Strapi sends its webhooks a moment apart: one edit at a time.
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await retitle(title).catch(() => undefined);
    await site.close();
    await strapiProcess.stop();
  }
  const stat = (values: number[]) =>
    `${int(percentile(values, 50))} / ${int(percentile(values, 95))} ms`;
  const strapiPart = trials.map((trial) => trial.webhook);
  const folioPart = trials.map((trial) => trial.fresh - trial.webhook);
  const folioP95 = percentile(folioPart, 95);
  return [
    table(
      ['Stage (from the PUT to Strapi)', 'p50 / p95'],
      [
        ['Strapi saved (its answer to the PUT)', stat(trials.map((trial) => trial.save))],
        ["Strapi's webhook reached Folio", stat(strapiPart)],
        [
          'Folio resolved the change and dropped the page',
          stat(trials.map((trial) => trial.resolved)),
        ],
        ['the page showed the new title', stat(trials.map((trial) => trial.fresh))],
        ["**Strapi's part** (PUT to webhook)", stat(strapiPart)],
        ["**Folio's part** (webhook to fresh page)", stat(folioPart)],
        [
          '… of which resolving (webhook to drop)',
          stat(trials.map((trial) => trial.resolved - trial.webhook)),
        ],
      ],
      ['l', 'r'],
    ),
    '',
    `${verdict(folioP95 < FOLIO_TARGET_MS)} Folio's part < ${FOLIO_TARGET_MS} ms at p95: ${int(folioP95)} ms (${TRIALS} edits).`,
  ].join('\n');
}

if (require.main === module) printReport(measureCmsEdits());
