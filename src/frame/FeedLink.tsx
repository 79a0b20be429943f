import { FEED_PATH } from '../../shared/sitePaths';
import { useSiteTitle } from '../site/useSiteTitle';

/** The Atom feed, named after the site, for feed readers (React places it in the document's head). */
export function FeedLink() {
  return (
    <link rel="alternate" type="application/atom+xml" title={useSiteTitle()} href={FEED_PATH} />
  );
}
