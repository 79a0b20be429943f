import type { ImageOriginal } from '../sources/contentSource';
import { TtlCache } from '../ttlCache';

/** Files whose verdict is kept at once (one per content image). */
const MAX_FILES = 10_000;

/**
 * A source's image lookups, each kept for `ttlMs` (as long as readers' pages
 * are), so the images of a page cost the source no query each: a publication
 * shows up in its images as it does in its pages. The bytes are read only
 * when an image is resized or sent, never kept here.
 */
export function keptImageOriginals(lookUp: (file: string) => Promise<ImageOriginal | null>, ttlMs: number): (file: string) => Promise<ImageOriginal | null> {
  const verdicts = new TtlCache<ImageOriginal | null>({ ttlMs, maxEntries: MAX_FILES });
  return (file) => verdicts.get(file, () => lookUp(file));
}
