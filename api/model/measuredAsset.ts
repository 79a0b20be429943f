import type { AssetFile } from './contentFiles';

/** An asset and what its image file measures (publishing reads the file; the embedded source stores it). */
export interface MeasuredAsset extends AssetFile {
  width: number | undefined;
  height: number | undefined;
  contentType: string;
  /** Changes whenever the bytes do. */
  version: string;
  /** Its name inside content/'s images folder: what /images serves it by (api/sources/embedded/images.ts). */
  servedAs: string;
}
