import { KeptValues } from './keptValues';
import type { ReaderCaches } from './readerCaches';
import type { ImageOriginal } from '../sources/contentSource';

/** Files whose verdict is kept at once (one per content image). */
const MAX_FILES = 10_000;

/** The key a file's kept verdict is dropped by (a change names the files its records show). */
export function imageFileKey(file: string): string {
  return `image:${file}`;
}

/**
 * Dropped by every change: a file no reader may see yet (unknown, or shown
 * by drafts only) becomes visible when what shows it is published, and no
 * change can say which file that is before it is asked for.
 */
export const HIDDEN_IMAGES_KEY = 'images:hidden';

/**
 * A source's image lookups, each kept for `ttlMs` (as long as readers' pages
 * are), so the images of a page cost the source no query each: a publication
 * shows up in its images as it does in its pages. The bytes are read only
 * when an image is resized or sent, never kept here.
 */
export function keptImageOriginals(
  lookUp: (file: string) => Promise<ImageOriginal | null>,
  ttlMs: number,
  caches?: ReaderCaches,
): (file: string) => Promise<ImageOriginal | null> {
  const verdicts = new KeptValues<ImageOriginal | null>({
    ttlMs,
    caches,
    maxEntries: MAX_FILES,
    keysOf: (file, original) =>
      original?.visibility === 'public'
        ? [imageFileKey(file)]
        : [imageFileKey(file), HIDDEN_IMAGES_KEY],
  });
  return (file) => verdicts.get(file, () => lookUp(file));
}

/** Previewed documents whose image files are kept at once. */
const MAX_DOCUMENTS = 1_000;

/**
 * The image files a previewed document names (api/sources/documentPreview.ts),
 * each document's kept as long as readers' answers and dropped by every
 * change, as hidden files' verdicts are: the images of a preview page cost
 * the source one read of its document, not one per image.
 */
export function keptPreviewImages<D extends { type: string; id: string }>(
  filesOf: (document: D) => Promise<ReadonlySet<string>>,
  ttlMs: number,
  caches?: ReaderCaches,
): (document: D) => Promise<ReadonlySet<string>> {
  const files = new KeptValues<ReadonlySet<string>>({
    ttlMs,
    caches,
    maxEntries: MAX_DOCUMENTS,
    keysOf: () => [HIDDEN_IMAGES_KEY],
  });
  return (document) => files.get(`${document.type}:${document.id}`, () => filesOf(document));
}
