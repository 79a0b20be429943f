import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import {
  DEFAULT_IMAGE_CACHE_BYTES,
  imageCacheBytesFromEnvironment,
} from '../../settings/storageSettings';
import { clientAddressOf } from '../../server/ops/clientAddress';
import { createLogger } from '../../server/ops/logger';
import { readOperationsSettings } from '../../settings/operationsSettings';
import { openSite, type RunningServer } from '../../harness/siteServer';
import { openContentService, type ContentService } from '../../api/contentService';
import { serverSideOfService, startServer } from '../../server/startServer';
import ArticlePageQuery from '@generated/ArticlePageQuery.graphql';
import { sourceRenderer } from '../support/sourceRenderer';
import { eventually } from '../support/eventually';
import { startTestServer, type TestServer } from '../support/testServer';

/**
 * Issue 12 (items 4–6) against the real server: health and readiness, the
 * request log and request ids, and client addresses behind proxies.
 */

type LogLine = Record<string, unknown> & { msg: string; level: string };

/** A JSON logger whose lines this test reads. */
function capturedLogger() {
  const lines: LogLine[] = [];
  const logger = createLogger(
    { logLevel: 'info', logFormat: 'json' },
    { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
  );
  return {
    logger,
    lines,
    requests: () =>
      lines.filter((line) => typeof line.requestId === 'string' && typeof line.status === 'number'),
  };
}

/** A GET with any headers (fetch would refuse to send some, and keeps connections open). */
function get(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      url,
      { method, headers: { Connection: 'close', ...headers } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}

const SUBSCRIBE =
  'mutation Subscribe($email: String!) { subscribeToNewsletter(email: $email) { email } }';

describe('settings', () => {
  it('reads every variable with its default, and refuses values it cannot use', () => {
    expect(readOperationsSettings({ NODE_ENV: 'production' })).toMatchObject({
      trustProxy: 0,
      shutdownGraceMs: 10_000,
      logLevel: 'info',
      logFormat: 'json',
      webConcurrencyAsked: false,
    });
    expect(
      readOperationsSettings({ NODE_ENV: 'production' }).webConcurrency,
    ).toBeGreaterThanOrEqual(1);
    expect(readOperationsSettings({ NODE_ENV: 'test' }).logLevel).toBe('silent');
    expect(readOperationsSettings({ NODE_ENV: 'development' }).logFormat).toBe('pretty');
    expect(
      readOperationsSettings({
        WEB_CONCURRENCY: '3',
        FOLIO_TRUST_PROXY: '2',
        FOLIO_SHUTDOWN_GRACE_MS: '2500',
        FOLIO_LOG_LEVEL: 'warn',
      }),
    ).toMatchObject({
      webConcurrency: 3,
      webConcurrencyAsked: true,
      trustProxy: 2,
      shutdownGraceMs: 2500,
      logLevel: 'warn',
    });
    expect(() => readOperationsSettings({ WEB_CONCURRENCY: '0' })).toThrow(
      'WEB_CONCURRENCY must be a whole number of at least 1; it is "0".',
    );
    expect(() => readOperationsSettings({ FOLIO_TRUST_PROXY: 'yes' })).toThrow(/FOLIO_TRUST_PROXY/);
    expect(() => readOperationsSettings({ FOLIO_SHUTDOWN_GRACE_MS: '-1' })).toThrow(
      /FOLIO_SHUTDOWN_GRACE_MS/,
    );
    expect(() => readOperationsSettings({ FOLIO_LOG_LEVEL: 'loud' })).toThrow(/FOLIO_LOG_LEVEL/);
  });

  it('reads the server variables start.ts passes on, checked', () => {
    expect(readOperationsSettings({})).toMatchObject({
      renderTimeoutMs: undefined,
      publicUrl: undefined,
      upstreamUrl: undefined,
      corsOrigins: [],
      graphqlEndpoint: undefined,
      queriesAsGet: undefined,
      cdnPurgeUrl: undefined,
      webhookSecret: undefined,
    });
    expect(
      readOperationsSettings({
        FOLIO_CDN_PURGE_URL: 'http://127.0.0.1:6081/',
        FOLIO_WEBHOOK_SECRET: 'Kq3vT9xLm2Pw8RzA',
      }),
    ).toMatchObject({
      cdnPurgeUrl: 'http://127.0.0.1:6081/',
      webhookSecret: 'Kq3vT9xLm2Pw8RzA',
    });
    expect(
      readOperationsSettings({
        FOLIO_RENDER_TIMEOUT_MS: '2500',
        FOLIO_PUBLIC_URL: 'https://folio.example',
        FOLIO_UPSTREAM_GRAPHQL_URL: 'http://content.internal:8080/graphql',
        FOLIO_CORS_ORIGINS: 'https://app.example, http://localhost:3000',
        FOLIO_GRAPHQL_ENDPOINT: '/api/graphql',
        FOLIO_GRAPHQL_GET: 'true',
      }),
    ).toMatchObject({
      renderTimeoutMs: 2500,
      publicUrl: 'https://folio.example',
      upstreamUrl: 'http://content.internal:8080/graphql',
      corsOrigins: ['https://app.example', 'http://localhost:3000'],
      graphqlEndpoint: '/api/graphql',
      queriesAsGet: true,
    });
    expect(
      readOperationsSettings({
        FOLIO_GRAPHQL_ENDPOINT: 'https://content.example/graphql',
        FOLIO_GRAPHQL_GET: 'false',
      }),
    ).toMatchObject({
      graphqlEndpoint: 'https://content.example/graphql',
      queriesAsGet: false,
    });
  });

  it.each([
    [
      'FOLIO_RENDER_TIMEOUT_MS',
      'abc',
      'FOLIO_RENDER_TIMEOUT_MS must be a whole number of at least 1; it is "abc".',
    ],
    [
      'FOLIO_RENDER_TIMEOUT_MS',
      '0',
      'FOLIO_RENDER_TIMEOUT_MS must be a whole number of at least 1; it is "0".',
    ],
    [
      'FOLIO_PUBLIC_URL',
      'folio.example',
      'FOLIO_PUBLIC_URL must be an absolute http(s) URL, such as https://folio.example; it is "folio.example".',
    ],
    [
      'FOLIO_UPSTREAM_GRAPHQL_URL',
      'ftp://content/graphql',
      'FOLIO_UPSTREAM_GRAPHQL_URL must be an absolute http(s) URL, such as https://folio.example; it is "ftp://content/graphql".',
    ],
    [
      'FOLIO_CORS_ORIGINS',
      'https://app.example/path',
      /^FOLIO_CORS_ORIGINS must list origins .*; "https:\/\/app\.example\/path" is not one\.$/,
    ],
    ['FOLIO_CORS_ORIGINS', 'https://ok.example,foo', /"foo" is not one\.$/],
    [
      'FOLIO_GRAPHQL_ENDPOINT',
      ':::',
      'FOLIO_GRAPHQL_ENDPOINT must be a path on this site (/graphql) or an absolute http(s) URL; it is ":::".',
    ],
    [
      'FOLIO_GRAPHQL_ENDPOINT',
      '//evil.example/graphql',
      /FOLIO_GRAPHQL_ENDPOINT must be a path on this site/,
    ],
    ['FOLIO_GRAPHQL_GET', 'yes', 'FOLIO_GRAPHQL_GET must be true or false; it is "yes".'],
    [
      'FOLIO_CDN_PURGE_URL',
      'varnish:6081',
      'FOLIO_CDN_PURGE_URL must be an absolute http(s) URL, such as http://127.0.0.1:6081/; it is "varnish:6081".',
    ],
    [
      'FOLIO_WEBHOOK_SECRET',
      'short',
      'FOLIO_WEBHOOK_SECRET must be 16 to 1024 printable characters without spaces (it is sent as a Bearer token).',
    ],
    [
      'FOLIO_WEBHOOK_SECRET',
      'a secret with spaces in it',
      /^FOLIO_WEBHOOK_SECRET must be 16 to 1024 printable characters/,
    ],
  ])('refuses %s=%s with a message naming it', (name, value, message) => {
    expect(() => readOperationsSettings({ [name]: value })).toThrow(message);
  });

  it('FOLIO_IMAGE_CACHE_MB: megabytes above 0, else a message naming it', () => {
    expect(imageCacheBytesFromEnvironment({})).toBe(DEFAULT_IMAGE_CACHE_BYTES);
    expect(imageCacheBytesFromEnvironment({ FOLIO_IMAGE_CACHE_MB: '1.5' })).toBe(1_572_864);
    for (const value of ['0', '-5', 'lots', '1e3']) {
      expect(() => imageCacheBytesFromEnvironment({ FOLIO_IMAGE_CACHE_MB: value })).toThrow(
        `FOLIO_IMAGE_CACHE_MB must be a number of megabytes above 0 (at most 1,048,576); it is "${value}".`,
      );
    }
  });
});

describe('health and readiness', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ mode: 'production', readerCacheTtlMs: 60_000 });
  });
  afterAll(() => server?.close());

  it('/healthz and /readyz answer 200, never cached, with a request id', async () => {
    for (const [path, body] of [
      ['/healthz', { status: 'ok' }],
      ['/readyz', { status: 'ready' }],
      ['/readyz?probe=1', { status: 'ready' }],
    ] as const) {
      const answer = await get(`${server.url}${path}`);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual(body);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      // Every answer carries the security headers, health checks included.
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['content-security-policy']).toMatch(/default-src 'self'/);
    }
    const head = await get(`${server.url}/readyz`, {}, 'HEAD');
    expect([head.status, head.body]).toEqual([200, '']);
    const post = await get(`${server.url}/healthz`, {}, 'POST');
    expect([post.status, post.headers.allow]).toEqual([405, 'GET, HEAD']);
  });

  it('/readyz answers 503 with a short reason when the database does not answer, and /healthz stays 200', async () => {
    const broken = await startTestServer({ mode: 'production' });
    try {
      expect((await get(`${broken.url}/readyz`)).status).toBe(200);
      await broken.db.close();
      // The last answer is reused for a second at most.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const answer = await get(`${broken.url}/readyz`);
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.body)).toEqual({
        status: 'not ready',
        reason: 'the database is not answering',
      });
      expect(answer.headers['cache-control']).toBe('no-store');
      expect((await get(`${broken.url}/healthz`)).status).toBe(200);
    } finally {
      await broken.close().catch(() => undefined);
    }
  });

  it('/readyz answers 503 when the server serves the client and its build is missing', async () => {
    const emptyDist = mkdtempSync(path.join(tmpdir(), 'folio-no-build-'));
    const server = await openSite({
      port: 0,
      dataDir: 'memory://',
      mode: 'production',
      serveClient: true,
      distDir: emptyDist,
      renderer: sourceRenderer(),
    });
    try {
      const answer = await get(`${server.url}/readyz`);
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.body)).toEqual({
        status: 'not ready',
        reason: 'the client build is missing',
      });
      expect((await get(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await server.close();
      rmSync(emptyDist, { recursive: true, force: true });
    }
  });
});

describe('a server owns the content service it is handed', () => {
  /** A content service over a throwaway database whose quiesce and close are noted, in order. */
  async function notedService(): Promise<{ service: ContentService; calls: string[] }> {
    const opened = await openContentService({
      ...serverSideOfService({ mode: 'development' }),
      dataDir: 'memory://',
    });
    const calls: string[] = [];
    const service: ContentService = {
      ...opened,
      quiesce: () => (calls.push('quiesce'), opened.quiesce()),
      close: () => (calls.push('close'), opened.close()),
    };
    return { service, calls };
  }

  it('closes it when its port cannot be had, and says why', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const { service, calls } = await notedService();
      const port = (taken.address() as AddressInfo).port;
      await expect(
        startServer(service, { port, serveClient: false, mode: 'development' }),
      ).rejects.toThrow(/EADDRINUSE/);
      expect(calls).toEqual(['close']);
    } finally {
      taken.close();
    }
  });

  it('stops it after the drain: publishing and the live streams quieted first, the service closed last, once', async () => {
    const { service, calls } = await notedService();
    const server = await startServer(service, { port: 0, serveClient: false, mode: 'development' });
    expect((await get(`${server.url}/readyz`)).status).toBe(200);
    expect(calls).toEqual([]);
    await Promise.all([server.close(), server.close()]);
    expect(calls).toEqual(['quiesce', 'close']);
  });
});

describe('request ids and the request log', () => {
  let server: RunningServer;
  const log = capturedLogger();
  beforeAll(async () => {
    server = await openSite({
      port: 0,
      dataDir: 'memory://',
      serveClient: false,
      mode: 'development',
      readerCacheTtlMs: 60_000,
      logger: log.logger,
    });
  });
  afterAll(() => server?.close());

  it('keeps a sane X-Request-Id, makes one for anything else, and returns it on every answer, reader-cache hits too', async () => {
    expect(
      (await get(`${server.url}/healthz`, { 'X-Request-Id': 'lb-7f3a.9_Z' })).headers[
        'x-request-id'
      ],
    ).toBe('lb-7f3a.9_Z');
    for (const insane of ['a'.repeat(129), 'has space', 'semi;colon', '']) {
      const id = (await get(`${server.url}/healthz`, { 'X-Request-Id': insane })).headers[
        'x-request-id'
      ];
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
    const url = `${server.url}/graphql?${new URLSearchParams({ doc_id: ArticlePageQuery.params.id!, operationName: 'ArticlePageQuery', variables: JSON.stringify({ slug: 'reading-the-tides' }) })}`;
    const first = await get(url, { 'X-Request-Id': 'first' });
    const statements = server.db.statementCount;
    const cached = await get(url, { 'X-Request-Id': 'second' });
    const unchanged = await get(url, { 'If-None-Match': String(first.headers.etag) });
    expect([first.status, cached.status, unchanged.status]).toEqual([200, 200, 304]);
    expect(first.headers['cache-control']).toMatch(/^public/);
    // Answered from the kept answer: no statement ran.
    expect(server.db.statementCount).toBe(statements);
    expect(cached.body).toBe(first.body);
    expect([first.headers['x-request-id'], cached.headers['x-request-id']]).toEqual([
      'first',
      'second',
    ]);
    expect(unchanged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('writes one line per request: method, path without the query, status, duration, operation, client, request id', async () => {
    const before = log.requests().length;
    const query = await get(
      `${server.url}/graphql?${new URLSearchParams({ doc_id: ArticlePageQuery.params.id!, operationName: 'ArticlePageQuery', variables: JSON.stringify({ slug: 'reading-the-tides' }) })}&token=s3cret`,
      { 'X-Request-Id': 'get-line' },
    );
    const posted = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'post-line' },
      body: JSON.stringify({
        operationName: 'Subscribe',
        query: SUBSCRIBE,
        variables: { email: 'log@example.com' },
      }),
    });
    await posted.text();
    const preview = await get(`${server.url}/preview?token=s3cret&to=/`, {
      'X-Request-Id': 'preview-line',
    });
    const missing = await get(`${server.url}/no/such/thing`, { 'X-Request-Id': 'missing-line' });
    const probe = await get(`${server.url}/readyz`, { 'X-Request-Id': 'probe-line' });
    expect([query.status, posted.status, missing.status, probe.status]).toEqual([
      200, 200, 404, 200,
    ]);
    // Lines are written when the answer is finished, just after the client has it.
    await eventually(async () => expect(log.requests().slice(before)).toHaveLength(4));

    const lines = log.requests().slice(before);
    const byId = Object.fromEntries(lines.map((line) => [line.requestId, line]));
    expect(Object.keys(byId).sort()).toEqual([
      'get-line',
      'missing-line',
      'post-line',
      'preview-line',
    ]);
    expect(byId['get-line']).toMatchObject({
      level: 'info',
      method: 'GET',
      path: '/graphql',
      status: 200,
      operation: 'ArticlePageQuery',
      client: '127.0.0.1',
      msg: expect.stringMatching(/^GET \/graphql 200 [\d.]+ ms ArticlePageQuery$/),
    });
    expect(byId['post-line']).toMatchObject({
      method: 'POST',
      path: '/graphql',
      status: 200,
      operation: 'Subscribe',
    });
    expect(byId['preview-line']).toMatchObject({
      method: 'GET',
      path: '/preview',
      status: preview.status,
    });
    expect(byId['missing-line']).toMatchObject({ path: '/no/such/thing', status: 404 });
    expect(byId['missing-line']).not.toHaveProperty('operation');
    for (const line of lines) {
      expect(typeof line.ms).toBe('number');
      expect(line.ms as number).toBeGreaterThanOrEqual(0);
      expect(typeof line.time).toBe('string');
    }
    // Query strings never reach the log (a preview token travels in one); neither do healthy probes.
    expect(JSON.stringify(log.lines)).not.toContain('s3cret');
    expect(JSON.stringify(log.lines)).not.toContain('probe-line');
  });
});

describe('client addresses behind proxies (FOLIO_TRUST_PROXY)', () => {
  it('is the n-th X-Forwarded-For entry from the right, exactly as express computes request.ip', async () => {
    const cases: [number, string | undefined][] = [];
    for (const trust of [0, 1, 2, 3])
      for (const header of [
        undefined,
        '203.0.113.9',
        '198.51.100.1, 203.0.113.9',
        ' 10.0.0.1 ,198.51.100.1,  203.0.113.9',
        'junk, , 203.0.113.9',
      ])
        cases.push([trust, header]);
    const app = express();
    app.get('/', (request, response) =>
      response.json({
        express: request.ip,
        ours: clientAddressOf(request, Number(request.query.trust)),
      }),
    );
    for (const [trust, header] of cases) {
      app.set('trust proxy', trust);
      const server = createServer(app).listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      try {
        const { body } = await get(
          `http://127.0.0.1:${(server.address() as AddressInfo).port}/?trust=${trust}`,
          header === undefined ? {} : { 'X-Forwarded-For': header },
        );
        const { express: theirs, ours } = JSON.parse(body) as { express: string; ours: string };
        expect({ trust, header, address: ours }).toEqual({ trust, header, address: theirs });
      } finally {
        server.close();
      }
    }
    const request = (header: string) =>
      ({ headers: { 'x-forwarded-for': header }, socket: { remoteAddress: '10.1.1.1' } }) as never;
    expect(clientAddressOf(request('198.51.100.1, 203.0.113.9'), 0)).toBe('10.1.1.1');
    expect(clientAddressOf(request('198.51.100.1, 203.0.113.9'), 1)).toBe('203.0.113.9');
    expect(clientAddressOf(request('198.51.100.1, 203.0.113.9'), 2)).toBe('198.51.100.1');
    expect(clientAddressOf(request('198.51.100.1, 203.0.113.9'), 5)).toBe('198.51.100.1');
  });

  const subscribeAs = (server: TestServer, forwardedFor: string, n: number) =>
    server.graphql<{ subscribeToNewsletter: { email: string } }>(
      { query: SUBSCRIBE, variables: { email: `reader${n}@example.com` } },
      { 'X-Forwarded-For': forwardedFor },
    );

  it('with 1 trusted proxy, readers behind it get a newsletter budget each (RATE_LIMITED on the 6th attempt of one of them)', async () => {
    const log = capturedLogger();
    const server = await startTestServer({ trustProxy: 1, logger: log.logger });
    try {
      for (let n = 1; n <= 5; n += 1) {
        const answer = await subscribeAs(
          server,
          `198.51.100.7, 203.0.113.${n % 2 === 0 ? 1 : 2}`,
          n,
        );
        expect(answer.body.errors).toBeUndefined();
      }
      // Five from 203.0.113.2 and .1 together so far (3 and 2): each may still try, up to five.
      for (let n = 6; n <= 7; n += 1)
        expect((await subscribeAs(server, '203.0.113.2', n)).body.errors).toBeUndefined();
      expect((await subscribeAs(server, '203.0.113.2', 8)).body.errors?.[0]?.extensions?.code).toBe(
        'RATE_LIMITED',
      );
      // A new client in the header's trusted place has a budget of its own…
      expect((await subscribeAs(server, '203.0.113.3', 9)).body.errors).toBeUndefined();
      // …and what the client wrote further left buys nothing.
      expect(
        (await subscribeAs(server, '203.0.113.99, 203.0.113.2', 10)).body.errors?.[0]?.extensions
          ?.code,
      ).toBe('RATE_LIMITED');
      await eventually(async () =>
        expect(new Set(log.requests().map((line) => line.client))).toEqual(
          new Set(['203.0.113.1', '203.0.113.2', '203.0.113.3']),
        ),
      );
    } finally {
      await server.close();
    }
  });

  it('with 0 (the default), X-Forwarded-For is ignored: spoofing it does not buy a new budget', async () => {
    const server = await startTestServer({ trustProxy: 0 });
    try {
      for (let n = 1; n <= 5; n += 1)
        expect((await subscribeAs(server, `203.0.113.${n}`, n)).body.errors).toBeUndefined();
      expect(
        (await subscribeAs(server, '203.0.113.200', 6)).body.errors?.[0]?.extensions?.code,
      ).toBe('RATE_LIMITED');
    } finally {
      await server.close();
    }
  });

  it('express and the security headers follow the same setting: X-Forwarded-Proto makes the preview cookie Secure, and sends HSTS, only behind a trusted proxy', async () => {
    for (const trustProxy of [0, 1]) {
      const server = await startTestServer({ trustProxy, previewToken: 'preview-token-for-ops' });
      try {
        const answer = await get(`${server.url}/preview?token=preview-token-for-ops&to=/`, {
          'X-Forwarded-Proto': 'https',
          'X-Forwarded-For': '203.0.113.5',
        });
        const cookie = String(answer.headers['set-cookie']);
        expect(cookie).toContain('HttpOnly');
        expect(/;\s*Secure/i.test(cookie)).toBe(trustProxy === 1);
        // HSTS by the same rule: a client's own X-Forwarded-Proto is not HTTPS.
        expect(answer.headers['strict-transport-security'] !== undefined).toBe(trustProxy === 1);
      } finally {
        await server.close();
      }
    }
  });
});
