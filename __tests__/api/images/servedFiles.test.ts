import { execFileSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DiskImageCache } from '../../../api/images/imageCache';
import { createEmbeddedSource } from '../../../api/sources/embedded/embeddedSource';
import { ContentFolderCopy } from '../../../harness/contentFolderCopy';
import { startTestServer, type TestServer } from '../../support/testServer';

/**
 * Issue 36: /images serves a file by the rule a publish reads it by. Its
 * real path stays inside content/images (the images folder inside the
 * content folder), and it is a regular file: an image published and then
 * swapped for a link out of the folder — to the data folder's keys, the
 * publisher's token — a folder or a FIFO is a 404, at once. The image
 * cache in the data folder reads only the regular files it wrote.
 */
const PUBLIC_IMAGE = 'hero-reading-the-tides.jpg';
const OTHER_IMAGE = 'hero-desire-paths.jpg';
const SECRET = '{"token":"the publisher token, never to leave the data folder"}';

let folder: ContentFolderCopy;
let site: TestServer;
let dataDir: string;
const images = () => path.join(folder.dir, 'images');

beforeAll(async () => {
  folder = new ContentFolderCopy();
  dataDir = mkdtempSync(path.join(tmpdir(), 'folio-data-'));
  writeFileSync(path.join(dataDir, 'content-publisher.json'), SECRET);
  // The seed is content/'s, as the copy is: the same assets, their files read from the copy.
  site = await startTestServer({
    contentSource: (db, services) => createEmbeddedSource(db, { ...services, imagesDir: images() }),
  });
});
afterEach(() => folder.reset());
afterAll(async () => {
  await site?.close();
  folder?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (file: string, query = '') => fetch(`${site.url}/images/${file}${query}`);

/** Puts `make(place)` where the published image `file` was. */
function swap(file: string, make: (place: string) => void): void {
  const place = path.join(images(), file);
  rmSync(place);
  make(place);
}

async function expectNotServed(file: string): Promise<void> {
  for (const query of ['', '?w=320', '?fm=png']) {
    const response = await get(file, query);
    const body = Buffer.from(await response.arrayBuffer()).toString('latin1');
    expect(response.status).toBe(404);
    expect(body).not.toContain('publisher token');
  }
}

describe('a published image swapped after the publish', () => {
  it('is served while it is the file published', async () => {
    const response = await get(PUBLIC_IMAGE);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(
      readFileSync(path.join(images(), PUBLIC_IMAGE)),
    );
  });

  it('for a link to the data folder is a 404 that shows nothing of it', async () => {
    swap(PUBLIC_IMAGE, (place) => symlinkSync(path.join(dataDir, 'content-publisher.json'), place));
    await expectNotServed(PUBLIC_IMAGE);
  });

  it('for a link to an image outside content/images is a 404 too', async () => {
    const outside = path.join(dataDir, 'outside.jpg');
    writeFileSync(outside, readFileSync(path.join(images(), OTHER_IMAGE)));
    swap(PUBLIC_IMAGE, (place) => symlinkSync(outside, place));
    await expectNotServed(PUBLIC_IMAGE);
    // Out of images/ but inside the content folder: still out of images/.
    swap(OTHER_IMAGE, (place) => symlinkSync('../site.yaml', place));
    await expectNotServed(OTHER_IMAGE);
  });

  it('for a link that stays inside content/images is served', async () => {
    swap(PUBLIC_IMAGE, (place) => symlinkSync(OTHER_IMAGE, place));
    const response = await get(PUBLIC_IMAGE);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(
      readFileSync(path.join(images(), OTHER_IMAGE)),
    );
  });

  it('for a folder or a FIFO is a 404, answered without waiting on it', async () => {
    swap(PUBLIC_IMAGE, (place) => mkdirSync(place));
    await expectNotServed(PUBLIC_IMAGE);
    swap(OTHER_IMAGE, (place) => execFileSync('mkfifo', [place]));
    await expectNotServed(OTHER_IMAGE);
  });

  it('when the images folder itself becomes a link out of the content folder, is a 404', async () => {
    const elsewhere = path.join(dataDir, 'images');
    renameSync(images(), elsewhere);
    symlinkSync(elsewhere, images());
    try {
      await expectNotServed(PUBLIC_IMAGE);
    } finally {
      rmSync(images());
      renameSync(elsewhere, images());
    }
  });
});

describe('the image cache in the data folder', () => {
  it('reads only the regular files it wrote, never through a link in their place', async () => {
    const cache = new DiskImageCache(mkdtempSync(path.join(tmpdir(), 'folio-image-cache-')));
    await cache.put('kept.webp', Buffer.from('resized bytes'));
    expect((await cache.get('kept.webp'))?.toString()).toBe('resized bytes');
    rmSync(path.join(cache.dir, 'kept.webp'));
    symlinkSync(path.join(dataDir, 'content-publisher.json'), path.join(cache.dir, 'kept.webp'));
    expect(await cache.get('kept.webp')).toBeNull();
    rmSync(path.join(cache.dir, 'kept.webp'));
    execFileSync('mkfifo', [path.join(cache.dir, 'kept.webp')]);
    expect(await cache.get('kept.webp')).toBeNull();
    rmSync(cache.dir, { recursive: true, force: true });
  });
});
