import type { Database } from '../../db/database';
import type { ImageOriginal } from '../contentSource';
import { imageFileIn, readImageFileIn } from './imageFiles';
import { visibleAsset } from './visibility';

/**
 * An image file of content/images, with who may see it: the API's own rule
 * for assets (visibility.ts). Readers get the files of assets that something
 * published shows; a previewer also those only drafts use. A file no asset
 * names is no image, and neither is one that is no longer a file inside
 * content/images (imageFiles.ts): it is looked at when asked for and again
 * when read, never trusted from the publish.
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
  if (!found || found.assets === 0 || (await imageFileIn(imagesDir, file)) === null) return null;
  return {
    bytes: async () => {
      const bytes = await readImageFileIn(imagesDir, file);
      if (bytes === null) throw new Error(`${file} is no longer a file inside content/images`);
      return bytes;
    },
    contentType: found.content_type ?? 'application/octet-stream',
    visibility: found.visible === true ? 'public' : 'preview',
  };
}
