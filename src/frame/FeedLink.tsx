import { FEED_PATH } from '../../shared/sitePaths';

/** The Atom feed, named after the site, for feed readers (React places it in the document's head). */
export function FeedLink({ title }: { title: string }) {
  return <link rel="alternate" type="application/atom+xml" title={title} href={FEED_PATH} />;
}
