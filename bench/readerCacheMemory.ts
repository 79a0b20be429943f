import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../harness/siteProcess';
import { progress } from './log';
import { writeResultsSection } from './resultsSection';

/**
 * Issue 36: what a server's reader cache makes of 50,000 addresses nobody
 * reads twice — half unknown paths (each a 404 page, kept like any reader's
 * page), half a real page behind a cache-busting query parameter — measured
 * as the server process's resident memory (RSS) before and after, and its
 * peak. `npx tsx bench/readerCacheMemory.ts` measures this checkout;
 * `--root DIR` another checkout of Folio (built, with node_modules), to
 * compare a change with the code before it on the same machine. Each run
 * writes its own row; the section keeps the rows of every root measured.
 */
const ADDRESSES = 50_000;
const CONCURRENCY = 4;
const ROOT = path.resolve(__dirname, '..');

interface Measured {
  root: string;
  commit: string;
  database: string;
  cacheMb: string;
  rssBeforeMb: number;
  /** The V8 heap limit the server ran with, and who set it. */
  heap: string;
  rssAfterMb: number;
  peakMb: number;
  seconds: number;
  statuses: Record<string, number>;
}

/** The resident and peak memory of a process, in MB (from /proc). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/**
 * The node process serving `port` (npm start runs node as its child; a
 * process serving alone may run again with its heap limit, its parent
 * standing in for it: server/ops/cluster.ts, runAgainWith): found by its
 * environment. `relay`: that parent, when there is one.
 */
function serverPid(port: number): { pid: number; relay: number | null; cmdline: string } {
  const found: { pid: number; relayed: boolean; cmdline: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (cmdline.includes('server/start.ts') && environ.includes(`PORT=${port}`))
        found.push({
          pid: Number(entry),
          relayed: environ.some((variable) => variable.startsWith('FOLIO_RELAYED_BY=')),
          cmdline: cmdline.split('\0').join(' '),
        });
    } catch {
      // gone, or not ours to read
    }
  }
  const server = found.find((each) => each.relayed) ?? found[0];
  if (!server) throw new Error(`no server process on port ${port}`);
  const relay = found.find((each) => each !== server);
  return { pid: server.pid, relay: relay?.pid ?? null, cmdline: server.cmdline };
}

async function measure(
  root: string,
  cacheMb: string | undefined,
  databaseUrl: string | undefined,
): Promise<Measured> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-bench-cache-'));
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      FOLIO_DATA_DIR: dataDir,
      FOLIO_LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: '1',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...(cacheMb ? { FOLIO_READER_CACHE_MB: cacheMb } : {}),
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  try {
    for (let tries = 0; ; tries += 1) {
      const ready = await fetch(`${url}/readyz`).then(
        (answer) => answer.status === 200,
        () => false,
      );
      if (ready) break;
      if (tries > 1_200) throw new Error(`the server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const { pid, relay, cmdline } = serverPid(port);
    const flag = /--max-old-space-size=\d+/;
    const ownFlag = process.env.NODE_OPTIONS?.match(flag)?.[0];
    const startFlag = cmdline.match(flag)?.[0];
    const relayMb = relay === null ? null : memoryOf(relay).rss;
    const heap = ownFlag
      ? `NODE_OPTIONS=${ownFlag}`
      : startFlag
        ? `${startFlag}, set by npm start${relayMb === null ? '' : ` (its stand-in parent: ${relayMb.toFixed(0)} MB RSS)`}`
        : 'V8 default';
    // Readers' pages first, so the server has rendered each kind once.
    for (const warm of ['/', '/topics', '/articles/reading-the-tides', '/no-such-page'])
      await (await fetch(`${url}${warm}`)).arrayBuffer();
    const before = memoryOf(pid);
    const statuses: Record<string, number> = {};
    let next = 0;
    const started = Date.now();
    const worker = async () => {
      for (;;) {
        const n = next++;
        if (n >= ADDRESSES) return;
        const address = n % 2 === 0 ? `/gone-${n}` : `/topics?utm_content=${n}`;
        const answer = await fetch(`${url}${address}`, {
          headers: { 'Accept-Encoding': 'gzip, deflate, br' },
        });
        await answer.arrayBuffer();
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        if (n % 5_000 === 0) progress('reader cache memory', `${n} of ${ADDRESSES}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const after = memoryOf(pid);
    const commit = await new Promise<string>((resolve) => {
      const git = spawn('git', ['rev-parse', '--short', 'HEAD'], { cwd: root });
      let text = '';
      git.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      git.on('close', () => resolve(text.trim()));
    });
    return {
      root: root === ROOT ? 'this checkout' : root,
      commit,
      database: databaseUrl ? 'PostgreSQL' : 'PGlite',
      cacheMb: cacheMb ?? 'default',
      rssBeforeMb: before.rss,
      heap,
      rssAfterMb: after.rss,
      peakMb: after.peak,
      seconds: (Date.now() - started) / 1000,
      statuses,
    };
  } finally {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const ROWS_MARK = '<!-- reader cache rows -->';

async function main() {
  const rootAt = process.argv.indexOf('--root');
  const root = rootAt === -1 ? ROOT : path.resolve(process.argv[rootAt + 1]!);
  const cacheAt = process.argv.indexOf('--cache-mb');
  const cacheMb = cacheAt === -1 ? undefined : process.argv[cacheAt + 1];
  const databaseAt = process.argv.indexOf('--database-url');
  const databaseUrl = databaseAt === -1 ? undefined : process.argv[databaseAt + 1];
  const result = await measure(root, cacheMb, databaseUrl);
  const row = `| ${result.commit} (${result.root}) | ${result.database} | ${result.heap} | ${result.cacheMb} | ${result.rssBeforeMb.toFixed(0)} MB | ${result.rssAfterMb.toFixed(0)} MB | ${result.peakMb.toFixed(0)} MB | ${result.seconds.toFixed(0)} s | ${Object.entries(
    result.statuses,
  )
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ')} |`;
  console.log(row);
  const file = readFileSync(path.join(__dirname, 'RESULTS.md'), 'utf8');
  const kept = file.includes(ROWS_MARK)
    ? file
        .slice(
          file.indexOf(ROWS_MARK) + ROWS_MARK.length,
          file.indexOf('<!-- readerCacheMemory:end -->'),
        )
        .split('\n')
        .filter(
          (line) =>
            line.startsWith('| ') && !line.startsWith('| commit') && !line.startsWith('| ---'),
        )
    : [];
  const rows = kept.filter(
    (line) =>
      !line.startsWith(
        `| ${result.commit} (${result.root}) | ${result.database} | ${result.cacheMb} |`,
      ),
  );
  rows.push(row);
  writeResultsSection('readerCacheMemory', {
    title: 'Reader cache memory: 50,000 addresses nobody reads twice (issue 36)',
    body: [
      `Reproduce: \`npx tsx bench/readerCacheMemory.ts\` (this checkout) or \`--root DIR\` (another checkout, built, to compare), \`--cache-mb N\` for \`FOLIO_READER_CACHE_MB\`, \`--database-url URL\` for an empty PostgreSQL database (the server's own memory, without PGlite's); \`NODE_OPTIONS=--max-old-space-size=N\` passes on to the server. One production server (one process) over PGlite in a fresh data folder, or over that database; after four warm-up pages, ${ADDRESSES.toLocaleString('en')} GETs, ${CONCURRENCY} at a time, half of unknown paths (\`/gone-<n>\`, each a kept 404 page) and half of \`/topics?utm_content=<n>\` (a real page behind a made-up parameter); RSS of the server process (\`/proc/<pid>/status\`) before and after, and its peak (VmHWM).`,
      '',
      ROWS_MARK,
      `| commit (root) | database | V8 heap | FOLIO_READER_CACHE_MB | RSS before | RSS after | peak | time | answers |`,
      `| --- | --- | --- | --- | ---: | ---: | ---: | ---: | --- |`,
      ...rows,
      '',
      "What the rows say (measured 2026-11-28 on the 2-core machine, while other work ran): the cache keeps within its bound whatever is asked (`__tests__/server/readerCacheBound.test.ts`; counted 12,101 bytes an entry against 12,113 held after a full collection), but without a heap limit V8 lets its heap grow lazily long before it collects, so the process is far larger than what it holds (622 MB after the run over PostgreSQL, where an in-process probe of 8,000 such requests, before each entry's heap was counted as measured, held about 100 MB of heap and buffers after a full collection). With the heap sized to the work (`NODE_OPTIONS=--max-old-space-size=160` for the default 64 MB cache) the same 50,000 addresses end at 298 MB (peak 325), from 179 MB: the bound plus about 55 MB of the collector's room. docs/operations.md#memory turns this into sizing advice. With no NODE_OPTIONS at all, `npm start`'s own limit (FOLIO_READER_CACHE_MB + HEAP_MARGIN_MB = 64 + 96 MB, settings/memorySettings.ts) ends the same run at 280 MB (peak 324 MB), from 177 MB: under the 64 MB bound plus a measured margin of about 150 MB over the resident size at start; the process that stands in for it held 137 MB more.",
    ].join('\n'),
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
