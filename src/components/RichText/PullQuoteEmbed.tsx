import { graphql, useFragment } from 'react-relay/hooks';
import type { PullQuoteEmbed_pullQuote$key } from '@generated/PullQuoteEmbed_pullQuote.graphql';

export function PullQuoteEmbed({ pullQuote }: { pullQuote: PullQuoteEmbed_pullQuote$key }) {
  const { quote, attribution } = useFragment(
    graphql`
      fragment PullQuoteEmbed_pullQuote on PullQuote {
        quote
        attribution
      }
    `,
    pullQuote,
  );
  return (
    <figure className="rich-text__pull-quote">
      <blockquote>
        <p>{quote}</p>
      </blockquote>
      {attribution && <figcaption>— {attribution}</figcaption>}
    </figure>
  );
}
