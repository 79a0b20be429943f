import type { Request } from 'express';
import type { Database } from '../db/database';
import { nodeHeaders, previewTokenOf } from '../previewCredential';
import { visibleAsset } from '../data/visibility';
import { TtlCache } from '../ttlCache';
import type { ImageAccess } from './imageHandler';

/** Files whose verdict is kept at once (one per content image). */
const MAX_FILES = 10_000;

/**
 * Who may see an image file: the API's own rule for assets (visibility.ts).
 * Readers get the files of assets that something published shows; a
 * previewer (a valid preview credential) also gets those only drafts use,
 * privately. A file no asset names is hidden from everyone.
 *
 * A file's verdict is kept for `ttlMs` (as long as readers' pages are), so
 * the images of a page cost no query each: a publication shows up in its
 * images as it does in its pages.
 */
export function imageAccessFor(db: Database, previewToken: string | undefined, ttlMs: number): ImageAccess {
  const verdicts = new TtlCache<{ assets: number; visible: boolean }>({ ttlMs, maxEntries: MAX_FILES });
  const lookUp = async (file: string) => {
    const { rows } = await db.query<{ assets: number; visible: boolean | null }>(`SELECT count(*)::int AS assets, bool_or(${visibleAsset('s', false)}) AS visible FROM assets s WHERE s.file = $1`, [
      file,
    ]);
    return { assets: rows[0]?.assets ?? 0, visible: rows[0]?.visible === true };
  };
  return async (file: string, request: Request) => {
    const { assets, visible } = await verdicts.get(file, () => lookUp(file));
    if (visible) return 'public';
    const preview = previewToken !== undefined && previewTokenOf(nodeHeaders(request.headers)) === previewToken;
    return assets > 0 && preview ? 'preview' : 'hidden';
  };
}
