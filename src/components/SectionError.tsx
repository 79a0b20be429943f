import { useContext, useState } from 'react';
import { RetryPageContext } from '../routing/RetryPageContext';
import { useMessages } from '../i18n/useMessages';

/**
 * A part of a page whose data failed (partial data, docs/errors.md#error-catalogue): the rest of the
 * page renders, and this part says so in its own place, with a way to load
 * the page's data again.
 */
export function SectionError({ what }: { what: string }) {
  const t = useMessages();
  const retryPage = useContext(RetryPageContext);
  const [retrying, setRetrying] = useState(false);
  return (
    <div className="section-error" role="status">
      <p>{t('error.sectionFailed', { what })}</p>
      {retryPage && (
        <button
          type="button"
          className="button button--secondary"
          disabled={retrying}
          aria-busy={retrying}
          onClick={() => {
            setRetrying(true);
            void retryPage().finally(() => setRetrying(false));
          }}
        >
          {retrying ? t('error.tryingAgain') : t('error.tryAgain')}
        </button>
      )}
    </div>
  );
}
