import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readTracingSettings } from '../settings/tracingSettings';
import { progress } from './log';
import { CPU_SOURCE, serverCpuSeconds } from './processCpu';
import { codeBlock, table, verdict, type SectionResult, type TargetCheck } from './report';
import { writeResultsSection } from './resultsSection';
import { fixed, int, median } from './stats';

/**
 * Issue 37's cost of traces: server CPU per uncached render with the
 * tracing SDK on (every span exported to a local OTLP/HTTP receiver) and
 * off, in batches interleaved (off, on; on, off; …) in ONE server process,
 * so that both see the same machine, the same heap and the same compiled
 * code (two processes side by side differed by up to 13 % with the same
 * settings on this shared machine: more than what is measured).
 *
 * The server is `startServer` (what `npm start` runs) in a process of its
 * own, PGlite seeded from content/, the built renderer, its request log at
 * info as in production, and the SDK started first, as server/start.ts does
 * when `OTEL_EXPORTER_OTLP_ENDPOINT` is set. Between batches the bench turns
 * tracing off (Folio's switch, api/observability/tracing.ts, and the
 * AsyncLocalStorage context manager unregistered: the code path of a server
 * without the SDK) or on again. Each batch ends by sending every span it
 * made (the batch processor's flush) and a minor garbage collection, so a
 * batch pays for its own export and garbage; CPU is the server process's,
 * every thread, from /proc.
 *
 * Two kinds of uncached render:
 *
 * - **nothing kept**: the server keeps no answer (`readerCacheTtlMs: 0`), so
 *   every request renders the page and runs its query: every source read
 *   and database statement, each a span;
 * - **query answer kept**: the reader cache misses (a new `bench=<n>` query
 *   parameter each time) while the API's response cache answers the page's
 *   query, as `throughput` and `locales` measure renders: the render's span
 *   (and the request's) alone.
 *
 * `npx tsx bench/tracingCost.ts` runs it alone and writes its section of
 * bench/RESULTS.md; `npm run bench -- --only tracing` writes RESULTS.partial.md.
 */
const TARGET_RATIO = 1.1;
/** Many short rounds: other work on the machine comes in bursts, and the median round ratio passes over them. */
const ROUNDS = 40;
const RENDERS_PER_BATCH = 6;
const WARM_RENDERS = 30;
const SERVE_FLAG = '--serve-for-tracing-bench';

interface Case {
  label: string;
  path: string;
  /** The servers keep nothing (every read and statement runs), or the API keeps the query's answer. */
  keep: boolean;
  /** The same address every time: the reader cache answers (no render; not held to the target). */
  kept?: boolean;
}

const CASES: Case[] = [
  { label: 'article, nothing kept', path: '/articles/reading-the-tides', keep: false },
  { label: 'home, nothing kept', path: '/', keep: false },
  { label: 'article, query answer kept', path: '/articles/reading-the-tides', keep: true },
  {
    label: 'article kept whole (no render)',
    path: '/articles/reading-the-tides',
    keep: true,
    kept: true,
  },
];
/** A kept answer costs tens of microseconds: its batches are larger, over one kept-alive connection. */
const KEPT_PER_BATCH = 200;
const keptAgent = new Agent({ keepAlive: true, maxSockets: 1 });

interface Measured {
  label: string;
  keep: boolean;
  kept: boolean;
  renders: number;
  /** Mean CPU per render over every batch. */
  offCpuMs: number;
  onCpuMs: number;
  /** Each round's on ÷ off (its two batches ran one after the other). */
  roundRatios: number[];
  /** The median of roundRatios: what the target is judged on. */
  ratio: number;
  spansPerRender: number;
  exportBytesPerRender: number;
  problems: string[];
}

/** What the bench asks of its server between batches (over the IPC channel). */
type Command = 'on' | 'off' | 'settle';

interface BenchServer {
  url: string;
  pid: number;
  output: () => string;
  /** Sends a command and resolves when the server has carried it out. */
  command: (command: Command) => Promise<void>;
  stop: () => Promise<void>;
}

/** The bench's server: this file in a child process (`--serve-for-tracing-bench`), on a fresh data folder. */
async function startBenchServer(env: Record<string, string>, keep: boolean): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-bench-tracing-'));
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) =>
        !name.startsWith('FOLIO_') && !name.startsWith('OTEL_') && name !== 'DATABASE_URL',
    ),
  );
  const child: ChildProcess = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', __filename, SERVE_FLAG, keep ? 'keep' : 'nothing'],
    {
      cwd: path.resolve(__dirname, '..'),
      env: { ...inherited, NODE_ENV: 'production', FOLIO_DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  const waiting: (() => void)[] = [];
  child.on('message', () => waiting.shift()?.());
  let output = '';
  const keepOutput = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-200_000);
  };
  child.stdout!.on('data', keepOutput);
  child.stderr!.on('data', keepOutput);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no server after 120 s:\n${output}`)), 120_000);
    const look = () => {
      const found = /BENCH-SERVER (http:\/\/\S+)\s/.exec(output);
      if (!found) return;
      clearTimeout(timer);
      child.stdout!.off('data', look);
      resolve(found[1]!);
    };
    child.stdout!.on('data', look);
    void exited.then(() => reject(new Error(`the server exited:\n${output}`)));
  });
  return {
    url,
    pid: child.pid!,
    output: () => output,
    command: (command) =>
      new Promise<void>((resolve) => {
        waiting.push(resolve);
        child.send(command);
      }),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The child's side: the SDK first (as server/start.ts does when `OTEL_EXPORTER_OTLP_ENDPOINT` is set), then the server; then the bench's commands. */
async function serveForBench(keep: boolean): Promise<void> {
  const { context } = await import('@opentelemetry/api');
  const { AsyncLocalStorageContextManager } = await import('@opentelemetry/context-async-hooks');
  const { setTracingOn } = await import('../api/observability/tracing');
  const { createLogger } = await import('../server/ops/logger');
  const { startTracing } = await import('../server/ops/tracingSdk');
  const { openSite } = await import('../harness/siteServer');
  const logger = createLogger({ logLevel: 'info', logFormat: 'json' });
  const settings = readTracingSettings();
  if (!settings) throw new Error('the bench server needs OTEL_EXPORTER_OTLP_ENDPOINT');
  const tracing = await startTracing(settings, logger);
  const running = await openSite({
    port: 0,
    host: '127.0.0.1',
    mode: 'production',
    serveClient: true,
    dataDir: process.env.FOLIO_DATA_DIR,
    logger,
    ...(keep ? {} : { readerCacheTtlMs: 0 }),
  });
  const gc = (await import('node:vm')).runInNewContext('gc') as (options: {
    type: 'minor';
  }) => void;
  let on = true;
  process.on('message', (command: Command) => {
    void (async () => {
      if (command === 'off' && on) {
        on = false;
        setTracingOn(false);
        // No context manager: AsyncLocalStorage's hooks are gone, as in a server without the SDK.
        context.disable();
      } else if (command === 'on' && !on) {
        on = true;
        context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
        setTracingOn(true);
      } else if (command === 'settle') {
        await tracing.flush();
        gc({ type: 'minor' });
      }
      process.send!('done');
    })();
  });
  process.stdout.write(`BENCH-SERVER ${running.url} \n`);
  process.once('SIGTERM', () => {
    void running.close().then(() => process.exit(0));
  });
}

/** An OTLP/HTTP receiver: counts the spans and bytes of every export. */
async function otlpSink() {
  const received = { exports: 0, spans: 0, bytes: 0 };
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.exports += 1;
      received.bytes += Buffer.byteLength(body);
      received.spans += (body.match(/"spanId"/g) ?? []).length;
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function get(url: string, agent?: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      agent ? { agent } : { agent: false, headers: { Connection: 'close' } },
      (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

async function measureCase(testCase: Case): Promise<Measured> {
  const sink = await otlpSink();
  const server = await startBenchServer({ OTEL_EXPORTER_OTLP_ENDPOINT: sink.url }, testCase.keep);
  try {
    let n = 0;
    const url = () => {
      n += 1;
      if (testCase.kept) return `${server.url}${testCase.path}`;
      return testCase.keep
        ? `${server.url}${testCase.path}${testCase.path.includes('?') ? '&' : '?'}bench=${n}`
        : `${server.url}${testCase.path}`;
    };
    /** A batch's server CPU per render, its spans sent and its garbage collected. */
    const batch = async (tracing: 'on' | 'off', count: number) => {
      await server.command(tracing);
      await server.command('settle');
      const before = serverCpuSeconds(server.pid)!;
      for (let i = 0; i < count; i += 1) {
        const status = await get(url(), testCase.kept ? keptAgent : undefined);
        if (status !== 200) throw new Error(`${testCase.path} answered ${status}`);
      }
      await server.command('settle');
      return ((serverCpuSeconds(server.pid)! - before) * 1000) / count;
    };
    const perBatch = testCase.kept ? KEPT_PER_BATCH : RENDERS_PER_BATCH;
    await batch('off', testCase.kept ? KEPT_PER_BATCH : WARM_RENDERS);
    await batch('on', testCase.kept ? KEPT_PER_BATCH : WARM_RENDERS);
    const sentBefore = { ...sink.received };
    const off: number[] = [];
    const on: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      // off, on; on, off; …: neither always goes first.
      for (const tracing of round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const))
        (tracing === 'on' ? on : off).push(await batch(tracing, perBatch));
    }
    const renders = ROUNDS * perBatch;
    const offCpuMs = off.reduce((a, b) => a + b, 0) / ROUNDS;
    const onCpuMs = on.reduce((a, b) => a + b, 0) / ROUNDS;
    const measured: Measured = {
      label: testCase.label,
      keep: testCase.keep,
      kept: testCase.kept === true,
      renders,
      offCpuMs,
      onCpuMs,
      roundRatios: on.map((cpu, round) => cpu / off[round]!),
      ratio: median(on.map((cpu, round) => cpu / off[round]!)),
      spansPerRender: (sink.received.spans - sentBefore.spans) / renders,
      exportBytesPerRender: (sink.received.bytes - sentBefore.bytes) / renders,
      problems: server
        .output()
        .split('\n')
        .filter((line) => line.includes('"level":"warn"') && line.includes('traces: ')),
    };
    for (const line of measured.problems) progress('tracing', `the server logged: ${line}`);
    progress(
      'tracing',
      `${testCase.label}: off ${fixed(offCpuMs, 3)} ms CPU per request, on ${fixed(onCpuMs, 3)} ms; on ÷ off ${fixed(measured.ratio, 3)}× (median round; means ${fixed(onCpuMs / offCpuMs, 3)}×; rounds ${fixed(Math.min(...measured.roundRatios), 2)}–${fixed(Math.max(...measured.roundRatios), 2)}), ${fixed(measured.spansPerRender, 1)} spans per request`,
    );
    return measured;
  } finally {
    await server.stop();
    await sink.close();
  }
}

type TracingResult = Omit<SectionResult, 'durationMs'>;

export async function runTracingCost(): Promise<TracingResult> {
  const results: Measured[] = [];
  for (const testCase of CASES) results.push(await measureCase(testCase));
  return report(results);
}

/** Microseconds of server CPU one span adds, from the renders that make many. */
function spanMicros(results: readonly Measured[]): number {
  const many = results.filter((result) => !result.keep);
  const extra = many.reduce((total, result) => total + (result.onCpuMs - result.offCpuMs), 0);
  const spans = many.reduce((total, result) => total + result.spansPerRender, 0);
  return (extra / spans) * 1000;
}

function report(results: readonly Measured[]): TracingResult {
  const renders = results.filter((result) => !result.kept);
  const worst = renders.reduce((a, b) => (b.ratio > a.ratio ? b : a));
  const targets: TargetCheck[] = [
    {
      target: `an uncached render's server CPU with tracing on is at most ${TARGET_RATIO}× off (median round)`,
      measured: `${fixed(worst.ratio, 3)}× at worst (${worst.label})`,
      pass: renders.every((result) => result.ratio <= TARGET_RATIO),
    },
  ];
  const body = [
    `Target: ${targets[0]!.target} — ${targets[0]!.measured} ${verdict(targets[0]!.pass)}.`,
    '',
    table(
      [
        'request',
        'requests each',
        'CPU off, ms',
        'CPU on, ms',
        'on ÷ off: median round (min–max)',
        'means',
        'spans per request',
        'export bytes per request',
      ],
      results.map((result) => [
        result.label,
        int(result.renders),
        fixed(result.offCpuMs, result.kept ? 3 : 2),
        fixed(result.onCpuMs, result.kept ? 3 : 2),
        `**${fixed(result.ratio, 3)}×** (${fixed(Math.min(...result.roundRatios), 2)}–${fixed(Math.max(...result.roundRatios), 2)})`,
        `${fixed(result.onCpuMs / result.offCpuMs, 3)}×`,
        fixed(result.spansPerRender, 1),
        int(result.exportBytesPerRender),
      ]),
      ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
    ),
    '',
    `Tracing warnings the server logged (a failed export, spans dropped): ${results.reduce((total, result) => total + result.problems.length, 0)}. About ${fixed(spanMicros(results), 0)} µs of server CPU per span, its export and the context manager's share of the render included (the nothing-kept rows' extra CPU ÷ their spans per render, from the means).`,
    '',
    `Method: one server, \`startServer\` (what \`npm start\` runs) in a process of its own over a fresh PGlite seeded from content/, the built renderer, the request log at info (JSON to a pipe), the tracing SDK started first (\`OTEL_EXPORTER_OTLP_ENDPOINT\` at a receiver in the bench process that answers every export 200; sampler: every trace). ${WARM_RENDERS} renders off and ${WARM_RENDERS} on to warm up, then ${ROUNDS} rounds of one batch of ${RENDERS_PER_BATCH} sequential renders with tracing off and one with it on (off first in even rounds, on first in odd ones), each request on a new connection. The last row, for comparison and not held to the target, is a page the reader cache answers whole (no render, no span: the request's context and AsyncLocalStorage's hooks are what it pays), ${KEPT_PER_BATCH} requests a batch over one kept-alive connection. Off is Folio's switch off (\`inSpan\` and \`servedInTrace\` run their work and nothing else) and no context manager registered (AsyncLocalStorage's hooks disabled): what a server without \`OTEL_EXPORTER_OTLP_ENDPOINT\` runs. Each batch ends with the batch processor's flush (the spans it made sent and answered) and a minor garbage collection. "Nothing kept": the server keeps no answer (\`readerCacheTtlMs: 0\`), so each request runs the page's query (source reads and database statements, each a span, the render's and the request's); "query answer kept": a new \`bench=<n>\` parameter each time, so the page is rendered while the API's response cache answers its query. CPU: the server process's, every thread (${CPU_SOURCE}), per batch ÷ renders; "CPU off" and "CPU on" are the means over every batch, and the target is judged on the median of the rounds' ratios, which passes over a burst of other work on the machine in one batch (the means do not).`,
    '',
    codeBlock(
      'npx tsx bench/tracingCost.ts    # or: npm run bench -- --only tracing (builds first)',
      'sh',
    ),
  ].join('\n');
  return { id: 'tracing', title: 'Uncached render CPU, tracing on vs off', targets, body };
}

if (require.main === module) {
  const at = process.argv.indexOf(SERVE_FLAG);
  if (at !== -1)
    serveForBench(process.argv[at + 1] === 'keep').catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  else
    runTracingCost().then(
      (result) => {
        writeResultsSection('tracing', result);
        for (const check of result.targets)
          progress('tracing', `${check.pass ? 'PASS' : 'MISS'} ${check.target}: ${check.measured}`);
      },
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
}
