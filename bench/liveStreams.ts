import { readFileSync, rmSync } from 'node:fs';
import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import path from 'node:path';
import ArticleLiveSubscription from '@generated/ArticleLiveSubscription.graphql';
import { announceContentChange } from '../api/changes/contentChange';
import { inTransaction, openDatabase, type Database } from '../api/db/database';
import { LIVE_STREAMS_PER_ADDRESS } from '../api/live/liveLimits';
import { freePort, startSiteProcess, type SiteProcess } from '../harness/siteProcess';
import { GRAPHQL_STREAM_PATH } from '../shared/sitePaths';
import { progress } from './log';
import { postgresServer } from './postgresServer';
import { printReport, table, verdict } from './report';
import { writeResultsSection } from './resultsSection';
import { fixed, int, percentile } from './stats';

/**
 * Live updates at scale (issue 40, docs/http-and-cache.md#live-updates): one
 * production server (`npm start`) over PostgreSQL, first as one process, then
 * as two workers; 10,000 readers of one article hold a stream each (from many
 * loopback addresses, LIVE_STREAMS_PER_ADDRESS apiece, as readers behind
 * their own addresses would); one change to the article is published; and
 * each reader's arrival time of the corrected update is taken.
 *
 * - memory: the server's RSS (its processes', /proc) before and after the
 *   streams opened, per stream;
 * - delivery: from the change's commit to 95 % and 100 % of the readers
 *   holding the update;
 * - event-loop lag: `nodejs_eventloop_lag_max_seconds` from the metrics port
 *   over the broadcast (prom-client resets it at each scrape);
 * - a restart: with two workers, one worker dies (SIGKILL; the primary
 *   starts another) under the streams; its readers reconnect with
 *   Last-Event-ID as a browser does, a change is published while they are
 *   away, and every reader is counted holding it or not.
 *
 *   npx tsx bench/liveStreams.ts [--streams N]   (writes its section of bench/RESULTS.md)
 */
const STREAMS = Number(process.argv[process.argv.indexOf('--streams') + 1]) || 10_000;
const SLUG = 'reading-the-tides';
const TARGET_95_MS = 1_000;
const TARGET_LAG_MS = 50;
const GIVE_UP_MS = 60_000;

interface Reader {
  /** The update ids received, in order. */
  ids: string[];
  /** When the update with the wanted title arrived (ms since the epoch). */
  arrived: number | null;
  request: ClientRequest | null;
  lastId: string | null;
  reconnects: number;
}

/** The loopback address of the n-th reader: LIVE_STREAMS_PER_ADDRESS readers per address, as behind their own. */
const addressOf = (n: number) => {
  const host = Math.floor(n / LIVE_STREAMS_PER_ADDRESS) + 2;
  return `127.0.${Math.floor(host / 250) + 1}.${(host % 250) + 1}`;
};

/** Opens one reader's stream; it reconnects after a server's end, with Last-Event-ID, as EventSource does. */
function follow(url: string, reader: Reader, n: number, wanted: () => string, onOpen: () => void) {
  const open = () => {
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (reader.lastId) headers['last-event-id'] = reader.lastId;
    const sent = request(url, { headers, localAddress: addressOf(n), agent: false });
    reader.request = sent;
    let answered = false;
    sent.on('response', (response: IncomingMessage) => {
      answered = true;
      if (response.statusCode !== 200) {
        response.resume();
        setTimeout(open, 1_000 + Math.random() * 1_000);
        return;
      }
      onOpen();
      let buffered = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffered += chunk;
        let at: number;
        while ((at = buffered.indexOf('\n\n')) !== -1) {
          const block = buffered.slice(0, at);
          buffered = buffered.slice(at + 2);
          const id = /^id: (.*)$/m.exec(block)?.[1];
          if (!id) continue;
          reader.ids.push(id);
          reader.lastId = id;
          if (reader.arrived === null && block.includes(wanted())) reader.arrived = Date.now();
        }
      });
      // The stream ended (a drain's retry hint, or its worker gone): back a moment later.
      response.on('close', () => {
        reader.reconnects += 1;
        setTimeout(open, 1_000 + Math.random() * 4_000);
      });
    });
    // No answer at all (a connection refused or cut before it): tried again too.
    sent.on('error', () => {
      if (!answered) setTimeout(open, 1_000 + Math.random() * 1_000);
    });
    sent.end();
  };
  open();
}

/** Retitles the article and announces it; returns when the transaction began (its commit follows within milliseconds). */
async function retitle(db: Database, title: string): Promise<number> {
  const began = Date.now();
  await inTransaction(db, async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      "UPDATE articles SET title = $1, updated_at = now() WHERE slug = $2 AND locale = 'en' RETURNING id",
      [title, SLUG],
    );
    await announceContentChange(tx, {
      source: 'embedded',
      cause: 'publish',
      records: [{ type: 'Article', id: String(rows[0]!.id) }],
      listsChanged: false,
    });
  });
  return began;
}

/** The resident memory of a process and its children (the cluster's workers), in bytes. */
function rssOf(pid: number): number {
  const own =
    Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  return own + childrenOf(pid).reduce((total, child) => total + rssOf(child), 0);
}

async function lagMaxMs(metricsPort: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const values = [...text.matchAll(/^nodejs_eventloop_lag_max_seconds(?:\{[^}]*\})? (\S+)$/gm)].map(
    (match) => Number(match[1]),
  );
  return Math.max(0, ...values) * 1000;
}

async function until(check: () => boolean, what: string, limitMs = GIVE_UP_MS) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > limitMs) throw new Error(`${what}: not after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface Run {
  label: string;
  rssPerStreamKb: number;
  p95Ms: number;
  p100Ms: number;
  lagMs: number;
  restart?: { reconnected: number; holding: number; readers: number };
}

async function measure(label: string, databaseUrl: string, workers: number): Promise<Run> {
  const metricsPort = await freePort();
  const site: SiteProcess = await startSiteProcess({
    env: {
      DATABASE_URL: databaseUrl,
      WEB_CONCURRENCY: String(workers),
      FOLIO_METRICS_PORT: String(metricsPort),
    },
  });
  const db = await openDatabase({ databaseUrl });
  try {
    await retitle(db, 'Reading the tides');
    const before = rssOf(site.pid);
    const url = `${site.url}${GRAPHQL_STREAM_PATH}?${new URLSearchParams({
      doc_id: ArticleLiveSubscription.params.id!,
      variables: JSON.stringify({ slug: SLUG, locale: 'en' }),
    })}`;
    let title = 'Reading the tides';
    const readers: Reader[] = [];
    let opened = 0;
    progress('live-streams', `${label}: opening ${STREAMS} streams`);
    for (let n = 0; n < STREAMS; n += 1) {
      const reader: Reader = { ids: [], arrived: null, request: null, lastId: null, reconnects: 0 };
      readers.push(reader);
      follow(
        url,
        reader,
        n,
        () => title,
        () => (opened += 1),
      );
      if (n % 200 === 199) await until(() => opened >= n + 1 - 100, 'streams opening');
    }
    await until(() => readers.every((reader) => reader.ids.length > 0), 'every first update');
    const after = rssOf(site.pid);
    await lagMaxMs(metricsPort);
    title = `Reading the tides, live ${Date.now()}`;
    readers.forEach((reader) => (reader.arrived = null));
    progress('live-streams', `${label}: one change to ${STREAMS} readers`);
    const committed = await retitle(db, title);
    await until(
      () => readers.every((reader) => reader.arrived !== null),
      'every reader has the change',
    );
    const lagMs = await lagMaxMs(metricsPort);
    const delays = readers.map((reader) => reader.arrived! - committed);
    const run: Run = {
      label,
      rssPerStreamKb: (after - before) / STREAMS / 1024,
      p95Ms: percentile(delays, 95),
      p100Ms: Math.max(...delays),
      lagMs,
    };
    if (workers > 1) run.restart = await restartUnder(site, db, readers, (next) => (title = next));
    readers.forEach((reader) => reader.request?.destroy());
    return run;
  } finally {
    await db.close();
    await site.stop();
  }
}

/** One worker stopped under the streams, a change published while its readers come back: who holds it. */
async function restartUnder(
  site: SiteProcess,
  db: Database,
  readers: Reader[],
  retitled: (title: string) => void,
) {
  const workers = leafPids(site.pid);
  progress(
    'live-streams',
    `killing worker ${workers[0]} under the streams (the primary starts another)`,
  );
  const reconnectsBefore = readers.reduce((total, reader) => total + reader.reconnects, 0);
  process.kill(workers[0]!, 'SIGKILL');
  // The change while the dead worker's readers are away or coming back.
  const away = () =>
    readers.reduce((total, reader) => total + reader.reconnects, 0) > reconnectsBefore;
  await until(away, "the dead worker's readers noticing");
  const title = `Reading the tides, during a restart ${Date.now()}`;
  retitled(title);
  readers.forEach((reader) => (reader.arrived = null));
  await retitle(db, title);
  await until(
    () => readers.every((reader) => reader.arrived !== null),
    'every reader after the restart',
    120_000,
  ).catch(() => undefined);
  return {
    reconnected: readers.reduce((total, reader) => total + reader.reconnects, 0) - reconnectsBefore,
    holding: readers.filter((reader) => reader.arrived !== null).length,
    readers: readers.length,
  };
}

const childrenOf = (pid: number): number[] => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
};

/** The Folio processes below npm's that start none themselves: a cluster's workers (not tsx's esbuild service). */
function leafPids(pid: number): number[] {
  const folio = (child: number) => {
    try {
      const command = readFileSync(`/proc/${child}/cmdline`, 'utf8');
      return !command.includes('esbuild');
    } catch {
      return false;
    }
  };
  return childrenOf(pid)
    .filter(folio)
    .flatMap((child) => {
      const below = leafPids(child);
      return below.length > 0 ? below : [child];
    });
}

async function main() {
  const pgDir = path.join('/tmp', `folio-bench-live-${process.pid}`);
  const pg = postgresServer('live-streams', { port: await freePort(), dir: pgDir });
  try {
    const runs = [await measure('one process', pg.url, 1), await measure('two workers', pg.url, 2)];
    const rows = runs.map((run) => [
      run.label,
      `${fixed(run.rssPerStreamKb)} kB`,
      `${int(run.p95Ms)} ms`,
      `${int(run.p100Ms)} ms`,
      `${int(run.lagMs)} ms`,
      run.restart
        ? `${run.restart.holding} of ${run.restart.readers} hold the change (${run.restart.reconnected} reconnections)`
        : '—',
    ]);
    const body = [
      `Measured ${new Date().toISOString().slice(0, 10)} on this 2-core machine: ${STREAMS} streams of one article, one change (\`npx tsx bench/liveStreams.ts\`).`,
      '',
      table(
        [
          'server',
          'memory per stream',
          '95 % have it',
          '100 % have it',
          'event-loop lag (max)',
          'a worker killed under the streams',
        ],
        rows,
      ),
      '',
      `Targets: 95 % within ${TARGET_95_MS} ms: ${runs.map((run) => verdict(run.p95Ms < TARGET_95_MS)).join(', ')}; lag under ${TARGET_LAG_MS} ms: ${runs.map((run) => verdict(run.lagMs < TARGET_LAG_MS)).join(', ')}; no reader loses the change across a restart: ${verdict(runs.every((run) => !run.restart || run.restart.holding === run.restart.readers))}.`,
    ].join('\n');
    writeResultsSection('live-streams', { title: 'Live updates: 10,000 streams', body });
    return body;
  } finally {
    pg.stop();
    rmSync(pgDir, { recursive: true, force: true });
  }
}

printReport(main());
