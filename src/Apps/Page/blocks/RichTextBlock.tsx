import { graphql, useFragment } from 'react-relay/hooks';
import type { RichTextBlock_block$key } from '@generated/RichTextBlock_block.graphql';
import { RichText } from '../../../components/RichText/RichText';

export function RichTextBlock({ block }: { block: RichTextBlock_block$key }) {
  const { richText } = useFragment(
    graphql`
      fragment RichTextBlock_block on RichTextBlock {
        # Aliased: CalloutBlock's "body" is a String in the same PageBlock union.
        richText: body {
          ...RichText_richText
        }
      }
    `,
    block,
  );
  return (
    <section className="rich-text-block">
      <RichText richText={richText} className="prose" />
    </section>
  );
}
