import { graphql, useFragment } from 'react-relay/hooks';
import type { Image_asset$key } from '@generated/Image_asset.graphql';
import { IMAGE_WIDTHS } from '../../shared/limits';

interface ImageProps {
  asset: Image_asset$key;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  /** The page's main image: loaded eagerly with high priority (it is the LCP). */
  priority?: boolean;
  className?: string;
}

/** Folio's one image component: responsive, sized so nothing shifts, lazy below the fold. */
export function Image({ asset, sizes, priority = false, className }: ImageProps) {
  const image = useFragment(
    graphql`
      fragment Image_asset on Asset {
        url
        width
        height
        alt
        w320: resizedUrl(width: 320, format: WEBP)
        w640: resizedUrl(width: 640, format: WEBP)
        w960: resizedUrl(width: 960, format: WEBP)
        w1280: resizedUrl(width: 1280, format: WEBP)
        w1920: resizedUrl(width: 1920, format: WEBP)
      }
    `,
    asset,
  );
  const urls: Record<(typeof IMAGE_WIDTHS)[number], string> = {
    320: image.w320,
    640: image.w640,
    960: image.w960,
    1280: image.w1280,
    1920: image.w1920,
  };
  // The API never upscales, so only widths up to the original are honest.
  const widths = IMAGE_WIDTHS.filter((width) => width <= image.width);
  const srcSet = widths.map((width) => `${urls[width]} ${width}w`).join(', ');
  const fallback = widths.length > 0 ? urls[widths[Math.min(2, widths.length - 1)]!] : image.url;
  return (
    <img
      className={className}
      src={fallback}
      srcSet={srcSet || undefined}
      sizes={srcSet ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={image.alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
    />
  );
}
