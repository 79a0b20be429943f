import { useLocalePath } from '../site/useLocale';
import { Link } from '../routing/Link';
import { ARTICLES_PATH, HOME_PATH } from '../../shared/sitePaths';

export function NotFoundPage() {
  const localize = useLocalePath();
  return (
    <section className="status-page">
      <title>Page not found — Folio</title>
      <meta name="robots" content="noindex" />
      <h1>Page not found</h1>
      <p>There is nothing at this address. It may have moved, or the link may be mistyped.</p>
      <p>
        <Link to={localize(HOME_PATH)}>Go to the front page</Link> or{' '}
        <Link to={localize(ARTICLES_PATH)}>browse all articles</Link>.
      </p>
    </section>
  );
}
