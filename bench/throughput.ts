import http from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import autocannon from 'autocannon';
import { GENERATED_HEADERS, startBareServer, type BareAnswer } from './bareServer';
import { profileCpu, type CpuShare } from './cpuProfile';
import { progress } from './log';
import { measureMetricsCost } from './metricsCost';
import {
  ARTICLE_SLUG,
  BROWSER_ENCODING,
  GRAPHQL_HEADERS,
  NONCE_VARIABLE,
  type Operation,
  OPERATIONS,
  persistedBody,
  persistedGetPath,
  READER_ENCODING,
  SEARCH_WORD,
  TOPIC_SLUG,
  uncached,
} from './operations';
import { CPU_SOURCE, listenerPid, ownCpuSeconds, serverCpuSeconds } from './processCpu';
import { table, type SectionResult, type TargetCheck } from './report';
import { withApiServer, withSite } from './site';
import { profileOperation, shortSql, StatementRecorder, type OperationProfile } from './sqlProfile';
import { fixed, int, kB, median, ms, percentile } from './stats';

export const CONNECTIONS = 10;
export const WARMUP_SECONDS = 2;
export const MEASURE_SECONDS = 10;
const SAMPLE_SIZE = 50;
const CPU_PROFILE_REQUESTS = 2000;
const TARGET_RPS = 1000;
const TARGET_P99_MS = 50;
/** Cached reader answers against the bare server answering the same bytes (issue 11). */
/** A cached answer's throughput against the bare server's (issue 29's goal)… */
const TARGET_SHARE_OF_BARE = 0.7;
/** …and its server CPU per request, never under this share of the bare server's. */
const FLOOR_CPU_SHARE_OF_BARE = 0.4;
/** A ratio more than this far below the recorded one (bench/throughputBaseline.json) is a MISS. */
const LARGEST_DROP = 0.1;
const BASELINE_FILE = path.join(__dirname, 'throughputBaseline.json');

/** The ratios recorded last (by req/s, per case), and the commit they were measured on. */
interface Baseline {
  commit: string;
  date: string;
  byRps: Record<string, number>;
}

function readBaseline(): Baseline | null {
  try {
    return JSON.parse(readFileSync(BASELINE_FILE, 'utf8')) as Baseline;
  } catch {
    return null;
  }
}
const TARGET_CACHED_P99_MS = 10;
/** Uncached renders: sequential renders per route and encoding, and renders of other pages first to warm the code. */
const RENDERS_PER_ROUTE = 25;
const WARM_RENDERS = 8;
/** The author of ARTICLE_SLUG. */
const AUTHOR_SLUG = 'eliza-marsh';

type RequestShape =
  { kind: 'graphql'; op: Operation; method: 'GET' | 'POST' } | { kind: 'page'; path: string };

interface Scenario {
  label: string;
  request: RequestShape;
  acceptEncoding: string | null;
  /** A new nonce variable per request (autocannon's `setupRequest`): every request misses the response cache. */
  cacheMiss?: boolean;
  /** The row of the 1,000 req/s target. */
  target?: boolean;
  /** Measured again against the bare server answering Folio's bytes for this request; the name of that comparison. */
  beside?: string;
}

const graphql = (op: Operation, method: 'GET' | 'POST'): RequestShape => ({
  kind: 'graphql',
  op,
  method,
});

const SCENARIOS: Scenario[] = [
  {
    label: 'article, persisted POST',
    request: graphql(OPERATIONS.article, 'POST'),
    acceptEncoding: BROWSER_ENCODING,
  },
  {
    label: 'article, persisted GET (cached)',
    request: graphql(OPERATIONS.article, 'GET'),
    acceptEncoding: READER_ENCODING,
    target: true,
    beside: 'cached persisted GET (article)',
  },
  {
    label: `article document, GET /articles/${ARTICLE_SLUG} (cached)`,
    request: { kind: 'page', path: `/articles/${ARTICLE_SLUG}` },
    acceptEncoding: READER_ENCODING,
    beside: 'cached reader document (article)',
  },
  {
    label: '12-article list, persisted POST',
    request: graphql(OPERATIONS.articleIndex, 'POST'),
    acceptEncoding: BROWSER_ENCODING,
  },
  {
    label: '12-article list, persisted GET',
    request: graphql(OPERATIONS.articleIndex, 'GET'),
    acceptEncoding: BROWSER_ENCODING,
  },
  {
    label: 'article, persisted GET, uncompressed (no Accept-Encoding)',
    request: graphql(OPERATIONS.article, 'GET'),
    acceptEncoding: null,
  },
  {
    label: 'article, persisted POST, every request a response-cache miss',
    request: graphql(OPERATIONS.article, 'POST'),
    acceptEncoding: BROWSER_ENCODING,
    cacheMiss: true,
  },
];

interface Measured {
  label: string;
  scenario: Scenario;
  server: 'folio' | 'bare';
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
  const { request } = scenario;
  const headers: Record<string, string> = {};
  if (request.kind === 'graphql') headers.accept = GRAPHQL_HEADERS.accept;
  if (scenario.acceptEncoding) headers['accept-encoding'] = scenario.acceptEncoding;
  if (request.kind === 'page') return { url: baseUrl + request.path, method: 'GET', headers };
  if (request.method === 'GET')
    return { url: baseUrl + persistedGetPath(request.op), method: 'GET', headers };
  return {
    url: `${baseUrl}/graphql`,
    method: 'POST',
    headers: { ...headers, 'content-type': GRAPHQL_HEADERS['content-type'] },
    body: persistedBody(request.op),
  };
}

function cannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** Whether one answer is right: 200 with data and no errors (GraphQL), or 200 with the page's heading (a page). */
async function answerIsBad(scenario: Scenario, response: Response): Promise<boolean> {
  const text = await response.text();
  if (response.status !== 200) return true;
  if (scenario.request.kind === 'page') return !text.includes('<h1') || !text.includes('</html>');
  const parsed = JSON.parse(text) as { data?: unknown; errors?: unknown };
  return parsed.errors !== undefined || !parsed.data;
}

/** Replays the request `SAMPLE_SIZE` times and counts answers that are not right. */
async function badAnswers(request: Request, scenario: Scenario): Promise<number> {
  let bad = 0;
  for (let i = 0; i < SAMPLE_SIZE; i += 1) {
    const op = scenario.request.kind === 'graphql' ? scenario.request.op : null;
    const body =
      scenario.cacheMiss && op
        ? persistedBody(uncached(op, `sample-${i}`))
        : (request.body ?? null);
    if (
      await answerIsBad(
        scenario,
        await fetch(request.url, { method: request.method, headers: request.headers, body }),
      )
    )
      bad += 1;
  }
  return bad;
}

const rps = (result: autocannon.Result) => result.requests.total / result.duration;
const wireBytes = (result: autocannon.Result) =>
  result.throughput.total / Math.max(1, result.requests.total);

let nonce = 0;

/** autocannon options for a scenario; cache misses get a body with a new nonce for every request. */
function cannonOptions(request: Request, scenario: Scenario): autocannon.Options {
  const options: autocannon.Options = { ...request, connections: CONNECTIONS };
  const op = scenario.request.kind === 'graphql' ? scenario.request.op : null;
  if (!scenario.cacheMiss || !op) return options;
  return {
    ...options,
    requests: [
      { setupRequest: (spec) => ({ ...spec, body: persistedBody(uncached(op, (nonce += 1))) }) },
    ],
  };
}

async function measure(
  baseUrl: string,
  serverPid: number | null,
  scenario: Scenario,
  server: 'folio' | 'bare' = 'folio',
): Promise<Measured> {
  const request = requestOf(baseUrl, scenario);
  const options = cannonOptions(request, scenario);
  const label =
    server === 'folio'
      ? scenario.label
      : `bare Node http server, Folio's bytes for: ${scenario.label}`;
  progress(
    'throughput',
    `${label}: ${WARMUP_SECONDS} s warm-up, then ${MEASURE_SECONDS} s at ${CONNECTIONS} connections`,
  );
  await cannon({ ...options, duration: WARMUP_SECONDS });
  const serverBefore = serverPid === null ? null : serverCpuSeconds(serverPid);
  const ownBefore = ownCpuSeconds();
  const result = await cannon({ ...options, duration: MEASURE_SECONDS });
  const serverAfter = serverPid === null ? null : serverCpuSeconds(serverPid);
  const loadCores = (ownCpuSeconds() - ownBefore) / result.duration;
  const serverCores =
    serverBefore === null || serverAfter === null
      ? null
      : (serverAfter - serverBefore) / result.duration;
  const sampleBad = await badAnswers(request, scenario);
  progress(
    'throughput',
    `${label}: ${fixed(rps(result), 0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, server ${serverCores === null ? 'n/a' : fixed(serverCores, 2)} cores, autocannon ${fixed(loadCores, 2)} cores`,
  );
  return { label, scenario, server, result, sampleBad, serverCores, loadCores };
}

// ---------------------------------------------------------------------------
// Raw HTTP: the bytes as sent (no decompression), and the time to the first byte

interface RawAnswer {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** From sending the request to the status line and headers. */
  ttfbMs: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function rawGet(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { headers, agent }, (response) => {
      const ttfbMs = performance.now() - started;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i + 1 < response.rawHeaders.length; i += 2)
          pairs.push([response.rawHeaders[i]!, response.rawHeaders[i + 1]!]);
        resolve({
          status: response.statusCode ?? 0,
          headers: pairs,
          body: Buffer.concat(chunks),
          ttfbMs,
        });
      });
    });
    request.on('error', reject);
  });
}

const replayedHeaders = (answer: RawAnswer) =>
  answer.headers.filter(([name]) => !GENERATED_HEADERS.has(name.toLowerCase()));

/** '' when both answers are the same bytes (status, headers in order, body) but for what Node writes itself; else what differs. */
function difference(folio: RawAnswer, bare: RawAnswer): string {
  const differences: string[] = [];
  if (folio.status !== bare.status)
    differences.push(`status ${folio.status} against ${bare.status}`);
  if (JSON.stringify(replayedHeaders(folio)) !== JSON.stringify(replayedHeaders(bare)))
    differences.push('headers');
  if (!folio.body.equals(bare.body))
    differences.push(`body (${folio.body.length} against ${bare.body.length} bytes)`);
  return differences.join(', ');
}

// ---------------------------------------------------------------------------
// Folio beside the bare server

interface BesideBare {
  name: string;
  folio: Measured;
  bare: Measured;
  /** The answer both sent: body bytes and headers. */
  bodyBytes: number;
  encoding: string;
  /** '' when the bare server's answer is Folio's, byte for byte, but for Date. */
  difference: string;
}

/** Takes Folio's answer to the scenario's request (cached by now), serves those bytes from the bare server and measures it the same way. */
async function measureBesideBare(
  baseUrl: string,
  scenario: Scenario,
  folio: Measured,
): Promise<BesideBare> {
  const request = requestOf(baseUrl, scenario);
  const captured = await rawGet(request.url, request.headers);
  const answer: BareAnswer = {
    status: captured.status,
    headers: replayedHeaders(captured),
    body: captured.body,
  };
  const bare = await startBareServer(answer);
  try {
    const path = request.url.slice(baseUrl.length);
    const check = await rawGet(bare.url + path, request.headers);
    const measured = await measure(bare.url, bare.pid, scenario, 'bare');
    const encoding =
      captured.headers.find(([name]) => name.toLowerCase() === 'content-encoding')?.[1] ??
      'identity';
    return {
      name: scenario.beside!,
      folio,
      bare: measured,
      bodyBytes: captured.body.length,
      encoding,
      difference: difference(captured, check),
    };
  } finally {
    await bare.stop();
  }
}

const cpuPerRequest = (entry: Measured) =>
  entry.serverCores === null ? null : (1000 * entry.serverCores) / rps(entry.result);

/** Folio's share of the bare server: by requests per second, and by server CPU per request (what one core could carry). */
function shares(pair: BesideBare): { byRps: number; byCpu: number | null } {
  const folioCpu = cpuPerRequest(pair.folio);
  const bareCpu = cpuPerRequest(pair.bare);
  return {
    byRps: rps(pair.folio.result) / rps(pair.bare.result),
    byCpu: folioCpu === null || bareCpu === null ? null : bareCpu / folioCpu,
  };
}

const percent = (value: number | null) =>
  value === null || !Number.isFinite(value) ? 'n/a' : `${Math.round(value * 100)} %`;
const micros = (milliseconds: number | null) =>
  milliseconds === null ? 'n/a' : `${int(milliseconds * 1000)} µs`;

function besideTable(pairs: readonly BesideBare[]): string {
  const rows = pairs.map((pair) => {
    const { byRps, byCpu } = shares(pair);
    const latency = (entry: Measured) =>
      `${entry.result.latency.p50} / ${entry.result.latency.p99} ms`;
    return [
      pair.name,
      `${kB(pair.bodyBytes)} ${pair.encoding}${pair.difference === '' ? ', same bytes' : `, **differs: ${pair.difference}**`}`,
      int(rps(pair.folio.result)),
      int(rps(pair.bare.result)),
      `**${percent(byRps)}**`,
      latency(pair.folio),
      latency(pair.bare),
      `${micros(cpuPerRequest(pair.folio))} / ${micros(cpuPerRequest(pair.bare))}`,
      percent(byCpu),
      `${fixed(pair.folio.loadCores, 2)} / ${fixed(pair.bare.loadCores, 2)}`,
    ];
  });
  return table(
    [
      'Case',
      'Answer (body)',
      'Folio req/s',
      'Bare req/s',
      'Folio ÷ bare (req/s)',
      'Folio p50 / p99',
      'Bare p50 / p99',
      'Server CPU per request, Folio / bare',
      'Folio ÷ bare (by CPU per request)',
      'autocannon cores, Folio run / bare run',
    ],
    rows,
    ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
  );
}

/** Who set the pace of a run: the server, the load generator, or neither (other work on the machine). */
function paceVerdict(entry: Measured): string {
  if (entry.serverCores === null) return 'server CPU unknown';
  if (entry.serverCores >= 0.85 && entry.loadCores >= 0.8) return 'both near a full core';
  if (entry.serverCores >= 0.85) return 'the server was CPU-bound';
  if (entry.loadCores >= 0.8) return 'the load generator set the pace';
  return 'neither used a full core: other work on the machine held them back';
}

function paceOf(entry: Measured): string {
  return `server ${entry.serverCores === null ? 'n/a' : fixed(entry.serverCores, 2)} cores, autocannon ${fixed(entry.loadCores, 2)} (${paceVerdict(entry)})`;
}

function besideNote(pairs: readonly BesideBare[]): string {
  const lines = pairs.map((pair) => {
    const { byRps, byCpu } = shares(pair);
    const folioCpu = cpuPerRequest(pair.folio);
    const bareCpu = cpuPerRequest(pair.bare);
    const extra =
      folioCpu !== null && bareCpu !== null
        ? ` Folio spends ${micros(folioCpu - bareCpu)} more server CPU per request than the bare server (key, credential check and lookup, security headers, ETag and encoding negotiation, header object merging in \`writeHead\`).`
        : '';
    return `- ${pair.name}: Folio ${int(rps(pair.folio.result))} req/s against the bare server's ${int(rps(pair.bare.result))}: ${percent(byRps)} by requests per second, ${percent(byCpu)} by server CPU per request. Folio's run: ${paceOf(pair.folio)}; the bare server's: ${paceOf(pair.bare)}.${extra}`;
  });
  lines.push(
    '- Both servers run in processes of their own and autocannon in this one, so on this 2-core machine the server and the load generator each have about one core. ' +
      'At a few tens of microseconds per answer autocannon needs about as much CPU per request as the server, so requests per second are capped by the load generator (or by other work on the machine) as much as by the server, and are noisy; ' +
      'server CPU per request (what one server core could carry at most) is the steadier comparison. The target is 70 % by requests per second in one run, with server CPU per request never under 40 %; and no ratio may fall more than 10 % below the one recorded in `bench/throughputBaseline.json` (with its commit: write the new ratios there when a change to the request path is accepted).',
  );
  return lines.join('\n');
}

// ---------------------------------------------------------------------------
// Uncached server renders, per route

interface RenderRoute {
  label: string;
  path: string;
  /** Pages of the same route never asked for before they are measured: their first render runs the query. */
  otherFirstVisits: string[];
}

const RENDER_ROUTES: RenderRoute[] = [
  { label: 'home', path: '/', otherFirstVisits: [] },
  { label: 'article index', path: '/articles', otherFirstVisits: [] },
  {
    label: 'article',
    path: `/articles/${ARTICLE_SLUG}`,
    otherFirstVisits: [
      'how-gps-finds-you',
      'desire-paths',
      'the-checklist',
      'why-bread-needs-time',
    ].map((slug) => `/articles/${slug}`),
  },
  { label: 'topic index', path: '/topics', otherFirstVisits: [] },
  {
    label: 'topic',
    path: `/topics/${TOPIC_SLUG}`,
    otherFirstVisits: ['food', 'design', 'craft'].map((slug) => `/topics/${slug}`),
  },
  {
    label: 'author',
    path: `/authors/${AUTHOR_SLUG}`,
    otherFirstVisits: ['mara-lindqvist', 'tobias-okafor'].map((slug) => `/authors/${slug}`),
  },
  {
    label: 'search',
    path: `/search?q=${SEARCH_WORD}`,
    otherFirstVisits: ['coffee', 'light', 'water'].map((word) => `/search?q=${word}`),
  },
  { label: 'about', path: '/about', otherFirstVisits: [] },
];

/** Rendered before anything is measured (each a few times), to compile the renderer's and the pages' code: other pages than those measured. */
const WARM_PAGES = [
  '/start-here',
  '/articles/the-water-tower',
  '/topics/cities',
  '/authors/noor-haddad',
  '/search?q=bread',
  '/no-such-page',
];

/** A new reader-cache key for the same page: the reader cache keys on the URL, the page's query does not see the parameter. */
const withParam = (path: string, name: string, value: number) =>
  `${path}${path.includes('?') ? '&' : '?'}${name}=${value}`;

interface Timed {
  cpuMs: number | null;
  ttfbMs: number[];
  statuses: number[];
}

interface RenderRow {
  route: RenderRoute;
  htmlBytes: number;
  brBytes: number;
  /** Renders whose GraphQL answer comes from the API's response cache, with `Accept-Encoding: br` (render + brotli q9 of the page) and without (render alone). */
  brotli: Timed;
  plain: Timed;
  /** The first render of pages never asked for: the query runs (SQL on PGlite). */
  first: { cpuMs: number[]; ttfbMs: number[]; statuses: number[]; urls: string[] };
}

/** Renders `paths` one after another; server CPU per request over the whole batch. */
async function timedBatch(
  baseUrl: string,
  pid: number | null,
  paths: readonly string[],
  headers: Record<string, string>,
): Promise<Timed & { last: RawAnswer | null }> {
  const before = pid === null ? null : serverCpuSeconds(pid);
  const ttfbMs: number[] = [];
  const statuses: number[] = [];
  let last: RawAnswer | null = null;
  for (const path of paths) {
    last = await rawGet(baseUrl + path, headers);
    ttfbMs.push(last.ttfbMs);
    statuses.push(last.status);
  }
  const after = pid === null ? null : serverCpuSeconds(pid);
  const cpuMs =
    before === null || after === null
      ? null
      : ((after - before) * 1000) / Math.max(1, paths.length);
  return { cpuMs, ttfbMs, statuses, last };
}

/**
 * On the fresh site, before anything else asks for these pages: warm the
 * code on other pages, then each route's first renders (query executed),
 * then renders whose query answer is cached (a new `bench=<n>` parameter per
 * request, so the reader cache never answers).
 */
async function measureRenders(baseUrl: string, pid: number | null): Promise<RenderRow[]> {
  const br = { 'accept-encoding': READER_ENCODING };
  progress(
    'throughput',
    `uncached renders: warming the renderer on ${WARM_PAGES.length} other pages × ${WARM_RENDERS}`,
  );
  for (const page of WARM_PAGES)
    for (let i = 0; i < WARM_RENDERS; i += 1)
      await rawGet(baseUrl + withParam(page, 'warm', i), br);

  const firsts = new Map<RenderRoute, RenderRow['first']>();
  for (const route of RENDER_ROUTES) {
    const first: RenderRow['first'] = {
      cpuMs: [],
      ttfbMs: [],
      statuses: [],
      urls: [route.path, ...route.otherFirstVisits],
    };
    for (const url of first.urls) {
      const sample = await timedBatch(baseUrl, pid, [url], br);
      if (sample.cpuMs !== null) first.cpuMs.push(sample.cpuMs);
      first.ttfbMs.push(...sample.ttfbMs);
      first.statuses.push(...sample.statuses);
    }
    firsts.set(route, first);
  }
  progress(
    'throughput',
    `uncached renders: first renders (query executed) done; now ${RENDERS_PER_ROUTE} renders per route and encoding`,
  );

  const rows: RenderRow[] = [];
  for (const route of RENDER_ROUTES) {
    const brotliPaths = Array.from({ length: RENDERS_PER_ROUTE }, (_, i) =>
      withParam(route.path, 'bench', i),
    );
    const plainPaths = Array.from({ length: RENDERS_PER_ROUTE }, (_, i) =>
      withParam(route.path, 'bench', RENDERS_PER_ROUTE + i),
    );
    const brotli = await timedBatch(baseUrl, pid, brotliPaths, br);
    const plain = await timedBatch(baseUrl, pid, plainPaths, {});
    const brBytes = brotli.last?.body.length ?? 0;
    const htmlBytes =
      plain.last?.body.length ?? (brotli.last ? brotliDecompressSync(brotli.last.body).length : 0);
    rows.push({ route, htmlBytes, brBytes, brotli, plain, first: firsts.get(route)! });
    progress(
      'throughput',
      `uncached render ${route.path}: ${fixed(brotli.cpuMs ?? Number.NaN, 2)} ms CPU (br), ${fixed(plain.cpuMs ?? Number.NaN, 2)} ms (identity), TTFB p50 ${fixed(median(brotli.ttfbMs), 1)} ms; first render ${fixed(median(firsts.get(route)!.cpuMs), 1)} ms CPU`,
    );
  }
  return rows;
}

function renderStatusProblems(rows: readonly RenderRow[]): string {
  return rows
    .flatMap((row) => {
      const statuses = [...row.brotli.statuses, ...row.plain.statuses, ...row.first.statuses];
      const bad = statuses.filter((status) => status !== 200).length;
      return bad === 0 ? [] : [`${row.route.path}: ${bad} of ${statuses.length} renders not 200`];
    })
    .join('; ');
}

function renderTable(rows: readonly RenderRow[]): string {
  const cpu = (value: number | null) => (value === null ? 'n/a' : ms(value, 2));
  const body = rows.map((row) => [
    row.route.label,
    `\`${row.route.path}\``,
    `${kB(row.htmlBytes)} / ${kB(row.brBytes)}`,
    cpu(row.brotli.cpuMs),
    ms(median(row.brotli.ttfbMs), 1),
    ms(percentile(row.brotli.ttfbMs, 90), 1),
    cpu(row.plain.cpuMs),
    ms(median(row.plain.ttfbMs), 1),
    row.first.cpuMs.length === 0
      ? 'n/a'
      : `${ms(median(row.first.cpuMs), 1)}${row.first.cpuMs.length > 1 ? ` (${ms(Math.min(...row.first.cpuMs), 1)}–${ms(Math.max(...row.first.cpuMs), 1)})` : ''}`,
    ms(median(row.first.ttfbMs), 1),
    String(row.first.urls.length),
  ]);
  return table(
    [
      'Route',
      'URL',
      'Page, HTML / br',
      'CPU per render, br (render + brotli q9)',
      'TTFB p50, br',
      'TTFB p90, br',
      'CPU per render, no compression',
      'TTFB p50, no compression',
      'First render, query executed, br: CPU (median, range)',
      'First render: TTFB (median)',
      'First renders (pages)',
    ],
    body,
    ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
  );
}

function renderNotes(rows: readonly RenderRow[]): string {
  const brotliCpu = rows
    .map((row) => row.brotli.cpuMs)
    .filter((value): value is number => value !== null);
  const plainCpu = rows
    .map((row) => row.plain.cpuMs)
    .filter((value): value is number => value !== null);
  const firstCpu = rows.flatMap((row) => row.first.cpuMs);
  const compression = rows
    .map((row) =>
      row.brotli.cpuMs === null || row.plain.cpuMs === null
        ? null
        : row.brotli.cpuMs - row.plain.cpuMs,
    )
    .filter((value): value is number => value !== null);
  const slowest = [...rows].sort((a, b) => (b.brotli.cpuMs ?? 0) - (a.brotli.cpuMs ?? 0))[0];
  return [
    `- A render whose query answer is cached costs ${ms(Math.min(...brotliCpu), 1)}–${ms(Math.max(...brotliCpu), 1)} of server CPU with brotli (${ms(Math.min(...plainCpu), 1)}–${ms(Math.max(...plainCpu), 1)} without; compressing the page once at quality 9 is about ${ms(median(compression), 1)} of it, median over the routes)` +
      (slowest ? `; the costliest is ${slowest.route.label} (\`${slowest.route.path}\`). ` : '. ') +
      `At that cost one core renders about ${int(1000 / median(brotliCpu))} uncached pages a second (median route); a cached page costs a few tens of microseconds (above).`,
    `- A first render (the query runs: SQL on PGlite, in the same process; with br) costs ${ms(Math.min(...firstCpu), 1)}–${ms(Math.max(...firstCpu), 1)} of CPU. ` +
      'The article index and topic index renders are also the first of their page components in the process (no other page of theirs can be rendered without running their one query), so theirs include compiling that code.',
  ].join('\n');
}

// ---------------------------------------------------------------------------
// The existing tables and notes

function resultsTable(measured: readonly Measured[]): string {
  const rows = measured.map((entry) => {
    const { result, sampleBad, serverCores, loadCores } = entry;
    return [
      entry.server === 'bare' ? `↳ ${entry.label}` : entry.label,
      entry.scenario.acceptEncoding === null ? 'none' : `\`${entry.scenario.acceptEncoding}\``,
      int(rps(result)),
      ms(result.latency.p50, 0),
      ms(result.latency.p99, 0),
      ms(result.latency.max, 0),
      int(result.requests.total),
      `${int(result.non2xx)} / ${int(result.errors)} / ${int(result.timeouts)}`,
      `${sampleBad} of ${SAMPLE_SIZE}`,
      int(wireBytes(result)),
      serverCores === null ? 'n/a' : fixed(serverCores, 2),
      fixed(loadCores, 2),
      micros(cpuPerRequest(entry)),
    ];
  });
  return table(
    [
      'Request',
      'Accept-Encoding',
      'Requests/s',
      'p50',
      'p99',
      'max',
      'Requests',
      'non-2xx / errors / timeouts',
      'Bad answers in sample',
      'Bytes per response (wire)',
      'Server cores',
      'autocannon cores',
      'Server CPU per request',
    ],
    rows,
    ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
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
      await profileOperation(server.url, recorder, OPERATIONS.article, {
        runs: 30,
        cacheMiss: true,
      }),
      await profileOperation(server.url, recorder, OPERATIONS.articleIndex, {
        runs: 30,
        cacheMiss: true,
      }),
    ];
    const target = requestOf(
      server.url,
      SCENARIOS.find((scenario) => scenario.target)!,
    );
    // The first request fills the reader cache; the profiled ones are answered from it. Raw http: the client does not decompress.
    await rawGet(target.url, target.headers);
    const { shares: cpu } = await profileCpu(async () => {
      for (let i = 0; i < CPU_PROFILE_REQUESTS; i += 1) await rawGet(target.url, target.headers);
    });
    recorder.take();
    return { operations, cpu };
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
      .map(
        (stat) =>
          `${fixed(stat.meanMs, 1)} ms × ${fixed(stat.count, 0)}: \`${shortSql(stat.sql, 60)}\``,
      )
      .join('<br>') || '—',
  ]);
  return table(
    [
      'Operation',
      'Response cache',
      'Request (median)',
      'SQL running (median)',
      'SQL statements',
      'Costliest statements (mean × per request)',
    ],
    rows,
    ['l', 'l', 'r', 'r', 'r', 'l'],
  );
}

function cpuTable(cpu: readonly CpuShare[]): string {
  const rows = cpu
    .filter((entry) => entry.share >= 0.005)
    .map((entry) => [entry.component, ms(entry.ms, 0), `${Math.round(entry.share * 100)} %`]);
  return table(['Component', 'CPU time', 'Share of busy CPU'], rows, ['l', 'r', 'r']);
}

function targetNote(target: Measured): string {
  const r = rps(target.result);
  const p99 = target.result.latency.p99;
  const short =
    r >= TARGET_RPS
      ? 'meets 1,000'
      : `**${int(TARGET_RPS - r)} req/s (${Math.round((100 * (TARGET_RPS - r)) / TARGET_RPS)} %) short of 1,000**`;
  const late = p99 < TARGET_P99_MS ? 'under 50 ms' : `**${p99 - TARGET_P99_MS} ms over 50 ms**`;
  return `- Target request (article by persisted GET, \`Accept-Encoding: ${READER_ENCODING}\`, answered from the reader cache): ${int(r)} req/s (${short}), p99 ${p99} ms (${late}).`;
}

function cpuNote(target: Measured): string | null {
  const perRequest = cpuPerRequest(target);
  if (perRequest === null || target.serverCores === null) return null;
  return (
    `- During that run the server process used ${fixed(target.serverCores, 2)} cores, ${micros(perRequest)} of CPU per request, and autocannon (this process) ${fixed(target.loadCores, 2)} of the machine's 2 cores. ` +
    `Pace: ${paceVerdict(target)}.`
  );
}

function cacheNote(profiled: Profiled, measured: readonly Measured[]): string | null {
  const [hit, miss] = profiled.operations;
  const missRun = measured.find((entry) => entry.scenario.cacheMiss);
  if (!hit || !miss) return null;
  const missRate = missRun
    ? ` With a cache miss on every request (new \`${NONCE_VARIABLE}\` variable each time) the article runs at ${int(rps(missRun.result))} req/s, p99 ${missRun.result.latency.p99} ms.`
    : '';
  return (
    `- Readers' persisted GETs and pages are answered from the reader cache (server/http/readerResponseCache.ts) before express; POSTs go through express and yoga to the API's response cache: one repeated POST costs ${ms(hit.requestMs)} with ${fixed(hit.statements, 0)} SQL statements, ` +
    `one executed request ${ms(miss.requestMs)} with ${fixed(miss.statements, 0)} statements (${ms(miss.sqlBusyMs)} of SQL on PGlite, which runs one statement at a time on the server's main thread).${missRate}`
  );
}

function compressionNote(measured: readonly Measured[]): string | null {
  const target = measured.find((entry) => entry.scenario.target && entry.server === 'folio');
  const plain = measured.find((entry) => entry.scenario.acceptEncoding === null);
  if (!target || !plain) return null;
  const compressed = cpuPerRequest(target);
  const uncompressed = cpuPerRequest(plain);
  const cpu =
    compressed !== null && uncompressed !== null
      ? ` Server CPU per request: ${micros(compressed)} compressed against ${micros(uncompressed)} uncompressed. The reader cache compresses an answer once per encoding and sends the kept bytes after that, so a cache hit costs no compression; the ${kB(wireBytes(plain.result))} answer goes out as ${kB(wireBytes(target.result))} (headers included).`
      : '';
  return `- Without compression the same request runs at ${int(rps(plain.result))} req/s (p99 ${plain.result.latency.p99} ms).${cpu}`;
}

function profileNote(profiled: Profiled): string {
  const top = profiled.cpu
    .slice(0, 4)
    .map((entry) => `${entry.component} ${Math.round(entry.share * 100)} %`);
  return `- CPU profile of the target request (reader-cache hits, in-process, raw http client in the same process): ${top.join(', ')}. "Folio API code" also holds this benchmark's own request helper (cpuProfile.ts counts every file under /work/ as Folio's).`;
}

function notes(measured: readonly Measured[], profiled: Profiled): string {
  const target = measured.find((entry) => entry.scenario.target && entry.server === 'folio')!;
  return [
    targetNote(target),
    cpuNote(target),
    cacheNote(profiled, measured),
    compressionNote(measured),
    profileNote(profiled),
  ]
    .filter((line): line is string => line !== null)
    .join('\n');
}

function problems(measured: readonly Measured[]): string {
  return measured
    .filter((entry) => entry.result.non2xx + entry.result.errors + entry.sampleBad > 0)
    .map(
      (entry) =>
        `${entry.label}: ${entry.result.non2xx} non-2xx, ${entry.result.errors} socket errors (${entry.result.timeouts} timeouts), ${entry.sampleBad} bad in sample`,
    )
    .join('; ');
}

function besideTargets(pairs: readonly BesideBare[]): TargetCheck[] {
  const baseline = readBaseline();
  return pairs.flatMap((pair) => {
    const { byRps, byCpu } = shares(pair);
    const p99 = pair.folio.result.latency.p99;
    const Name = `${pair.name[0]!.toUpperCase()}${pair.name.slice(1)}`;
    const recorded = baseline?.byRps[pair.name];
    return [
      {
        target: `${Name} ≥ 70 % of a bare Node http server sending the same bytes, by req/s in one run (and ≥ 40 % by server CPU per request)`,
        measured: `${percent(byRps)} by req/s (${int(rps(pair.folio.result))} against ${int(rps(pair.bare.result))}), ${percent(byCpu)} by server CPU per request${pair.difference === '' ? '' : `; bytes differ: ${pair.difference}`}`,
        pass:
          byRps >= TARGET_SHARE_OF_BARE &&
          (byCpu === null || byCpu >= FLOOR_CPU_SHARE_OF_BARE) &&
          pair.difference === '',
      },
      {
        target: `${Name}: no more than 10 % below the ratio recorded in bench/throughputBaseline.json`,
        measured:
          recorded === undefined
            ? 'no ratio recorded for it'
            : `${percent(byRps)} against ${percent(recorded)} at ${baseline!.commit} (${baseline!.date})`,
        pass: recorded !== undefined && byRps >= recorded * (1 - LARGEST_DROP),
      },
      {
        target: `${pair.name[0]!.toUpperCase()}${pair.name.slice(1)} p99 < 10 ms (10 connections)`,
        measured: ms(p99, 0),
        pass: p99 < TARGET_CACHED_P99_MS,
      },
    ];
  });
}

export async function runThroughput(): Promise<Omit<SectionResult, 'durationMs'>> {
  const { measured, pairs, renders, metrics } = await withSite('throughput', async (site) => {
    const pid = listenerPid(Number(new URL(site.url).port));
    // First, while no page has been asked for: uncached renders.
    const renders = await measureRenders(site.url, pid);
    const measured: Measured[] = [];
    const pairs: BesideBare[] = [];
    for (const scenario of SCENARIOS) {
      const folio = await measure(site.url, pid, scenario);
      measured.push(folio);
      if (scenario.beside) {
        const pair = await measureBesideBare(site.url, scenario, folio);
        measured.push(pair.bare);
        pairs.push(pair);
      }
    }
    // Then the same cached requests with metrics on, beside this server.
    const metrics = await measureMetricsCost(
      site.url,
      SCENARIOS.filter((scenario) => scenario.beside),
      async (url, serverPid, scenario) => {
        const run = await measure(url, serverPid, scenario);
        measured.push({
          ...run,
          label: `${run.label}, metrics ${url === site.url ? 'off' : 'on'}`,
        });
        return { rps: rps(run.result), serverCores: run.serverCores };
      },
    );
    return { measured, pairs, renders, metrics };
  });
  const profiled = await profiles();
  const target = measured.find((entry) => entry.scenario.target && entry.server === 'folio')!;
  const r = rps(target.result);
  const renderProblems = renderStatusProblems(renders);
  const allProblems = [problems(measured), renderProblems].filter((text) => text !== '').join('; ');
  const body = [
    `Method: \`npm start\` (production, PGlite over a fresh seeded data folder) on 127.0.0.1; autocannon 8 in this process with **${CONNECTIONS} connections**, a **${WARMUP_SECONDS} s warm-up** (discarded), then **${MEASURE_SECONDS} s measured**, per request type, one after another. ` +
      `GraphQL requests carry the client's \`Accept\` header; \`Accept-Encoding\` is in the table (Chromium's \`${BROWSER_ENCODING}\`, or \`${READER_ENCODING}\` alone for the rows measured beside the bare server). ` +
      `Latency is autocannon's (whole milliseconds). Correctness: autocannon counts non-2xx answers and socket errors for every request; the body check (HTTP 200 and \`data\` without \`errors\`, or for a page HTTP 200 with its \`<h1>\`) replays each request ${SAMPLE_SIZE} times after its run. ` +
      `Server and autocannon cores: CPU time of the server process (${CPU_SOURCE}) and of this process during the measured ${MEASURE_SECONDS} s, divided by the duration.`,
    resultsTable(measured),
    '### Against the physical limit: a bare Node http server sending the same bytes',
    `For each case Folio is measured first (after its warm-up the answer is in the reader cache), then its answer is taken once with a raw HTTP request (status, headers in order, the brotli body as sent) and a bare Node \`http\` server (bench/bareServer.ts, a process of its own, tsx's loader) answers every request with exactly those bytes; Node writes \`Date\`, \`Connection\` and \`Keep-Alive\` itself for both. ` +
      "A raw request to the bare server is compared with Folio's answer before it is measured. The same autocannon request, warm-up and duration; the bare server runs right after Folio, so both see the same machine.",
    besideTable(pairs),
    besideNote(pairs),
    '### Metrics on and off (cached answers)',
    metrics.body,
    '### Uncached server renders, per route',
    `Measured first, on the fresh site: ${WARM_PAGES.length} other pages are rendered ${WARM_RENDERS} times each to compile the code (\`${WARM_PAGES.join('`, `')}\`); then the first render of each page below (and of ${RENDER_ROUTES.reduce((n, route) => n + route.otherFirstVisits.length, 0)} other pages of the parameterised routes), which **runs the page's query** (SQL on PGlite in the server process); then ${RENDERS_PER_ROUTE} renders per route with \`Accept-Encoding: br\` and ${RENDERS_PER_ROUTE} without, one request at a time. ` +
      `Each of those carries a new \`bench=<n>\` query parameter: the reader cache keys on the URL, so every request renders the page, while the page's GraphQL query (whose variables do not include \`bench\`) is answered from the API's 60 s response cache — so **these columns exclude query execution**; the first-render columns include it. ` +
      `CPU per render: server process CPU (${CPU_SOURCE}) over the batch ÷ renders; it includes express, the page handler, the in-process GraphQL request (yoga), React's render, the store serialisation, the ETag hash and storing the page in the reader cache (and, with br, compressing it at brotli quality 9 once). TTFB: from sending the request (kept-alive connection, this process) to the status line; pages are sent whole, so the last byte follows at once.`,
    renderTable(renders),
    renderNotes(renders),
    '### Notes',
    notes(measured, profiled),
    '### Where the time goes (one request at a time, server in-process over an in-memory PGlite)',
    profileTable(profiled.operations),
    `CPU profile of the same in-process server during ${CPU_PROFILE_REQUESTS} sequential target requests (article GET, \`Accept-Encoding: ${READER_ENCODING}\`, answered from the reader cache), by component (V8 sampling profiler, self time; the raw http client shares the process and its part is in "Node.js"):`,
    cpuTable(profiled.cpu),
  ].join('\n\n');
  return {
    id: 'throughput',
    title: 'API throughput and latency',
    targets: [
      {
        target: 'Article by persisted GET ≥ 1,000 req/s (10 connections)',
        measured: `${int(r)} req/s`,
        pass: r >= TARGET_RPS,
      },
      {
        target: 'Article by persisted GET p99 < 50 ms',
        measured: ms(target.result.latency.p99, 0),
        pass: target.result.latency.p99 < TARGET_P99_MS,
      },
      ...besideTargets(pairs),
      ...metrics.targets,
      {
        target: 'Every answer 200 and error-free',
        measured: allProblems === '' ? 'all clean' : allProblems,
        pass: allProblems === '',
      },
    ],
    body,
  };
}
