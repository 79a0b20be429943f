import { useEffect } from 'react';
import { graphql, useRelayEnvironment } from 'react-relay/hooks';
import requestSubscription from 'relay-runtime/lib/subscription/requestSubscription.js';
import type { ArticleLiveSubscription } from '@generated/ArticleLiveSubscription.graphql';

/**
 * An open article follows its content (docs/http-and-cache.md#live-updates):
 * a correction to what the page shows reaches the store, and the components
 * showing it render it in place. Loaded after the page is shown, in a chunk of
 * its own with what subscribing takes (react-relay's useSubscription, written
 * out: the browser's react-relay exports only the hooks every page needs,
 * scripts/webpack/relay/); renders nothing.
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
      ...ArticleLiveBlog_article
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
  const environment = useRelayEnvironment();
  useEffect(() => {
    const { dispose } = requestSubscription<ArticleLiveSubscription>(environment, {
      subscription: articleLiveSubscription,
      variables: { slug, locale },
    });
    return dispose;
  }, [environment, slug, locale]);
  return null;
}
