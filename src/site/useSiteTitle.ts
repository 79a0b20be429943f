import { graphql, useLazyLoadQuery } from 'react-relay/hooks';
import type { useSiteTitleQuery } from '@generated/useSiteTitleQuery.graphql';
import { SITE_TITLE_WITHOUT_RECORD } from '../../shared/siteTitle';

/**
 * The site's name, from its record: every route query brings it (the frame's
 * fragment, src/frame/AppLayout.tsx), so this reads the store and never
 * fetches or suspends; before the frame's data is there, the name a site
 * without a record has.
 */
export function useSiteTitle(): string {
  const data = useLazyLoadQuery<useSiteTitleQuery>(
    graphql`
      query useSiteTitleQuery {
        site {
          title
        }
      }
    `,
    {},
    { fetchPolicy: 'store-only' },
  );
  return data.site?.title.trim() || SITE_TITLE_WITHOUT_RECORD;
}
