import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../db/database';
import type { ImageOriginal } from '../contentSource';
import { visibleAsset } from './visibility';

/**
 * An image file of content/images, with who may see it: the API's own rule
 * for assets (visibility.ts). Readers get the files of assets that something
 * published shows; a previewer also those only drafts use. A file no asset
 * names is no image.
 */
export async function embeddedImage(
  db: Database,
  imagesDir: string,
  file: string,
): Promise<ImageOriginal | null> {
  const { rows } = await db.query<{
    assets: number;
    visible: boolean | null;
    content_type: string | null;
  }>(
    `SELECT count(*)::int AS assets, bool_or(${visibleAsset('s', false)}) AS visible, min(s.content_type) AS content_type FROM assets s WHERE s.file = $1`,
    [file],
  );
  const found = rows[0];
  const onDisk = path.join(imagesDir, file);
  if (!found || found.assets === 0 || !existsSync(onDisk)) return null;
  return {
    bytes: () => readFile(onDisk),
    contentType: found.content_type ?? 'application/octet-stream',
    visibility: found.visible === true ? 'public' : 'preview',
  };
}
