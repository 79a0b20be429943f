import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Request, Response } from 'express';
import sharp from 'sharp';
import { FORMAT_CONTENT_TYPES, parseImageOptions, type ImageFormat } from './imageOptions';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const EXTENSION_TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp', '.avif': 'image/avif' };

/**
 * `/images/<file>?w=&fm=`: content images, resized with sharp to one of the
 * allowed widths (never larger than the original) and cached on disk. URLs
 * carry the file's content hash (`v=`), so answers are cached for a year.
 */
export function createImageHandler(imagesDir: string, cacheDir: string) {
  const root = path.resolve(imagesDir);
  mkdirSync(cacheDir, { recursive: true });
  const inFlight = new Map<string, Promise<Buffer>>();

  return async (request: Request, response: Response) => {
    const relative = decodeURIComponent(request.path.replace(/^\/images\//, '').replace(/^\//, ''));
    const file = path.resolve(root, relative);
    const type = EXTENSION_TYPES[path.extname(file).toLowerCase()];
    if (!file.startsWith(root + path.sep) || !type || !existsSync(file)) {
      response.status(404).type('text/plain').send('No such image.');
      return;
    }
    const options = parseImageOptions(request.query);
    if ('error' in options) {
      response.setHeader('Cache-Control', 'no-store');
      response.status(400).type('text/plain').send(options.error);
      return;
    }
    const { width, format } = options;
    response.setHeader('Cache-Control', IMMUTABLE);
    if (width === null && format === null) {
      response.type(type).send(await readFile(file));
      return;
    }
    const key = createHash('sha256').update(`${relative}|${width}|${format}`).digest('hex').slice(0, 24);
    const cached = path.join(cacheDir, `${key}.${format ?? 'orig'}`);
    try {
      let bytes: Buffer;
      if (existsSync(cached)) {
        bytes = await readFile(cached);
      } else {
        let work = inFlight.get(key);
        if (!work) {
          work = resize(file, width, format, cached).finally(() => inFlight.delete(key));
          inFlight.set(key, work);
        }
        bytes = await work;
      }
      response.type(format ? FORMAT_CONTENT_TYPES[format] : type).send(bytes);
    } catch {
      response.setHeader('Cache-Control', 'no-store');
      response.status(500).type('text/plain').send('The image could not be resized.');
    }
  };
}

async function resize(file: string, width: number | null, format: ImageFormat | null, cachePath: string): Promise<Buffer> {
  let pipeline = sharp(file);
  if (width !== null) pipeline = pipeline.resize({ width, withoutEnlargement: true });
  if (format === 'webp') pipeline = pipeline.webp({ quality: 78 });
  if (format === 'avif') pipeline = pipeline.avif({ quality: 55 });
  if (format === 'jpeg') pipeline = pipeline.jpeg({ quality: 80, mozjpeg: true });
  if (format === 'png') pipeline = pipeline.png();
  const bytes = await pipeline.toBuffer();
  // Written under a temporary name first, so a reader never sees half a file.
  const temporary = `${cachePath}.${process.pid}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, cachePath);
  return bytes;
}
