import { useMemo } from 'react';
import { graphql, useSubscription } from 'react-relay/hooks';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { ArticleLiveSubscription } from '@generated/ArticleLiveSubscription.graphql';

/**
 * An open article follows its content (docs/http-and-cache.md#live-updates):
 * a correction to what the page shows reaches the store, and the components
 * showing it render it in place. Loaded after the page is shown, in a chunk of
 * its own; renders nothing.
 */
const articleLiveSubscription = graphql`
  subscription ArticleLiveSubscription($slug: String!, $locale: String) {
    article(slug: $slug, locale: $locale) {
      # What the page shows of the article, so that the store has all of it again.
      # eslint-disable-next-line relay/must-colocate-fragment-spreads
      ...ArticleHeader_article
      # eslint-disable-next-line relay/must-colocate-fragment-spreads
      ...ArticleBody_article
      # eslint-disable-next-line relay/must-colocate-fragment-spreads
      ...ArticleStructuredData_article
      seo {
        # eslint-disable-next-line relay/must-colocate-fragment-spreads
        ...SeoHead_seo
      }
    }
  }
`;

export default function ArticleLive({ slug, locale }: { slug: string; locale: string }) {
  const config = useMemo<GraphQLSubscriptionConfig<ArticleLiveSubscription>>(
    () => ({ subscription: articleLiveSubscription, variables: { slug, locale } }),
    [slug, locale],
  );
  useSubscription(config);
  return null;
}
