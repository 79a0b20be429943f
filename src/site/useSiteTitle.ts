import { useLazyLoadQuery } from 'react-relay/hooks';
import AppLayoutQuery, {
  type AppLayoutQuery as AppLayoutQueryType,
} from '@generated/AppLayoutQuery.graphql';
import { SITE_TITLE_WITHOUT_RECORD } from '../../shared/siteTitle';
import { useLocale } from './useLocale';

/**
 * The site's name, from its record: every route query brings the frame's
 * data (src/frame/AppLayout.tsx), so this reads the frame's query from the
 * store and never fetches or suspends; before the frame's data is there, the
 * name a site without a record has.
 */
export function useSiteTitle(): string {
  const data = useLazyLoadQuery<AppLayoutQueryType>(
    AppLayoutQuery,
    { locale: useLocale() },
    { fetchPolicy: 'store-only' },
  );
  return data.site?.title.trim() || SITE_TITLE_WITHOUT_RECORD;
}
