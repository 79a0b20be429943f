import { graphql, useFragment } from 'react-relay/hooks';
import type { CalloutBlock_block$key } from '@generated/CalloutBlock_block.graphql';
import { SiteLink } from '../../../components/SiteLink';

export function CalloutBlock({ block }: { block: CalloutBlock_block$key }) {
  const { heading, body, tone, link } = useFragment(
    graphql`
      fragment CalloutBlock_block on CalloutBlock {
        heading
        body
        tone
        link {
          label
          url
        }
      }
    `,
    block,
  );
  return (
    <aside className={`callout-block callout-block--${tone.toLowerCase()}`} aria-label={heading}>
      <h2 className="callout-block__heading">{heading}</h2>
      <p className="callout-block__body">{body}</p>
      {link && <SiteLink href={link.url}>{link.label} →</SiteLink>}
    </aside>
  );
}
