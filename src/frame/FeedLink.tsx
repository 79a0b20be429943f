import { FEED_PATH } from '../../shared/sitePaths';
import { useLocalePath } from '../site/useLocale';

/** The Atom feed of the page's locale, named after the site, for feed readers (React places it in the document's head). */
export function FeedLink({ title }: { title: string }) {
  const at = useLocalePath();
  return <link rel="alternate" type="application/atom+xml" title={title} href={at(FEED_PATH)} />;
}
