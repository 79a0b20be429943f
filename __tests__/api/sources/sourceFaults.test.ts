import type { ServerResponse } from 'node:http';
import { createContentfulSource } from '../../../api/sources/contentful/contentfulSource';
import { readSourceSettings } from '../../../settings/sourceSettings';
import { sourceRenderer } from '../../support/sourceRenderer';
import { startFaultServer, type FaultServer } from '../../support/faultServer';
import { startTestServer, type TestServer } from '../../support/testServer';
import { sourceRequestDuration } from '../../../api/observability/metrics';

/**
 * Issue 20, bad input and faults: a CMS that is down, slow, answers 5xx or an
 * unexpected shape is a reader state — the 503 page with Retry-After, never a
 * crash, a 500 or a stack — and the log says which source failed and why.
 * The CMS here is a scripted HTTP server standing where Contentful would.
 */
interface Logged {
  fields: Record<string, unknown>;
  message: string;
}

let cms: FaultServer;
let site: TestServer;
const logged: Logged[] = [];
let answer: (response: ServerResponse) => void = (response) => response.writeHead(503).end('busy');

beforeAll(async () => {
  cms = await startFaultServer([(_, response) => answer(response)]);
  const settings = readSourceSettings({
    FOLIO_CONTENT_SOURCE: 'contentful',
    FOLIO_CONTENTFUL_SPACE_ID: 'space1',
    FOLIO_CONTENTFUL_DELIVERY_TOKEN: 'delivery',
    FOLIO_CONTENTFUL_GRAPHQL_URL: cms.url,
  });
  if (settings.kind !== 'contentful') throw new Error('contentful settings expected');
  site = await startTestServer({
    mode: 'production',
    serveClient: true,
    renderer: sourceRenderer(),
    readerCacheTtlMs: 0,
    searchRefreshMs: 0,
    contentSource: (db) =>
      createContentfulSource(settings, db, (fields, message) => logged.push({ fields, message }), {
        timeoutMs: 300,
      }),
  });
});
afterAll(async () => {
  await site.close();
  await cms.close();
});
beforeEach(() => {
  logged.length = 0;
});

async function page(path: string) {
  const response = await fetch(`${site.url}${path}`);
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    html: await response.text(),
  };
}

/** Reads from Contentful that timed out, by `folio_source_request_duration_seconds`. */
async function timedOutReads(): Promise<number> {
  const { values } = await sourceRequestDuration.get();
  return values
    .filter(
      (sample) =>
        sample.metricName === 'folio_source_request_duration_seconds_count' &&
        sample.labels.source === 'contentful' &&
        sample.labels.outcome === 'timeout',
    )
    .reduce((sum, sample) => sum + sample.value, 0);
}

const noStack = (html: string) => {
  expect(html).not.toMatch(/\bat [\w.<>]+ \(|node_modules|\/work\/|Error:/);
};

it('a CMS answering 503 is the 503 page with Retry-After, and the log names the source and the status', async () => {
  answer = (response) => response.writeHead(503).end('upstream busy');
  const { status, retryAfter, html } = await page('/articles/reading-the-tides');
  expect(status).toBe(503);
  expect(Number(retryAfter)).toBeGreaterThan(0);
  noStack(html);
  expect(logged).toContainEqual({
    fields: expect.objectContaining({ source: 'Contentful', status: 503 }),
    message: 'Contentful answered HTTP 503',
  });
});

it('a CMS that does not answer in time is the 503 page after the source’s timeout', async () => {
  answer = () => undefined;
  const timeoutsBefore = await timedOutReads();
  const started = Date.now();
  const { status, html } = await page('/articles/reading-the-tides');
  expect(status).toBe(503);
  expect(Date.now() - started).toBeLessThan(5_000);
  // Counted as what it was: a timeout, not any error (docs/operations.md#metrics).
  expect(await timedOutReads()).toBeGreaterThan(timeoutsBefore);
  noStack(html);
  expect(logged).toContainEqual({
    fields: expect.objectContaining({ source: 'Contentful', cause: 'no answer in 300 ms' }),
    message: 'Contentful could not be reached',
  });
});

it('an answer of an unexpected shape is the 503 page, and the log names the field', async () => {
  // An article without its title: a renamed or removed field in the content model.
  const article = {
    sys: { id: 'a1', publishedAt: '2026-01-01T00:00:00.000Z' },
    slug: 'reading-the-tides',
    summary: 's',
    publicationDate: '2026-01-01T00:00:00.000Z',
    body: { json: { nodeType: 'document', data: {}, content: [] }, links: null },
    authorsCollection: { items: [] },
    topicsCollection: { items: [] },
  };
  answer = (response) =>
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(
      JSON.stringify({
        data: {
          q0: { items: [{ title: 'Folio', description: '', navigation: [], footer: [] }] },
          q1: { items: [article] },
        },
      }),
    );
  const { status, html } = await page('/articles/reading-the-tides');
  expect(status).toBe(503);
  noStack(html);
  expect(logged.map((entry) => entry.message)).toContain(
    'Contentful answered an unexpected shape at articleCollection.items[0].title',
  );
});

it('an answer whose data lacks what was asked is the 503 page, and the log names the missing field', async () => {
  answer = (response) =>
    response
      .writeHead(200, { 'Content-Type': 'application/json' })
      .end(JSON.stringify({ data: null }));
  const { status, html } = await page('/articles/reading-the-tides');
  expect(status).toBe(503);
  noStack(html);
  expect(logged.map((entry) => entry.message)).toContain(
    'Contentful answered nothing for articleCollection',
  );
});

it('the feed and the sitemap are a 503 with Retry-After too, never a stack', async () => {
  answer = (response) => response.writeHead(502).end('bad gateway');
  for (const path of ['/feed.xml', '/sitemap.xml']) {
    const { status, retryAfter, html } = await page(path);
    expect(status).toBe(503);
    expect(retryAfter).toBe('30');
    noStack(html);
  }
});
