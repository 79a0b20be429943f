import { IMAGE_WIDTHS } from '../../shared/limits';
import { ownValue } from '../../shared/ownValue';

export { IMAGE_WIDTHS };

const EXTENSIONS: Record<string, 'jpeg' | 'webp' | 'avif' | 'png'> = {
  JPEG: 'jpeg',
  WEBP: 'webp',
  AVIF: 'avif',
  PNG: 'png',
};

/** The `fm` URL value for a GraphQL ImageFormat. */
export function imageFormatExtension(format: string): 'jpeg' | 'webp' | 'avif' | 'png' | null {
  return ownValue(EXTENSIONS, format);
}

export type ImageFormat = 'jpeg' | 'webp' | 'avif' | 'png';

export const FORMAT_CONTENT_TYPES: Readonly<Record<ImageFormat, string>> = {
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  png: 'image/png',
};

const isImageFormat = (value: string): value is ImageFormat =>
  Object.hasOwn(FORMAT_CONTENT_TYPES, value);

/**
 * The `w` and `fm` of an image URL, checked against the allowed values only
 * (own keys: `fm=__proto__` is no format), or the short message a 400 carries.
 */
export function parseImageOptions(
  query: Record<string, unknown>,
): { width: number | null; format: ImageFormat | null } | { error: string } {
  const error = `w must be one of ${IMAGE_WIDTHS.join(', ')}; fm one of ${Object.keys(FORMAT_CONTENT_TYPES).join(', ')}.`;
  const { w, fm } = query;
  let width: number | null = null;
  if (w !== undefined) {
    if (
      typeof w !== 'string' ||
      !/^[0-9]{1,5}$/.test(w) ||
      !(IMAGE_WIDTHS as readonly number[]).includes(Number(w))
    )
      return { error };
    width = Number(w);
  }
  let format: ImageFormat | null = null;
  if (fm !== undefined) {
    if (typeof fm !== 'string' || !isImageFormat(fm)) return { error };
    format = fm;
  }
  return { width, format };
}
