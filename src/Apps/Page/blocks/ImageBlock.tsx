import { graphql, useFragment } from 'react-relay/hooks';
import type { ImageBlock_block$key } from '@generated/ImageBlock_block.graphql';
import { Image } from '../../../components/Image';

export function ImageBlock({ block }: { block: ImageBlock_block$key }) {
  const { picture, caption } = useFragment(
    graphql`
      fragment ImageBlock_block on ImageBlock {
        # Aliased: HeroBlock's nullable "image" shares the name in the PageBlock union.
        picture: image {
          ...Image_asset
        }
        caption
      }
    `,
    block,
  );
  return (
    <figure className="image-block">
      <Image asset={picture} sizes="(min-width: 1120px) 1120px, 100vw" />
      {caption && <figcaption>{caption}</figcaption>}
    </figure>
  );
}
