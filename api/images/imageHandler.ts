import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Request, Response } from 'express';
import sharp from 'sharp';
import type { ImageOriginal } from '../sources/contentSource';
import { DiskImageCache } from './imageCache';
import { FORMAT_CONTENT_TYPES, parseImageOptions, type ImageFormat } from './imageOptions';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const PRIVATE = 'private, no-store';
const EXTENSION_TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp', '.avif': 'image/avif' };

export interface ImageHandlerOptions {
  /** The original a file name names, and who may see it: the content source's (imageOriginals.ts keeps its verdicts a while). */
  originals: (file: string) => Promise<ImageOriginal | null>;
  /** Whether the request carries a valid preview credential (it may then see images only drafts use). */
  isPreview: (request: Request) => boolean;
  /** Resized images, bounded in bytes (api/images/imageCache.ts). */
  cache: DiskImageCache;
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
export function createImageHandler(options: ImageHandlerOptions) {
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
    if (!CANONICAL_NAME.test(name) || !type) return noSuchImage(response);
    const original = await options.originals(name);
    const access = original === null ? 'hidden' : original.visibility === 'public' ? 'public' : options.isPreview(request) ? 'preview' : 'hidden';
    if (original === null || access === 'hidden') return noSuchImage(response);

    const parsed = parseImageOptions(request.query);
    if ('error' in parsed) {
      response.setHeader('Cache-Control', 'no-store');
      response.status(400).type('text/plain').send(parsed.error);
      return;
    }
    const { width, format } = parsed;
    response.setHeader('Cache-Control', access === 'public' ? IMMUTABLE : PRIVATE);
    if (width === null && format === null) {
      response.type(type).send(await original.bytes());
      return;
    }
    // Keyed on the canonical name: one cache file per image, width and format, never more.
    const key = `${createHash('sha256').update(`${name}|${width}|${format}`).digest('hex').slice(0, 24)}.${format ?? 'orig'}`;
    try {
      let bytes = await cache.get(key);
      if (!bytes) {
        let work = inFlight.get(key);
        if (!work) {
          work = original
            .bytes()
            .then((bytes) => resize(bytes, width, format))
            .then(async (resized) => {
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

async function resize(file: Buffer, width: number | null, format: ImageFormat | null): Promise<Buffer> {
  let pipeline = sharp(file);
  if (width !== null) pipeline = pipeline.resize({ width, withoutEnlargement: true });
  if (format === 'webp') pipeline = pipeline.webp({ quality: 78 });
  if (format === 'avif') pipeline = pipeline.avif({ quality: 55 });
  if (format === 'jpeg') pipeline = pipeline.jpeg({ quality: 80, mozjpeg: true });
  if (format === 'png') pipeline = pipeline.png();
  return pipeline.toBuffer();
}
