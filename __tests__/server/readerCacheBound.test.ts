import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ReaderCaches } from '../../api/caches/readerCaches';
import { ReaderResponseCache } from '../../server/http/readerResponseCache';

/**
 * Issue 36: the reader cache counts the bytes it really holds (each body and
 * compressed copy at its own size, and every entry's bookkeeping), stays
 * within its budget, and keeps readers' own addresses apart from addresses
 * with made-up query parameters, which get a small share of their own.
 */
const BUDGET = 2 * 1024 * 1024;
let server: Server;
let url: string;
let cache: ReaderResponseCache;
/** A page of about 6 kB that compresses well (as pages do). */
const page = (path: string) =>
  Buffer.from(
    `<!doctype html><title>${path}</title>` + '<p>Folio reads the tides.</p>'.repeat(200),
  );

beforeAll(async () => {
  server = createServer((request, response) => {
    if (cache.serve(request, response)) return;
    cache.storeAndSend(request, response, {
      status: 200,
      contentType: 'text/html; charset=utf-8',
      cacheControl: 'public, max-age=0, s-maxage=60',
      body: page(request.url ?? '/'),
      keys: ['a:1'],
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  cache = new ReaderResponseCache(60_000, { budgetBytes: BUDGET });
});

const get = async (path: string, encoding = 'br') => {
  const response = await fetch(`${url}${path}`, { headers: { 'Accept-Encoding': encoding } });
  await response.arrayBuffer();
  return response.headers.get('age');
};

it('counts a compressed copy at its own size, not the compressor’s buffer behind it', async () => {
  await get('/articles/one', 'identity');
  const plain = cache.bytes;
  await get('/articles/one', 'br');
  const withBrotli = cache.bytes;
  // A 6 kB page of repeated text compresses to well under a kilobyte: its copy adds about that.
  expect(withBrotli - plain).toBeGreaterThan(0);
  expect(withBrotli - plain).toBeLessThan(1_024);
  await get('/articles/one', 'gzip');
  expect(cache.bytes - withBrotli).toBeLessThan(1_024);
});

it('holds no more than its budget, whatever is asked for', async () => {
  for (let n = 0; n < 600; n += 1) await get(`/no-such-page-${n}`);
  expect(cache.bytes).toBeLessThanOrEqual(BUDGET);
  // Each entry counts its body, its copy and its bookkeeping: far more than the old body × 2 (12 kB).
  expect(cache.bytes / cache.size).toBeGreaterThan(7_000);
});

it('keeps readers’ pages when made-up query parameters are asked for', async () => {
  for (const path of ['/', '/articles/tides', '/search?q=tides']) await get(path);
  // Enough cache-busting addresses to fill the whole budget several times over.
  for (let n = 0; n < 1_000; n += 1) await get(`/articles/tides?bust=${n}`);
  expect(cache.bytes).toBeLessThanOrEqual(BUDGET);
  for (const path of ['/', '/articles/tides', '/search?q=tides'])
    expect({ path, kept: (await get(path)) !== null }).toEqual({ path, kept: true });
  // The made-up addresses are kept too, within their share.
  expect(await get('/articles/tides?bust=999')).not.toBeNull();
});

describe('an answer made while a change dropped what it shows (issue 36)', () => {
  it('is sent no-store and without keys, so that no CDN keeps the page from before the change', async () => {
    const caches = new ReaderCaches();
    const outdatedCache = new ReaderResponseCache(60_000, { caches });
    const answerServer = createServer((request, response) => {
      // The render begins, the change drops what it shows, the render ends.
      const generation = caches.generation;
      if (request.url === '/changed') caches.drop(['a:1']);
      else caches.drop(['b:2']);
      outdatedCache.storeAndSend(
        request,
        response,
        {
          status: 200,
          contentType: 'text/html; charset=utf-8',
          cacheControl: 'public, max-age=0, s-maxage=60',
          body: page(request.url ?? '/'),
          keys: ['a:1'],
        },
        generation,
      );
    });
    await new Promise<void>((resolve) => answerServer.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(answerServer.address() as AddressInfo).port}`;
    try {
      const changed = await fetch(`${origin}/changed`);
      expect(changed.status).toBe(200);
      expect(changed.headers.get('cache-control')).toBe('no-store');
      expect(changed.headers.get('surrogate-key')).toBeNull();
      // A change to something else leaves the answer as public as it was.
      const other = await fetch(`${origin}/unrelated`);
      expect(other.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
      expect(other.headers.get('surrogate-key')).toBe('a:1');
    } finally {
      await new Promise<void>((resolve) => answerServer.close(() => resolve()));
    }
  });
});
