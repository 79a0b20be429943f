import { useLocalePath } from '../site/useLocale';
import { Link } from '../routing/Link';
import { ARTICLES_PATH, HOME_PATH } from '../../shared/sitePaths';
import { SITE_TITLE_WITHOUT_RECORD } from '../../shared/siteTitle';
import { useMessages } from '../i18n/useMessages';

export function NotFoundPage() {
  const localize = useLocalePath();
  const t = useMessages();
  return (
    <section className="status-page">
      <title>
        {t('head.title', { title: t('notFound.title'), site: SITE_TITLE_WITHOUT_RECORD })}
      </title>
      <meta name="robots" content="noindex" />
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      {/* Each link's words, and the one joining them, are messages of their own: "[Go to the front page] or [browse all articles]." */}
      <p>
        <Link to={localize(HOME_PATH)}>{t('notFound.frontPage')}</Link> {t('notFound.or')}{' '}
        <Link to={localize(ARTICLES_PATH)}>{t('notFound.allArticles')}</Link>.
      </p>
    </section>
  );
}
