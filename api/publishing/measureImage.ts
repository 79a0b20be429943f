import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AssetFile } from '../model/contentFiles';
import type { MeasuredAsset } from '../model/measuredAsset';
import { CONTENT_LAYOUT } from './contentRecord';
import type { ContentProblem } from './problems';

/** The image formats Folio serves and resizes (api/images/imageHandler.ts). */
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'gif']);

/**
 * An asset's image as a publish stores it (its size, type and version), or
 * the problem that says why it is not one: a publish and `npm run content --
 * --check` open every image the same way, so a file that is not an image is
 * a `file: problem` line, never a failed publish.
 */
export async function measureImage(
  asset: AssetFile,
  dir: string,
): Promise<MeasuredAsset | ContentProblem> {
  const bytes = readFileSync(path.join(dir, asset.file));
  // Loaded when an image is opened, not on every publish (a quarter of a second of a one-file publish).
  const { default: sharp } = await import('sharp');
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  const format = meta?.format === 'jpg' ? 'jpeg' : meta?.format;
  if (!meta || !format || !IMAGE_FORMATS.has(format) || !meta.width || !meta.height)
    return {
      file: asset.file,
      line: 1,
      message: `this is not an image Folio can serve (JPEG, PNG, WebP, AVIF or GIF)${format ? `: it is ${format}` : ''}`,
    };
  return {
    ...asset,
    width: meta.width,
    height: meta.height,
    contentType: `image/${format}`,
    version: createHash('sha256').update(bytes).digest('hex').slice(0, 10),
    // Served from the images folder by its name alone (api/sources/embedded/images.ts).
    servedAs: asset.file.slice(CONTENT_LAYOUT.images.length + 1),
  };
}

export const isProblem = (value: MeasuredAsset | ContentProblem): value is ContentProblem =>
  'message' in value;
