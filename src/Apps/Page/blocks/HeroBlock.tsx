import { graphql, useFragment } from 'react-relay/hooks';
import type { HeroBlock_block$key } from '@generated/HeroBlock_block.graphql';
import { Image } from '../../../components/Image';
import { SiteLink } from '../../../components/SiteLink';

export function HeroBlock({ block, isFirst }: { block: HeroBlock_block$key; isFirst: boolean }) {
  const { heading, subheading, image, callToAction } = useFragment(
    graphql`
      fragment HeroBlock_block on HeroBlock {
        heading
        subheading
        image {
          ...Image_asset
        }
        callToAction {
          label
          url
        }
      }
    `,
    block,
  );
  // The first block holds the page's h1 and, usually, its largest image.
  const Heading = isFirst ? 'h1' : 'h2';
  return (
    <section className={`hero-block${image ? ' hero-block--with-image' : ''}`}>
      <div className="hero-block__text">
        <Heading className="hero-block__heading">{heading}</Heading>
        {subheading && <p className="hero-block__subheading">{subheading}</p>}
        {callToAction && (
          <SiteLink href={callToAction.url} className="button">
            {callToAction.label}
          </SiteLink>
        )}
      </div>
      {image && (
        <div className="hero-block__image">
          <Image asset={image} priority={isFirst} sizes="(min-width: 960px) 560px, 100vw" />
        </div>
      )}
    </section>
  );
}
