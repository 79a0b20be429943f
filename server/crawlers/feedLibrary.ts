import { importFeed } from './feedImport.cjs';

let loaded: Promise<typeof import('feed')> | undefined;

/** The `feed` library, loaded once on first use (see feedImport.cjs for why it is loaded this way). */
export function loadFeedLibrary(): Promise<typeof import('feed')> {
  loaded ??= importFeed();
  return loaded;
}
