import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ReaderResponseCache, STALE_IF_ERROR_MS } from '../../server/http/readerResponseCache';

/**
 * Issue 20: when the content source fails (a CMS down, slow or answering
 * 5xx), a reader gets the last good page kept for the URL — never one whose
 * content was said to change, never one older than STALE_IF_ERROR_MS past its
 * freshness — and otherwise the 503 itself.
 */
const TTL_MS = 1_000;
let now = Date.now();
let server: Server;
let url: string;
let next: { status: number; body: string };
let cache: ReaderResponseCache;

beforeAll(async () => {
  jest.spyOn(Date, 'now').mockImplementation(() => now);
  server = createServer((request, response) => {
    if (cache.serve(request, response)) return;
    const cacheControl = next.status === 200 ? 'public, max-age=0, s-maxage=60' : 'no-store';
    cache.storeAndSend(request, response, {
      status: next.status,
      contentType: 'text/html',
      cacheControl,
      body: Buffer.from(next.body),
      keys: ['a:12'],
      headers: next.status === 503 ? { 'Retry-After': '30' } : {},
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/articles/tides`;
});
afterAll(async () => {
  jest.restoreAllMocks();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  cache = new ReaderResponseCache(TTL_MS);
  next = { status: 200, body: 'the good page' };
});

const get = async () => {
  const response = await fetch(url);
  return {
    status: response.status,
    body: await response.text(),
    cacheControl: response.headers.get('cache-control'),
    stale: response.headers.get('x-folio-stale'),
  };
};

it('answers a failed render with the last good page, kept from no cache', async () => {
  expect(await get()).toMatchObject({ status: 200, body: 'the good page', stale: null });
  now += TTL_MS + 1;
  next = { status: 503, body: 'the source is down' };
  expect(await get()).toEqual({
    status: 200,
    body: 'the good page',
    cacheControl: 'no-store',
    stale: 'content source unavailable',
  });
  // The source is back: the page is rendered and kept afresh.
  next = { status: 200, body: 'the new page' };
  expect(await get()).toMatchObject({ status: 200, body: 'the new page', stale: null });
});

it('gives the 503 once the kept page is older than the stale window', async () => {
  await get();
  now += TTL_MS + STALE_IF_ERROR_MS + 1;
  next = { status: 503, body: 'the source is down' };
  expect(await get()).toMatchObject({ status: 503, body: 'the source is down' });
});

it('never stands in with a page whose content was said to change', async () => {
  await get();
  cache.drop(new Set(['a:12']));
  next = { status: 503, body: 'the source is down' };
  expect(await get()).toMatchObject({ status: 503, body: 'the source is down' });
});

it('keeps no failed answer, and stands in only for failures of the source (not a 404 or a 500)', async () => {
  await get();
  now += TTL_MS + 1;
  next = { status: 500, body: 'a bug' };
  expect(await get()).toMatchObject({ status: 500, body: 'a bug' });
  next = { status: 504, body: 'too slow' };
  expect(await get()).toMatchObject({
    status: 200,
    body: 'the good page',
    stale: 'content source unavailable',
  });
});
