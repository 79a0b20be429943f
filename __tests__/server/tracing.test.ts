import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type Server,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sourceRateLimitWait } from '../../api/observability/metrics';
import { createCmsBatch } from '../../api/sources/cms/cmsGraphQL';
import { freePort } from '../../harness/siteProcess';
import { exportProblems } from '../../server/ops/tracingSdk';
import { clientBuildExists } from '../../server/startServer';
import { readTracingSettings } from '../../settings/tracingSettings';
import {
  startServerProcess,
  stopServerProcesses,
  type LogLine,
  type ServerProcess,
} from '../support/serverProcess';
import { describeOnStrapi } from '../support/strapiUnderTest';

/**
 * Issue 37's traces, end to end: `npm start`'s server (server/start.ts, in
 * a process of its own) over the real local Strapi with
 * `OTEL_EXPORTER_OTLP_ENDPOINT` pointing at a small OTLP/HTTP receiver here
 * (the OpenTelemetry Collector is not packaged by Debian: this test reads
 * the JSON itself), and `FOLIO_STRAPI_URL` at a proxy here that forwards to
 * Strapi and records the `traceparent` of every request. One uncached
 * article page is asked for with a `traceparent` of the test's own.
 */

const ROOT = path.resolve(__dirname, '../..');
const SLUG = 'why-onions-make-you-cry';
/** The batch processor's delay in the servers started here: spans arrive within a second, not five. */
const EXPORT_DELAY_MS = '200';
const SPAN_KIND_SERVER = 2;
const SPAN_KIND_CLIENT = 3;

interface ExportedSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
  /** service.name of the resource it came with. */
  service: string | undefined;
}

/** An OTLP/HTTP receiver that keeps every span of every JSON export to /v1/traces. */
async function otlpReceiver() {
  const spans: ExportedSpan[] = [];
  const contentTypes = new Set<string>();
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      contentTypes.add(String(request.headers['content-type']));
      const payload = JSON.parse(body) as {
        resourceSpans: {
          resource: { attributes: { key: string; value: { stringValue?: string } }[] };
          scopeSpans: { spans: Omit<ExportedSpan, 'service'>[] }[];
        }[];
      };
      for (const resourceSpans of payload.resourceSpans) {
        const service = resourceSpans.resource.attributes.find(
          (attribute) => attribute.key === 'service.name',
        )?.value.stringValue;
        for (const scope of resourceSpans.scopeSpans)
          for (const span of scope.spans) spans.push({ ...span, service });
      }
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  const url = await listen(server);
  return { url, spans, contentTypes, close: () => closeServer(server) };
}

/** A proxy in front of Strapi that records each request's path and `traceparent`. */
async function recordingProxy(target: string) {
  const seen: { method: string; path: string; traceparent: string | undefined }[] = [];
  const upstream = new URL(target);
  const server = createServer((request, response) => {
    const traceparent = request.headers.traceparent;
    seen.push({
      method: request.method ?? '',
      path: request.url ?? '',
      traceparent: typeof traceparent === 'string' ? traceparent : undefined,
    });
    const headers: IncomingHttpHeaders = { ...request.headers, host: upstream.host };
    const forwarded = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => response.writeHead(502).end());
    request.pipe(forwarded);
  });
  const url = await listen(server);
  return { url, seen, close: () => closeServer(server) };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** The pages are rendered by the webpack build (dist/server/render.js): built once here when missing (CI's unit run has none yet). */
function ensureClientBuild(): void {
  if (clientBuildExists()) return;
  const build = spawnSync('npx', ['webpack', '--mode', 'production'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0)
    throw new Error(`webpack failed (${build.status}):\n${build.stdout}\n${build.stderr}`);
}

async function waitUntil(condition: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const attribute = (span: ExportedSpan, key: string) => {
  const value = span.attributes.find((entry) => entry.key === key)?.value;
  return value ? Object.values(value)[0] : undefined;
};
/** The variables the servers here get on top of a source's: their own data folder, pages served, the log as JSON lines. */
const serverEnv = (dataDir: string) => ({
  FOLIO_DATA_DIR: dataDir,
  FOLIO_SERVE_CLIENT: '1',
  FOLIO_LOG_FORMAT: 'json',
  FOLIO_LOG_LEVEL: 'info',
  OTEL_SDK_DISABLED: 'false',
  OTEL_BSP_SCHEDULE_DELAY: EXPORT_DELAY_MS,
});
const tracingStarted = (line: LogLine) => line.msg.startsWith('traces: spans of slow paths go to');
/** The line server/start.ts's startTracing writes, or what its absence means. */
const tracingLine = (server: ServerProcess) =>
  server.lines().find(tracingStarted)?.msg ??
  'no "traces:" line: server/start.ts did not start tracing (startTracing, server/ops/tracingSdk.ts)';

describe('the tracing settings', () => {
  it('unset, or OTEL_SDK_DISABLED=true: tracing is off', () => {
    expect(readTracingSettings({})).toBeUndefined();
    expect(
      readTracingSettings({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
        OTEL_SDK_DISABLED: 'true',
      }),
    ).toBeUndefined();
  });
  it('the endpoint is a base: spans go to its /v1/traces; the defaults', () => {
    expect(readTracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toEqual({
      tracesUrl: 'http://collector:4318/v1/traces',
      serviceName: 'folio',
      sampleRatio: 1,
      exportDelayMs: 5000,
    });
    expect(
      readTracingSettings({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otlp.example/tenant/',
        OTEL_SERVICE_NAME: 'folio-eu',
        OTEL_TRACES_SAMPLER_ARG: '0.25',
      }),
    ).toMatchObject({
      tracesUrl: 'https://otlp.example/tenant/v1/traces',
      serviceName: 'folio-eu',
      sampleRatio: 0.25,
    });
  });
  it.each([
    ['OTEL_EXPORTER_OTLP_ENDPOINT', { OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }],
    ['OTEL_EXPORTER_OTLP_ENDPOINT', { OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://collector:4317' }],
    ['OTEL_TRACES_SAMPLER_ARG', { OTEL_TRACES_SAMPLER_ARG: '1.5' }],
    ['OTEL_TRACES_SAMPLER_ARG', { OTEL_TRACES_SAMPLER_ARG: 'half' }],
    ['OTEL_SERVICE_NAME', { OTEL_SERVICE_NAME: 'folio\u0007' }],
    ['OTEL_BSP_SCHEDULE_DELAY', { OTEL_BSP_SCHEDULE_DELAY: '0' }],
    ['OTEL_SDK_DISABLED', { OTEL_SDK_DISABLED: 'yes' }],
  ])('a wrong %s is refused, named', (variable, env) => {
    expect(() =>
      readTracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', ...env }),
    ).toThrow(new RegExp(`^${variable} must`));
  });
});

describe('a failing endpoint is logged at most once a minute', () => {
  it('the first failure at once, then one line a minute with the count, and one when spans are sent again', () => {
    let now = 0;
    const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
    const logger = {
      warn: (fields: Record<string, unknown>, message: string) =>
        lines.push({ level: 'warn', fields, message }),
      info: (fields: Record<string, unknown>, message: string) =>
        lines.push({ level: 'info', fields, message }),
    };
    const problems = exportProblems(
      logger as never,
      'http://127.0.0.1:9/v1/traces',
      60_000,
      () => now,
    );
    const refused = () =>
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    for (let second = 0; second < 59; second += 1) {
      now = second * 1000;
      const error = refused();
      problems.failed(error, { exportFailure: true });
      // The batch processor hands the same error to the global handler: counted once.
      problems.failed(error);
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]!.fields).toMatchObject({ cause: 'connect ECONNREFUSED 127.0.0.1:9' });
    now = 60_000;
    problems.failed(refused(), { exportFailure: true });
    expect(lines).toHaveLength(2);
    expect(lines[1]!.fields).toMatchObject({ moreSinceLastReport: 58 });
    problems.succeeded();
    problems.succeeded();
    expect(lines.slice(2).map((line) => line.level)).toEqual(['info']);
  });
});

it('a CMS rate limit: the wait is observed in folio_source_rate_limit_wait_seconds, by source', async () => {
  const answers = [
    new Response('{}', { status: 429, headers: { 'x-contentful-ratelimit-reset': '0' } }),
    Response.json({ data: { q0: { title: 'Reading the tides' } } }),
  ];
  const batch = createCmsBatch(
    {
      name: 'Contentful',
      url: 'http://127.0.0.1:9/graphql',
      token: () => 'token',
      log: () => {},
      fetch: () => Promise.resolve(answers.shift()!),
    },
    false,
  );
  const before = await sourceRateLimitWait.get();
  const countOf = (metric: typeof before) =>
    metric.values.find(
      (value) =>
        value.metricName === 'folio_source_rate_limit_wait_seconds_count' &&
        value.labels.source === 'contentful',
    )?.value ?? 0;
  expect(await batch.query({ field: 'article { title }' })).toEqual({
    title: 'Reading the tides',
  });
  expect(countOf(await sourceRateLimitWait.get())).toBe(countOf(before) + 1);
});

describe('an endpoint nobody listens on costs readers nothing', () => {
  let dataDir: string;
  beforeAll(() => {
    ensureClientBuild();
    dataDir = mkdtempSync(path.join(tmpdir(), 'folio-tracing-broken-'));
  });
  afterEach(() => stopServerProcesses());
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('pages answer 200 throughout, and the export error is logged once in the window', async () => {
    const nobody = await freePort();
    const server = await startServerProcess({
      ...serverEnv(dataDir),
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${nobody}`,
    });
    expect(tracingLine(server)).toMatch(/^traces: spans of slow paths go to http/);
    const failure = (line: LogLine) => line.msg.startsWith('traces: spans could not be sent');
    // Uncached renders (a new query string is a new reader-cache key), each with spans to send,
    // until the failure is logged (the exporter retries for up to 10 s first) and 5 s more.
    const statuses: number[] = [];
    let loggedAt: number | null = null;
    const deadline = Date.now() + 60_000;
    for (let n = 0; Date.now() < deadline; n += 1) {
      const answer = await fetch(`${server.url}/articles/reading-the-tides?n=${n}`);
      await answer.arrayBuffer();
      statuses.push(answer.status);
      if (loggedAt === null && server.lines().some(failure)) loggedAt = Date.now();
      if (loggedAt !== null && Date.now() - loggedAt > 5_000) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(loggedAt).not.toBeNull();
    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    const failures = server.lines().filter(failure);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({
      level: 'warn',
      tracesUrl: `http://127.0.0.1:${nobody}/v1/traces`,
    });
    expect(String(failures[0]!.cause)).toContain('ECONNREFUSED');
  });
});

describeOnStrapi('one uncached article over Strapi, traced', (variables, settings) => {
  let receiver: Awaited<ReturnType<typeof otlpReceiver>>;
  let proxy: Awaited<ReturnType<typeof recordingProxy>>;
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    ensureClientBuild();
    dataDir = mkdtempSync(path.join(tmpdir(), 'folio-tracing-'));
    receiver = await otlpReceiver();
    proxy = await recordingProxy(settings.url);
    server = await startServerProcess({
      ...variables,
      ...serverEnv(dataDir),
      FOLIO_STRAPI_URL: proxy.url,
      FOLIO_STRAPI_MEDIA_HOSTS: new URL(settings.url).host,
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_SERVICE_NAME: 'folio-under-test',
    });
  });
  afterAll(async () => {
    stopServerProcesses();
    await receiver?.close();
    await proxy?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the spans form one tree under the reader’s trace, and Strapi was sent the same trace id', async () => {
    expect(tracingLine(server)).toMatch(/^traces: spans of slow paths go to http/);
    const traceId = hex(16);
    const callerSpanId = hex(8);
    const answer = await fetch(`${server.url}/articles/${SLUG}`, {
      headers: { traceparent: `00-${traceId}-${callerSpanId}-01` },
    });
    expect(answer.status).toBe(200);
    // Rendered for this request, not a kept answer.
    expect(answer.headers.get('age')).toBeNull();
    expect(await answer.text()).toContain('</html>');

    const ours = () => receiver.spans.filter((span) => span.traceId === traceId);
    await waitUntil(
      () =>
        ours().some((span) => span.name === 'folio.render') &&
        ours().some((span) => span.name === 'folio.cms.request') &&
        // The request's own span ends last, with the answer: the one whose parent is the caller's.
        ours().some((span) => span.parentSpanId === callerSpanId),
      20_000,
      'the render, a CMS request and the span continuing the caller’s to be exported',
    );
    // The next export would have carried anything still open.
    await new Promise((resolve) => setTimeout(resolve, Number(EXPORT_DELAY_MS) * 3));
    const spans = ours();
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const tree = () => spans.map((span) => `${span.name} ${span.spanId}←${span.parentSpanId}`);

    // One tree: a single span continues the caller's, every other one's parent is exported too.
    const roots = spans.filter((span) => span.parentSpanId === callerSpanId);
    expect({ roots: roots.map((span) => span.name), spans: tree() }).toMatchObject({
      roots: [expect.any(String)],
    });
    for (const span of spans)
      if (span !== roots[0])
        expect([span.name, byId.has(span.parentSpanId ?? '')]).toEqual([span.name, true]);
    const ancestorsOf = (span: ExportedSpan) => {
      const names: string[] = [];
      for (let at = byId.get(span.parentSpanId ?? ''); at; at = byId.get(at.parentSpanId ?? ''))
        names.push(at.name);
      return names;
    };
    // The request's own span, continuing the caller's: kind server, named by its method, the path without its query.
    const root = roots[0]!;
    expect(root).toMatchObject({ name: 'GET', kind: SPAN_KIND_SERVER });
    expect(attribute(root, 'url.path')).toBe(`/articles/${SLUG}`);
    expect(attribute(root, 'http.request.method')).toBe('GET');
    expect(attribute(root, 'http.response.status_code')).toBe(200);
    expect(spans.every((span) => span.service === 'folio-under-test')).toBe(true);

    const render = spans.filter((span) => span.name === 'folio.render');
    expect(render).toHaveLength(1);
    expect(ancestorsOf(render[0]!)).toEqual(['GET']);
    const reads = spans.filter((span) => span.name.startsWith('folio.source.'));
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) {
      expect(ancestorsOf(read)).toContain('folio.render');
      expect(attribute(read, 'folio.source')).toBe('strapi');
    }
    const cmsRequests = spans.filter((span) => span.name === 'folio.cms.request');
    expect(cmsRequests.length).toBeGreaterThan(0);
    for (const request of cmsRequests) {
      expect(request.kind).toBe(SPAN_KIND_CLIENT);
      expect(ancestorsOf(request)).toContain('folio.render');
      expect({
        source: attribute(request, 'folio.source'),
        method: attribute(request, 'http.request.method'),
        status: attribute(request, 'http.response.status_code'),
        address: attribute(request, 'server.address'),
      }).toEqual({ source: 'strapi', method: 'POST', status: 200, address: '127.0.0.1' });
    }

    // Strapi was sent the same trace, each request with its own CMS span as the parent.
    const sentToStrapi = proxy.seen.filter((request) =>
      request.traceparent?.startsWith(`00-${traceId}-`),
    );
    expect(sentToStrapi.length).toBe(cmsRequests.length);
    expect(sentToStrapi.map((request) => request.traceparent!.split('-')[2]).sort()).toEqual(
      cmsRequests.map((span) => span.spanId).sort(),
    );
    expect(sentToStrapi.every((request) => request.traceparent!.endsWith('-01'))).toBe(true);

    // The request's log line names the trace.
    const line = await server.waitFor(
      (entry) => entry.path === `/articles/${SLUG}` && entry.status === 200,
      10_000,
    );
    expect(line.traceId).toBe(traceId);
    expect([...receiver.contentTypes]).toEqual(['application/json']);
  });

  it('a request without a traceparent starts a trace of its own, named in its log line; a kept answer starts none', async () => {
    const ask = async (requestId: string) => {
      const answer = await fetch(`${server.url}/articles/${SLUG}?untraced=1`, {
        headers: { 'X-Request-Id': requestId },
      });
      await answer.arrayBuffer();
      expect(answer.status).toBe(200);
      return server.waitFor((entry) => entry.requestId === requestId, 10_000);
    };
    const rendered = await ask(`tracing-${hex(4)}`);
    expect(rendered.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(rendered.traceId).not.toBe('0'.repeat(32));
    await waitUntil(
      () =>
        receiver.spans.some(
          (span) => span.traceId === rendered.traceId && span.name === 'folio.render',
        ),
      20_000,
      'the render of the request without a traceparent to be exported',
    );
    const kept = await ask(`tracing-${hex(4)}`);
    expect(kept.traceId).toBeUndefined();
  });
});
