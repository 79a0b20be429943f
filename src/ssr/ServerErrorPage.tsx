import { ErrorState } from '../errors/ErrorState';
import { FallbackSiteHeader } from '../frame/SiteHeader';
import { useMessages } from '../i18n/useMessages';

/**
 * What the server sends when a page cannot be rendered (the content service
 * is down or slow, or rendering failed): the reader's error state under a
 * plain header. The browser does not hydrate it; it starts afresh and tries
 * the page again, with the error catalogue's retries.
 */
export function ServerErrorPage({ error, retryHref }: { error: unknown; retryHref: string }) {
  const t = useMessages();
  return (
    <>
      <FallbackSiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        <ErrorState error={error} onRetry={() => {}} />
        <noscript>
          <p className="status-page">
            <a href={retryHref}>{t('error.tryPageAgain')}</a>
          </p>
        </noscript>
      </main>
    </>
  );
}
