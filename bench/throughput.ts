import autocannon from 'autocannon';
import { profileCpu, type CpuShare } from './cpuProfile';
import { progress } from './log';
import { GRAPHQL_HEADERS, NONCE_VARIABLE, OPERATIONS, persistedBody, persistedGetPath, uncached, type Operation } from './operations';
import { cpuSeconds, listenerPid, ownCpuSeconds } from './processCpu';
import { table, type SectionResult } from './report';
import { withApiServer, withSite } from './site';
import { profileOperation, shortSql, StatementRecorder, type OperationProfile } from './sqlProfile';
import { fixed, int, kB, ms } from './stats';

export const CONNECTIONS = 10;
export const WARMUP_SECONDS = 2;
export const MEASURE_SECONDS = 10;
const SAMPLE_SIZE = 50;
const CPU_PROFILE_REQUESTS = 100;
/** What Chromium sends: the API compresses answers for it (api/answerCompression.ts picks br). */
const BROWSER_ENCODING = 'gzip, deflate, br, zstd';
const TARGET_RPS = 1000;
const TARGET_P99_MS = 50;

interface Scenario {
  label: string;
  op: Operation;
  method: 'GET' | 'POST';
  acceptEncoding: string | null;
  /** A new nonce variable per request (autocannon's `setupRequest`): every request misses the response cache. */
  cacheMiss?: boolean;
  target?: boolean;
}

const SCENARIOS: Scenario[] = [
  { label: 'article, persisted POST', op: OPERATIONS.article, method: 'POST', acceptEncoding: BROWSER_ENCODING },
  { label: 'article, persisted GET', op: OPERATIONS.article, method: 'GET', acceptEncoding: BROWSER_ENCODING, target: true },
  { label: '12-article list, persisted POST', op: OPERATIONS.articleIndex, method: 'POST', acceptEncoding: BROWSER_ENCODING },
  { label: '12-article list, persisted GET', op: OPERATIONS.articleIndex, method: 'GET', acceptEncoding: BROWSER_ENCODING },
  { label: 'article, persisted GET, uncompressed (no Accept-Encoding)', op: OPERATIONS.article, method: 'GET', acceptEncoding: null },
  { label: 'article, persisted POST, every request a response-cache miss', op: OPERATIONS.article, method: 'POST', acceptEncoding: BROWSER_ENCODING, cacheMiss: true },
];

interface Measured {
  scenario: Scenario;
  result: autocannon.Result;
  sampleBad: number;
  /** Cores busy during the measured run: the server process and autocannon (this process). */
  serverCores: number | null;
  loadCores: number;
}

interface Request {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

function requestOf(baseUrl: string, scenario: Scenario): Request {
  const headers: Record<string, string> = { accept: GRAPHQL_HEADERS.accept };
  if (scenario.acceptEncoding) headers['accept-encoding'] = scenario.acceptEncoding;
  if (scenario.method === 'GET') return { url: baseUrl + persistedGetPath(scenario.op), method: 'GET', headers };
  return { url: `${baseUrl}/graphql`, method: 'POST', headers: { ...headers, 'content-type': GRAPHQL_HEADERS['content-type'] }, body: persistedBody(scenario.op) };
}

function cannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** Replays the request `SAMPLE_SIZE` times and counts answers that are not 200 with data and no errors. */
async function badAnswers(request: Request, scenario: Scenario): Promise<number> {
  let bad = 0;
  for (let i = 0; i < SAMPLE_SIZE; i += 1) {
    const body = scenario.cacheMiss ? persistedBody(uncached(scenario.op, `sample-${i}`)) : (request.body ?? null);
    const response = await fetch(request.url, { method: request.method, headers: request.headers, body });
    const parsed = JSON.parse(await response.text()) as { data?: unknown; errors?: unknown };
    if (response.status !== 200 || parsed.errors !== undefined || !parsed.data) bad += 1;
  }
  return bad;
}

const rps = (result: autocannon.Result) => result.requests.total / result.duration;

let nonce = 0;

/** autocannon options for a scenario; cache misses get a body with a new nonce for every request. */
function cannonOptions(request: Request, scenario: Scenario): autocannon.Options {
  const options: autocannon.Options = { ...request, connections: CONNECTIONS };
  if (!scenario.cacheMiss) return options;
  return { ...options, requests: [{ setupRequest: (spec) => ({ ...spec, body: persistedBody(uncached(scenario.op, (nonce += 1))) }) }] };
}

async function measure(baseUrl: string, serverPid: number | null, scenario: Scenario): Promise<Measured> {
  const request = requestOf(baseUrl, scenario);
  const options = cannonOptions(request, scenario);
  progress('throughput', `${scenario.label}: ${WARMUP_SECONDS} s warm-up, then ${MEASURE_SECONDS} s at ${CONNECTIONS} connections`);
  await cannon({ ...options, duration: WARMUP_SECONDS });
  const serverBefore = serverPid === null ? null : cpuSeconds(serverPid);
  const ownBefore = ownCpuSeconds();
  const result = await cannon({ ...options, duration: MEASURE_SECONDS });
  const serverAfter = serverPid === null ? null : cpuSeconds(serverPid);
  const loadCores = (ownCpuSeconds() - ownBefore) / result.duration;
  const serverCores = serverBefore === null || serverAfter === null ? null : (serverAfter - serverBefore) / result.duration;
  const sampleBad = await badAnswers(request, scenario);
  progress('throughput', `${scenario.label}: ${fixed(rps(result), 0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
  return { scenario, result, sampleBad, serverCores, loadCores };
}

function resultsTable(measured: readonly Measured[]): string {
  const rows = measured.map(({ scenario, result, sampleBad, serverCores, loadCores }) => [
    scenario.label,
    int(rps(result)),
    ms(result.latency.p50, 0),
    ms(result.latency.p99, 0),
    ms(result.latency.max, 0),
    int(result.requests.total),
    `${int(result.non2xx)} / ${int(result.errors)} / ${int(result.timeouts)}`,
    `${sampleBad} of ${SAMPLE_SIZE}`,
    int(result.throughput.total / Math.max(1, result.requests.total)),
    serverCores === null ? 'n/a' : fixed(serverCores, 2),
    fixed(loadCores, 2),
    serverCores === null ? 'n/a' : ms((1000 * serverCores) / rps(result), 2),
  ]);
  return table(
    ['Request', 'Requests/s', 'p50', 'p99', 'max', 'Requests', 'non-2xx / errors / timeouts', 'Bad answers in sample', 'Bytes per response (wire)', 'Server cores', 'autocannon cores', 'Server CPU per request'],
    rows,
    ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
  );
}

interface Profiled {
  operations: OperationProfile[];
  cpu: CpuShare[];
}

/** Where one request's time goes: the server in this process, one request at a time, cache hits and misses. */
function profiles(): Promise<Profiled> {
  return withApiServer('memory://', async (server) => {
    const recorder = new StatementRecorder(server.db);
    progress('throughput', 'profiling single requests in-process');
    const operations = [
      await profileOperation(server.url, recorder, OPERATIONS.article, { runs: 30 }),
      await profileOperation(server.url, recorder, OPERATIONS.article, { runs: 30, cacheMiss: true }),
      await profileOperation(server.url, recorder, OPERATIONS.articleIndex, { runs: 30, cacheMiss: true }),
    ];
    const target = requestOf(server.url, SCENARIOS.find((scenario) => scenario.target)!);
    const { shares } = await profileCpu(async () => {
      for (let i = 0; i < CPU_PROFILE_REQUESTS; i += 1) await (await fetch(target.url, { headers: target.headers })).arrayBuffer();
    });
    recorder.take();
    return { operations, cpu: shares };
  });
}

function profileTable(list: readonly OperationProfile[]): string {
  const rows = list.map((profile) => [
    profile.op.name,
    profile.cacheMiss ? 'miss (executed)' : 'repeat (cache)',
    ms(profile.requestMs),
    ms(profile.sqlBusyMs),
    fixed(profile.statements, 0),
    profile.byStatement
      .slice(0, 3)
      .map((stat) => `${fixed(stat.meanMs, 1)} ms × ${fixed(stat.count, 0)}: \`${shortSql(stat.sql, 60)}\``)
      .join('<br>') || '—',
  ]);
  return table(['Operation', 'Response cache', 'Request (median)', 'SQL running (median)', 'SQL statements', 'Costliest statements (mean × per request)'], rows, ['l', 'l', 'r', 'r', 'r', 'l']);
}

function cpuTable(cpu: readonly CpuShare[]): string {
  const rows = cpu.filter((entry) => entry.share >= 0.005).map((entry) => [entry.component, ms(entry.ms, 0), `${Math.round(entry.share * 100)} %`]);
  return table(['Component', 'CPU time', 'Share of busy CPU'], rows, ['l', 'r', 'r']);
}

function targetNote(target: Measured): string {
  const r = rps(target.result);
  const p99 = target.result.latency.p99;
  const short = r >= TARGET_RPS ? 'meets 1,000' : `**${int(TARGET_RPS - r)} req/s (${Math.round((100 * (TARGET_RPS - r)) / TARGET_RPS)} %) short of 1,000**`;
  const late = p99 < TARGET_P99_MS ? 'under 50 ms' : `**${p99 - TARGET_P99_MS} ms over 50 ms**`;
  return `- Target request (article by persisted GET, browser Accept-Encoding): ${int(r)} req/s (${short}), p99 ${p99} ms (${late}).`;
}

const cpuPerRequest = (entry: Measured) => (entry.serverCores === null ? null : (1000 * entry.serverCores) / rps(entry.result));

function cpuNote(target: Measured): string | null {
  const perRequest = cpuPerRequest(target);
  if (perRequest === null || target.serverCores === null) return null;
  const needed = (perRequest * TARGET_RPS) / 1000;
  return (
    `- During that run the server process used ${fixed(target.serverCores, 2)} cores, ${ms(perRequest, 2)} of CPU per request, and autocannon (this process) ${fixed(target.loadCores, 2)} of the machine's 2 cores. ` +
    `At that cost 1,000 req/s would need ${fixed(needed, 2)} cores of server CPU. ` +
    (target.serverCores >= 0.85
      ? `The server is CPU-bound: its JavaScript runs on one main thread (answers are compressed there too, once per distinct answer), which is why it stops near ${fixed(target.serverCores, 1)} cores although ${fixed(2 - target.loadCores, 2)} were free.`
      : 'The server used less than one core, so it was not CPU-bound: it waited on the load generator or on other work on this machine.')
  );
}

function cacheNote(profiled: Profiled, measured: readonly Measured[]): string | null {
  const [hit, miss] = profiled.operations;
  const missRun = measured.find((entry) => entry.scenario.cacheMiss);
  if (!hit || !miss) return null;
  const missRate = missRun ? ` With a cache miss on every request (new \`${NONCE_VARIABLE}\` variable each time) the article runs at ${int(rps(missRun.result))} req/s, p99 ${missRun.result.latency.p99} ms.` : '';
  return (
    `- The API keeps readers' answers in an in-process response cache, so every repeat of the same request after the warm-up is a cache hit: one repeat costs ${ms(hit.requestMs)} with ${fixed(hit.statements, 0)} SQL statements, ` +
    `one executed request ${ms(miss.requestMs)} with ${fixed(miss.statements, 0)} statements (${ms(miss.sqlBusyMs)} of SQL on PGlite, which runs one statement at a time on the server's main thread).${missRate}`
  );
}

function compressionNote(measured: readonly Measured[]): string | null {
  const target = measured.find((entry) => entry.scenario.target);
  const plain = measured.find((entry) => entry.scenario.acceptEncoding === null);
  if (!target || !plain) return null;
  const cost = Math.round(100 * (1 - rps(target.result) / rps(plain.result)));
  const effect = cost > 3 ? `compression costs about ${cost} % of the throughput` : 'compression made no measurable difference in this run';
  const compressed = cpuPerRequest(target);
  const uncompressed = cpuPerRequest(plain);
  const cpu =
    compressed !== null && uncompressed !== null
      ? ` Server CPU per request: ${ms(compressed, 2)} compressed against ${ms(uncompressed, 2)} uncompressed. The API compresses an answer once and sends the remembered bytes to every request whose answer is the same text (api/answerCompression.ts), so a cache hit costs no compression; the ${kB(plain.result.throughput.total / Math.max(1, plain.result.requests.total))} answer goes out as ${kB(target.result.throughput.total / Math.max(1, target.result.requests.total))}.`
      : '';
  return `- Without compression the same request runs at ${int(rps(plain.result))} req/s (p99 ${plain.result.latency.p99} ms): ${effect}.${cpu}`;
}

function profileNote(profiled: Profiled): string {
  const top = profiled.cpu.slice(0, 4).map((entry) => `${entry.component} ${Math.round(entry.share * 100)} %`);
  return `- CPU profile of the target request (cache hits, in-process): ${top.join(', ')}.`;
}

function notes(measured: readonly Measured[], profiled: Profiled): string {
  const target = measured.find((entry) => entry.scenario.target)!;
  return [targetNote(target), cpuNote(target), cacheNote(profiled, measured), compressionNote(measured), profileNote(profiled)].filter((line): line is string => line !== null).join('\n');
}

function problems(measured: readonly Measured[]): string {
  return measured
    .filter((entry) => entry.result.non2xx + entry.result.errors + entry.sampleBad > 0)
    .map((entry) => `${entry.scenario.label}: ${entry.result.non2xx} non-2xx, ${entry.result.errors} socket errors (${entry.result.timeouts} timeouts), ${entry.sampleBad} bad in sample`)
    .join('; ');
}

export async function runThroughput(): Promise<Omit<SectionResult, 'durationMs'>> {
  const measured = await withSite('throughput', async (site) => {
    const pid = listenerPid(Number(new URL(site.url).port));
    const results: Measured[] = [];
    for (const scenario of SCENARIOS) results.push(await measure(site.url, pid, scenario));
    return results;
  });
  const profiled = await profiles();
  const target = measured.find((entry) => entry.scenario.target)!;
  const r = rps(target.result);
  const allClean = problems(measured) === '';
  const body = [
    `Method: \`npm start\` (production, PGlite over a fresh seeded data folder) on 127.0.0.1; autocannon 8 in this process with **${CONNECTIONS} connections**, a **${WARMUP_SECONDS} s warm-up** (discarded), then **${MEASURE_SECONDS} s measured**, per request type, one after another. ` +
      `Requests carry the client's \`Accept\` header and, except the uncompressed row, Chromium's \`Accept-Encoding: ${BROWSER_ENCODING}\` (answers compressed as a browser gets them). ` +
      `Latency is autocannon's (whole milliseconds). Correctness: autocannon counts non-2xx answers and socket errors for every request; the body check (HTTP 200, \`data\` present, no \`errors\`) replays each request ${SAMPLE_SIZE} times after its run. ` +
      'Server and autocannon cores: CPU time of the server process (/proc) and of this process during the measured 10 s, divided by the duration.',
    resultsTable(measured),
    '### Notes',
    notes(measured, profiled),
    '### Where the time goes (one request at a time, server in-process over an in-memory PGlite)',
    profileTable(profiled.operations),
    `CPU profile of the same in-process server during ${CPU_PROFILE_REQUESTS} sequential target requests (article GET, browser Accept-Encoding, answered from the response cache), by component (V8 sampling profiler, self time; the fetch client shares the process):`,
    cpuTable(profiled.cpu),
  ].join('\n\n');
  return {
    id: 'throughput',
    title: 'API throughput and latency',
    targets: [
      { target: 'Article by persisted GET ≥ 1,000 req/s (10 connections)', measured: `${int(r)} req/s`, pass: r >= TARGET_RPS },
      { target: 'Article by persisted GET p99 < 50 ms', measured: ms(target.result.latency.p99, 0), pass: target.result.latency.p99 < TARGET_P99_MS },
      {
        target: 'Every answer 200 and error-free',
        measured: allClean ? 'all clean' : problems(measured),
        pass: allClean,
      },
    ],
    body,
  };
}
