import { constants } from 'node:fs';
import { open, readlink, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { CONTENT_IMAGE_MAX_BYTES } from '../../../shared/limits';

/**
 * The files of content/images as /images serves them, by the rule a publish
 * reads them by (api/publishing/contentRecord.ts, `ContentReads`): a file is
 * one when its real path (every link followed) lies inside the images
 * folder's own real path, and it is a regular file no larger than a content
 * image may be. An image published and then swapped for a link out of the
 * folder (to the data folder's link key or the publisher's token), a
 * folder, a FIFO or a device is no image: nothing is read from it. The
 * images folder itself must be inside the content folder, as a publish
 * reads it.
 */

/** Whether `real` is inside the folder `root`. */
const inside = (root: string, real: string) => real.startsWith(`${root}${path.sep}`);

/** The images folder's real path, when it lies inside the content folder (its parent); null otherwise. */
async function imagesRoot(imagesDir: string): Promise<string | null> {
  const [root, content] = await Promise.all([
    realpath(imagesDir),
    realpath(path.dirname(imagesDir)),
  ]);
  return inside(content, root) ? root : null;
}

/** The real path of `file` (a canonical name under /images) when it may be served; null otherwise. */
export async function imageFileIn(imagesDir: string, file: string): Promise<string | null> {
  try {
    const root = await imagesRoot(imagesDir);
    const real = await realpath(path.join(imagesDir, file));
    if (root === null || !inside(root, real)) return null;
    const info = await stat(real);
    return info.isFile() && info.size <= CONTENT_IMAGE_MAX_BYTES ? real : null;
  } catch {
    return null;
  }
}

/**
 * The bytes of `file` when it may be served, else null. The file is opened
 * without following a link at its last step and without waiting on a FIFO,
 * and checked again once open (what was opened, where the system says it
 * is): a swap between the look and the read serves nothing either.
 */
export async function readImageFileIn(imagesDir: string, file: string): Promise<Buffer | null> {
  const real = await imageFileIn(imagesDir, file);
  if (real === null) return null;
  let handle;
  try {
    handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile() || info.size > CONTENT_IMAGE_MAX_BYTES) return null;
    // Linux says where the open file is: still inside the folder, or nothing is read.
    const opened = await readlink(`/proc/self/fd/${handle.fd}`).catch(() => null);
    const root = opened === null ? null : await imagesRoot(imagesDir).catch(() => null);
    if (opened !== null && (root === null || !inside(root, opened))) return null;
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}
