import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Request, Response } from 'express';
import sharp from 'sharp';
import { DiskImageCache } from './imageCache';
import { FORMAT_CONTENT_TYPES, parseImageOptions, type ImageFormat } from './imageOptions';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const PRIVATE = 'private, no-store';
const EXTENSION_TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp', '.avif': 'image/avif' };

/**
 * Who may see an image file (its name under the images folder):
 * `public` for everyone, `preview` for this request only (a preview
 * credential came with it), or `hidden` (answered as if there were no such file).
 */
export type ImageAccess = (file: string, request: Request) => Promise<'public' | 'preview' | 'hidden'>;

export interface ImageHandlerOptions {
  /** Resized images, bounded in bytes (api/images/imageCache.ts). */
  cache: DiskImageCache;
  /** Everyone sees every file when not given (tests of resizing alone). */
  access?: ImageAccess;
}

/** A file name as the API writes it into image URLs: folders and names, nothing that walks (`..`, `.`, `//`, `\`). */
const CANONICAL_NAME = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * `/images/<file>?w=&fm=`: content images, resized with sharp to one of the
 * allowed widths (never larger than the original) and cached on disk. Only the
 * canonical name of a file a reader may see is served; anything else is the
 * same 404. URLs carry the file's content hash (`v=`), so readers' answers
 * are cached for a year; preview-only images never leave the browser's memory.
 */
export function createImageHandler(imagesDir: string, options: ImageHandlerOptions) {
  const root = path.resolve(imagesDir);
  const { cache } = options;
  const inFlight = new Map<string, Promise<Buffer>>();
  const noSuchImage = (response: Response) => response.status(404).set('Cache-Control', 'no-cache').type('text/plain').send('No such image.');

  return async (request: Request, response: Response) => {
    let name: string;
    try {
      name = decodeURIComponent(request.path.replace(/^\/images\//, '').replace(/^\//, ''));
    } catch {
      return noSuchImage(response);
    }
    const type = EXTENSION_TYPES[path.extname(name).toLowerCase()];
    const file = path.resolve(root, name);
    if (!CANONICAL_NAME.test(name) || !type || path.relative(root, file) !== name.split('/').join(path.sep) || !existsSync(file)) return noSuchImage(response);
    const access = options.access ? await options.access(name, request) : 'public';
    if (access === 'hidden') return noSuchImage(response);

    const parsed = parseImageOptions(request.query);
    if ('error' in parsed) {
      response.setHeader('Cache-Control', 'no-store');
      response.status(400).type('text/plain').send(parsed.error);
      return;
    }
    const { width, format } = parsed;
    response.setHeader('Cache-Control', access === 'public' ? IMMUTABLE : PRIVATE);
    if (width === null && format === null) {
      response.type(type).send(await readFile(file));
      return;
    }
    // Keyed on the canonical name: one cache file per image, width and format, never more.
    const key = `${createHash('sha256').update(`${name}|${width}|${format}`).digest('hex').slice(0, 24)}.${format ?? 'orig'}`;
    try {
      let bytes = await cache.get(key);
      if (!bytes) {
        let work = inFlight.get(key);
        if (!work) {
          work = resize(file, width, format).then(async (resized) => {
            await cache.put(key, resized);
            return resized;
          });
          work.finally(() => inFlight.delete(key)).catch(() => undefined);
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

async function resize(file: string, width: number | null, format: ImageFormat | null): Promise<Buffer> {
  let pipeline = sharp(file);
  if (width !== null) pipeline = pipeline.resize({ width, withoutEnlargement: true });
  if (format === 'webp') pipeline = pipeline.webp({ quality: 78 });
  if (format === 'avif') pipeline = pipeline.avif({ quality: 55 });
  if (format === 'jpeg') pipeline = pipeline.jpeg({ quality: 80, mozjpeg: true });
  if (format === 'png') pipeline = pipeline.png();
  return pipeline.toBuffer();
}
