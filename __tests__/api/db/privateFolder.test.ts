import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../../api/db/database';
import { migrate } from '../../../api/db/migrations';
import { DiskImageCache } from '../../../api/images/imageCache';

/**
 * Issue 26 (1): the embedded database and the image cache hold drafts and
 * readers' addresses: their folders and files are the server's user's alone,
 * whatever PGlite's own modes (0666) and the umask.
 */
let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'folio-private-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Every folder and file under `dir` whose mode lets anyone but its owner in. */
function openToOthers(dir: string): string[] {
  const open: string[] = [];
  const walk = (folder: string) => {
    if ((statSync(folder).mode & 0o077) !== 0) open.push(`${folder}/`);
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if ((statSync(full).mode & 0o077) !== 0) open.push(full);
    }
  };
  walk(dir);
  return open;
}

it('PGlite’s folder and every file in it, after a start and after a reopen', async () => {
  const dir = path.join(root, 'pglite');
  const db = await openDatabase({ dataDir: dir });
  await migrate(db);
  await db.close();
  expect(readdirSync(dir).length).toBeGreaterThan(5);
  expect(openToOthers(dir)).toEqual([]);
  const again = await openDatabase({ dataDir: dir });
  await again.close();
  expect(openToOthers(dir)).toEqual([]);
});

it('the image cache’s folder and the resized images it writes', async () => {
  const dir = path.join(root, 'image-cache');
  const cache = new DiskImageCache(dir, 1024 * 1024);
  await cache.put('a-320.webp', Buffer.from('bytes'));
  expect(readdirSync(dir)).toContain('a-320.webp');
  expect(openToOthers(dir)).toEqual([]);
});
