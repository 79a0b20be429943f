import { useEffect, useRef } from 'react';
import { describeError } from './errorMessages';
import { useOnline } from '../frame/useOnline';
import { useMessages } from '../i18n/useMessages';
import { SITE_TITLE_WITHOUT_RECORD } from '../../shared/siteTitle';

interface ErrorStateProps {
  error: unknown;
  /** Loads the failed query again. */
  onRetry: () => void;
  isRetrying?: boolean;
  /** 1 for a whole page (it also names the document); 2 for one part of a page. */
  headingLevel?: 1 | 2;
}

/** The one place a failure is shown to the reader: what happened and what to do. */
export function ErrorState({
  error,
  onRetry,
  isRetrying = false,
  headingLevel = 1,
}: ErrorStateProps) {
  const t = useMessages();
  const online = useOnline();
  const description = describeError(error, online);
  const wasOnline = useRef(online);

  // Back online after a transient failure: try again without being asked.
  useEffect(() => {
    if (online && !wasOnline.current && description.transient && description.action === 'retry')
      onRetry();
    wasOnline.current = online;
  }, [online, description.transient, description.action, onRetry]);

  // The site's name as a page without the site's record knows it (the frame's data may be what failed).
  const site = SITE_TITLE_WITHOUT_RECORD;
  const title = t(description.title, { site });
  return (
    <section className="status-page" role="alert" aria-live="assertive">
      {headingLevel === 1 ? (
        <>
          <title>{t('head.title', { title, site })}</title>
          <h1>{title}</h1>
        </>
      ) : (
        <h2>{title}</h2>
      )}
      <p>{t(description.message, { site })}</p>
      <p>
        {description.action === 'reload' ? (
          <button type="button" onClick={() => window.location.reload()}>
            {t('error.reload')}
          </button>
        ) : (
          <button type="button" onClick={onRetry} disabled={isRetrying} aria-busy={isRetrying}>
            {isRetrying ? t('error.tryingAgain') : t('error.tryAgain')}
          </button>
        )}
      </p>
    </section>
  );
}
