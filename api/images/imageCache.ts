import { constants } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { lstat, lutimes, open, readdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_IMAGE_CACHE_BYTES } from '../../settings/storageSettings';
import { privateFolder } from '../db/privateFolder';

/** Eviction stops once the cache is back under this share of its bound, so it runs rarely. */
const LOW_WATER = 0.8;

/**
 * Resized images on disk, bounded in bytes, least recently used evicted first.
 * A file's modification time is its last use (touched on every hit), so the
 * order is shared by every worker and machine that uses the folder; each
 * process keeps only an estimate of the total and recounts the folder
 * when the estimate passes the bound.
 */
export class DiskImageCache {
  private estimatedBytes = 0;
  private sweeping: Promise<void> | null = null;
  /** Why the last write failed (logged once until one succeeds again). */
  private failing: string | null = null;

  constructor(
    readonly dir: string,
    readonly maxBytes: number = DEFAULT_IMAGE_CACHE_BYTES,
    private readonly logger?: { warn(fields: object, message: string): void },
  ) {
    // Resized images of drafts too: the server's user's alone.
    privateFolder(dir);
    // Whatever earlier runs left counts from the start.
    this.sweeping = this.sweep().finally(() => (this.sweeping = null));
  }

  /**
   * The cached bytes for `name`, or null. A hit makes the file the most
   * recently used. Only a regular file the cache wrote is read: a link in its
   * place (to the data folder's keys, say) is not followed, a FIFO not waited on.
   */
  async get(name: string): Promise<Buffer | null> {
    const file = path.join(this.dir, name);
    try {
      const handle = await open(
        file,
        constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK,
      );
      let bytes: Buffer | null;
      try {
        bytes = (await handle.stat()).isFile() ? await handle.readFile() : null;
      } finally {
        await handle.close();
      }
      if (bytes === null) return null;
      const now = new Date();
      await lutimes(file, now, now).catch(() => undefined);
      return bytes;
    } catch {
      return null;
    }
  }

  /**
   * Keeps `bytes` as `name`. A cache that cannot be written (a full disk) is
   * no reason to fail the reader: the image is served all the same, and the
   * cause logged once until a write succeeds again (`/readyz` says it too).
   */
  async put(name: string, bytes: Buffer): Promise<void> {
    // Never keep what alone would take a large part of the cache.
    if (bytes.length > this.maxBytes / 4) return;
    const file = path.join(this.dir, name);
    // Written under a temporary name first, so a reader never sees half a file; a new file, never through a link already there.
    const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, bytes, { mode: 0o600, flag: 'wx' });
      await rename(temporary, file);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      const code = (error as { code?: string }).code ?? (error as Error).message;
      if (this.failing !== code)
        this.logger?.warn(
          { dir: this.dir, code },
          `image cache: resized images cannot be kept (${code}); they are served without it`,
        );
      this.failing = code;
      return;
    }
    this.failing = null;
    this.estimatedBytes += bytes.length;
    if (this.estimatedBytes > this.maxBytes && !this.sweeping)
      this.sweeping = this.sweep().finally(() => (this.sweeping = null));
    await this.sweeping;
  }

  /** Recounts the folder and, past the bound, deletes the least recently used files down to the low-water mark. */
  private async sweep(): Promise<void> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const files = (
      await Promise.all(
        names.map(async (name) => {
          const info = await lstat(path.join(this.dir, name)).catch(() => null);
          return info?.isFile() ? { name, size: info.size, used: info.mtimeMs } : null;
        }),
      )
    ).filter((file) => file !== null);
    let total = files.reduce((sum, file) => sum + file.size, 0);
    if (total > this.maxBytes) {
      files.sort((a, b) => a.used - b.used);
      for (const file of files) {
        if (total <= this.maxBytes * LOW_WATER) break;
        await unlink(path.join(this.dir, file.name)).catch(() => undefined);
        total -= file.size;
      }
    }
    this.estimatedBytes = total;
  }
}
