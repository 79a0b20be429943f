import type { Request } from 'express';
import type { Database } from '../db/database';
import { nodeHeaders, previewTokenOf } from '../previewCredential';
import { visibleAsset } from '../data/visibility';
import type { ImageAccess } from './imageHandler';

/**
 * Who may see an image file: the API's own rule for assets (visibility.ts).
 * Readers get the files of assets that something published shows; a
 * previewer (a valid preview credential) also gets those only drafts use,
 * privately. A file no asset names is hidden from everyone.
 */
export function imageAccessFor(db: Database, previewToken: string | undefined): ImageAccess {
  return async (file: string, request: Request) => {
    const { rows } = await db.query<{ assets: number; visible: boolean | null }>(`SELECT count(*)::int AS assets, bool_or(${visibleAsset('s', false)}) AS visible FROM assets s WHERE s.file = $1`, [
      file,
    ]);
    const { assets, visible } = rows[0] ?? { assets: 0, visible: null };
    if (visible) return 'public';
    const preview = previewToken !== undefined && previewTokenOf(nodeHeaders(request.headers)) === previewToken;
    return assets > 0 && preview ? 'preview' : 'hidden';
  };
}
