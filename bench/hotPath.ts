import { spawn } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Session } from 'node:inspector/promises';
import type { Profiler } from 'node:inspector';
import path from 'node:path';
import { openSite } from '../harness/siteServer';
import { GENERATED_HEADERS } from './bareServer';
import { OPERATIONS, persistedGetPath, READER_ENCODING } from './operations';
import { printReport, table } from './report';
import { fixed, int } from './stats';

/**
 * Where a cached answer's time goes, by stage (issue 29): Folio's production
 * server in this process (PGlite in memory), its answer kept, and autocannon
 * in a process of its own sending 10 connections of the same request
 * (`Accept-Encoding: br`) for 8 s while V8's profiler samples this process
 * every 50 µs. Each sample's self time is given to a stage by the code it is
 * in (a native frame, or code of no stage such as node:fs writing a log
 * line, counts for the nearest caller that has one); divided by the
 * requests answered, that is microseconds per request. The same for a bare
 * Node `http` server in this process answering with Folio's bytes.
 *
 *   npx tsx bench/hotPath.ts      (prints a Markdown table)
 */

const ROOT = path.resolve(__dirname, '..');
const SECONDS = 8;

const STAGES: [RegExp, string][] = [
  [/\/(pino|sonic-boom|on-exit-leak-free)\/|server\/ops\/(requestLog|logger)\.ts/, 'request log'],
  [
    /server\/http\/readerResponseCache\.ts|api\/changes\/readerCaches\.ts/,
    'cache lookup, freshness',
  ],
  [/api\/changes\/cacheKeys\.ts/, 'key headers (Cache-Control, Surrogate-Key)'],
  [/server\/http\/etag\.ts/, 'ETag'],
  [/api\/answerCompression\.ts/, 'compression choice'],
  [/server\/http\/securityHeaders\.ts|server\/publicOrigin\.ts/, 'security headers'],
  [/api\/previewCredential\.ts/, 'credential guard'],
  [
    /server\/startServer\.ts|server\/ops\/(shutdown|health|clientAddress)\.ts/,
    'routing, drain bookkeeping',
  ],
  [
    /^node:(_http_outgoing|_http_server|_http_common|net|internal\/stream_base_commons|internal\/streams)/,
    'writing the answer (Node http, socket)',
  ],
  [
    /^node:(_http_incoming|internal\/http|events|internal\/process)/,
    'request parsing, events (Node)',
  ],
  [/^\(garbage collector\)$/, 'garbage collection'],
];

function stageOf(
  node: Profiler.ProfileNode,
  byId: Map<number, Profiler.ProfileNode>,
  parents: Map<number, number>,
): string | null {
  if (node.callFrame.functionName === '(idle)') return null;
  if (node.callFrame.functionName === '(garbage collector)') return 'garbage collection';
  // A native frame (no URL), or code of no stage (node:fs writing a log line), counts for the
  // nearest caller that has one.
  for (let at: Profiler.ProfileNode | undefined = node; at;) {
    const url = at.callFrame.url.replace(/^file:\/\//, '');
    if (url !== '') for (const [pattern, stage] of STAGES) if (pattern.test(url)) return stage;
    const parent = parents.get(at.id);
    at = parent === undefined ? undefined : byId.get(parent);
  }
  return 'other';
}

function autocannon(url: string, seconds: number): Promise<{ requests: number; rps: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      path.join(ROOT, 'node_modules/.bin/autocannon'),
      ['-c', '10', '-d', String(seconds), '-H', `Accept-Encoding: ${READER_ENCODING}`, '-j', url],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('close', () => {
      try {
        const result = JSON.parse(out) as { requests: { total: number; average: number } };
        resolve({ requests: result.requests.total, rps: result.requests.average });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

/** Folio's answer as sent: status, headers but those Node writes itself, body. */
function answerOf(url: string) {
  return new Promise<{ status: number; headers: string[]; body: Buffer }>((resolve, reject) => {
    request(url, { headers: { 'Accept-Encoding': READER_ENCODING } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const headers: string[] = [];
        for (let n = 0; n < response.rawHeaders.length; n += 2)
          if (!GENERATED_HEADERS.has(response.rawHeaders[n]!.toLowerCase()))
            headers.push(response.rawHeaders[n]!, response.rawHeaders[n + 1]!);
        resolve({ status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
    })
      .on('error', reject)
      .end();
  });
}

interface Profiled {
  rps: number;
  usPerRequest: Map<string, number>;
  busyUs: number;
}

/** Warms up, then profiles this process while autocannon asks `url`. */
async function profileUnderLoad(url: string): Promise<Profiled> {
  await autocannon(url, 2);
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 50 });
  await session.post('Profiler.start');
  const load = await autocannon(url, SECONDS);
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parents.set(child, node.id);
  const usPerRequest = new Map<string, number>();
  let busyUs = 0;
  profile.samples!.forEach((id, index) => {
    const stage = stageOf(byId.get(id)!, byId, parents);
    if (stage === null) return;
    const us = profile.timeDeltas![index] ?? 0;
    busyUs += us;
    usPerRequest.set(stage, (usPerRequest.get(stage) ?? 0) + us);
  });
  for (const [stage, us] of usPerRequest) usPerRequest.set(stage, us / load.requests);
  return { rps: load.rps, usPerRequest, busyUs: busyUs / load.requests };
}

export async function profileHotPath(): Promise<string> {
  const server = await openSite({ port: 0, dataDir: 'memory://', mode: 'production' });
  const cases = [
    {
      name: 'cached persisted GET (article)',
      url: server.url + persistedGetPath(OPERATIONS.article),
    },
    { name: 'cached reader document (article)', url: `${server.url}/articles/reading-the-tides` },
  ];
  const columns: { label: string; profiled: Profiled }[] = [];
  try {
    for (const { name, url } of cases) {
      await answerOf(url);
      columns.push({ label: `${name}: Folio`, profiled: await profileUnderLoad(url) });
      const answer = await answerOf(url);
      const bare: Server = createServer((_request, response) => {
        response.writeHead(answer.status, answer.headers);
        response.end(answer.body);
      });
      await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
      const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
      columns.push({ label: `${name}: bare server`, profiled: await profileUnderLoad(bareUrl) });
      await new Promise((resolve) => bare.close(resolve));
    }
  } finally {
    await server.close();
  }
  const stages = [...STAGES.map(([, stage]) => stage), 'other'].filter(
    (stage, index, all) =>
      all.indexOf(stage) === index &&
      columns.some((column) => (column.profiled.usPerRequest.get(stage) ?? 0) > 0),
  );
  return table(
    ['µs per request, by stage', ...columns.map((column) => column.label)],
    [
      ...stages.map((stage) => [
        stage,
        ...columns.map((column) => fixed(column.profiled.usPerRequest.get(stage) ?? 0, 2)),
      ]),
      [
        '**all (main thread busy)**',
        ...columns.map((column) => `**${fixed(column.profiled.busyUs, 1)}**`),
      ],
      [
        'requests per second (autocannon in another process)',
        ...columns.map((column) => int(column.profiled.rps)),
      ],
    ],
    ['l', ...columns.map(() => 'r' as const)],
  );
}

if (require.main === module) printReport(profileHotPath());
