import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Request, Response } from 'express';
import sharp from 'sharp';
import { SOURCE_RETRY_AFTER_SECONDS } from '../../shared/limits';
import type { ImageOriginal } from '../sources/contentSource';
import { DiskImageCache } from './imageCache';
import { FORMAT_CONTENT_TYPES, parseImageOptions, type ImageFormat } from './imageOptions';
import { IMMUTABLE_CACHE_CONTROL, NO_STORE, PRIVATE_CACHE_CONTROL } from '../cacheControl';
import { readerCacheLookups } from '../observability/metrics';

/** `folio_reader_cache_lookups_total` for resized images kept on disk. */
const IMAGE_HITS = readerCacheLookups.labels('images', 'hit');
const IMAGE_MISSES = readerCacheLookups.labels('images', 'miss');

const EXTENSION_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
};

export interface ImageHandlerOptions {
  /** The original a file name names, and who may see it: the content source's (imageOriginals.ts keeps its verdicts a while). */
  originals: (file: string) => Promise<ImageOriginal | null>;
  /**
   * Whether the request's preview credential shows `file`, an image only
   * hidden content shows: the preview token every one, a one-document
   * session those its document names (api/sources/documentPreview.ts), a
   * reader none.
   */
  previewShows: (request: Request, file: string) => Promise<boolean>;
  /** Resized images, bounded in bytes (api/images/imageCache.ts). */
  cache: DiskImageCache;
  /** Where an original the source could not give is reported (the server's logger). */
  logger?: { warn(fields: object, message: string): void };
}

/** The content source could not give the original (a CMS down, slow, or its file too large): a 503, not the server's fault. */
class OriginalUnavailable extends Error {
  constructor(readonly reason: unknown) {
    super('the original could not be read from the content source');
  }
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
  const noSuchImage = (response: Response) =>
    response.status(404).set('Cache-Control', 'no-cache').type('text/plain').send('No such image.');
  const unavailable = (response: Response, name: string, reason: unknown) => {
    options.logger?.warn(
      { file: name, reason: reason instanceof Error ? reason.message : String(reason) },
      `image ${name}: the content source could not give its original`,
    );
    response
      .status(503)
      .set({ 'Cache-Control': NO_STORE, 'Retry-After': String(SOURCE_RETRY_AFTER_SECONDS) })
      .type('text/plain')
      .send('This image is not available right now; try again shortly.');
  };
  const bytesOf = (original: ImageOriginal) =>
    original.bytes().catch((reason: unknown) => {
      throw new OriginalUnavailable(reason);
    });

  return async (request: Request, response: Response) => {
    let name: string;
    try {
      name = decodeURIComponent(request.path.replace(/^\/images\//, '').replace(/^\//, ''));
    } catch {
      return noSuchImage(response);
    }
    const type = EXTENSION_TYPES[path.extname(name).toLowerCase()];
    if (!CANONICAL_NAME.test(name) || !type) return noSuchImage(response);
    let original: ImageOriginal | null;
    let access: 'public' | 'preview' | 'hidden';
    try {
      original = await options.originals(name);
      access =
        original === null
          ? 'hidden'
          : original.visibility === 'public'
            ? 'public'
            : (await options.previewShows(request, name))
              ? 'preview'
              : 'hidden';
    } catch (reason) {
      return unavailable(response, name, reason);
    }
    if (original === null || access === 'hidden') return noSuchImage(response);

    const parsed = parseImageOptions(request.query);
    if ('error' in parsed) {
      response.setHeader('Cache-Control', NO_STORE);
      response.status(400).type('text/plain').send(parsed.error);
      return;
    }
    const { width, format } = parsed;
    const cacheControl = access === 'public' ? IMMUTABLE_CACHE_CONTROL : PRIVATE_CACHE_CONTROL;
    if (width === null && format === null) {
      let bytes: Buffer;
      try {
        bytes = await bytesOf(original);
      } catch (error) {
        return unavailable(response, name, (error as OriginalUnavailable).reason);
      }
      response.set('Cache-Control', cacheControl).type(type).send(bytes);
      return;
    }
    // Keyed on the canonical name: one cache file per image, width and format, never more.
    const key = `${createHash('sha256').update(`${name}|${width}|${format}`).digest('hex').slice(0, 24)}.${format ?? 'orig'}`;
    try {
      let bytes = await cache.get(key);
      (bytes ? IMAGE_HITS : IMAGE_MISSES).inc();
      if (!bytes) {
        let work = inFlight.get(key);
        if (!work) {
          work = bytesOf(original)
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
      response
        .set('Cache-Control', cacheControl)
        .type(format ? FORMAT_CONTENT_TYPES[format] : type)
        .send(bytes);
    } catch (error) {
      if (error instanceof OriginalUnavailable) return unavailable(response, name, error.reason);
      response.setHeader('Cache-Control', NO_STORE);
      response.status(500).type('text/plain').send('The image could not be resized.');
    }
  };
}

async function resize(
  file: Buffer,
  width: number | null,
  format: ImageFormat | null,
): Promise<Buffer> {
  let pipeline = sharp(file);
  if (width !== null) pipeline = pipeline.resize({ width, withoutEnlargement: true });
  if (format === 'webp') pipeline = pipeline.webp({ quality: 78 });
  if (format === 'avif') pipeline = pipeline.avif({ quality: 55 });
  if (format === 'jpeg') pipeline = pipeline.jpeg({ quality: 80, mozjpeg: true });
  if (format === 'png') pipeline = pipeline.png();
  return pipeline.toBuffer();
}
