import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DiskImageCache } from '../../../api/images/imageCache';
import { startTestServer, type TestServer } from '../../support/testServer';

/** Issue 13 §4: the resized-image cache holds one file per image, width and format, and stays within its bytes. */
const cacheDir = () => path.join(tmpdir(), `folio-images-${process.pid}`, 'image-cache');
const cacheFiles = () =>
  existsSync(cacheDir()) ? readdirSync(cacheDir()).filter((name) => !name.endsWith('.tmp')) : [];

describe('through the server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ mode: 'production' });
  });
  afterAll(() => server.close());

  const FILE = 'hero-the-water-tower.jpg';
  it.each([
    `x1%2f..%2f${FILE}`,
    `x2%2F..%2F${FILE}`,
    `.%2f${FILE}`,
    `%2e%2f${FILE}`,
    `a%2f%2e%2e%2f${FILE}`,
    `a%5c..%5c${FILE}`,
    `%2f${FILE}`,
    `a//..//${FILE}`,
    `${FILE}%00`,
    `${FILE}/`,
  ])('/images/%s names no image: 404, and no cache file is written', async (name) => {
    const before = cacheFiles();
    const response = await fetch(`${server.url}/images/${name}?w=320&fm=webp`);
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).not.toMatch(/public/);
    expect(cacheFiles()).toEqual(before);
  });

  it('keeps one cache file for an image, width and format however often it is asked for', async () => {
    const url = `${server.url}/images/${FILE}?w=320&fm=webp`;
    const first = await fetch(url);
    expect(first.status).toBe(200);
    const after = cacheFiles();
    for (let i = 0; i < 5; i += 1) expect((await fetch(`${url}&v=${i}`)).status).toBe(200);
    expect(cacheFiles()).toEqual(after);
  });
});

describe('DiskImageCache', () => {
  const KB = 1024;
  const bytes = (size: number, fill: number) => Buffer.alloc(size, fill);
  const total = (dir: string) =>
    readdirSync(dir).reduce((sum, name) => sum + statSync(path.join(dir, name)).size, 0);
  const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

  it('evicts the least recently used files once past its bound, and stays within it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'folio-image-cache-'));
    const cache = new DiskImageCache(dir, 100 * KB);
    for (const name of ['a', 'b', 'c', 'd']) {
      await cache.put(name, bytes(20 * KB, name.charCodeAt(0)));
      await tick();
    }
    // `a` is used again, so `b` is now the least recently used.
    expect((await cache.get('a'))?.[0]).toBe('a'.charCodeAt(0));
    await tick();
    await cache.put('e', bytes(20 * KB, 1));
    await tick();
    await cache.put('f', bytes(20 * KB, 2));
    expect(total(dir)).toBeLessThanOrEqual(100 * KB);
    expect(await cache.get('b')).toBeNull();
    expect(await cache.get('a')).not.toBeNull();
    expect(await cache.get('f')).not.toBeNull();
  });

  it('counts what an earlier run left, and never keeps a file that would fill it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'folio-image-cache-'));
    const first = new DiskImageCache(dir, 100 * KB);
    for (const name of ['a', 'b', 'c', 'd']) await first.put(name, bytes(24 * KB, 3));
    const second = new DiskImageCache(dir, 50 * KB);
    await second.put('e', bytes(5 * KB, 4));
    expect(total(dir)).toBeLessThanOrEqual(50 * KB);
    await second.put('huge', bytes(45 * KB, 5));
    expect(await second.get('huge')).toBeNull();
  });
});
