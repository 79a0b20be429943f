/** SPEC §9: the widths an image may be resized to. */
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;

const EXTENSIONS: Record<string, 'jpeg' | 'webp' | 'avif' | 'png'> = { JPEG: 'jpeg', WEBP: 'webp', AVIF: 'avif', PNG: 'png' };

/** The `fm` URL value for a GraphQL ImageFormat. */
export function imageFormatExtension(format: string): 'jpeg' | 'webp' | 'avif' | 'png' | null {
  return EXTENSIONS[format] ?? null;
}

export const FORMAT_CONTENT_TYPES: Record<string, string> = { jpeg: 'image/jpeg', webp: 'image/webp', avif: 'image/avif', png: 'image/png' };
