import { useEffect, useRef } from 'react';
import { describeError } from './errorMessages';
import { useOnline } from '../frame/useOnline';

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
  const online = useOnline();
  const description = describeError(error, online);
  const wasOnline = useRef(online);

  // Back online after a transient failure: try again without being asked.
  useEffect(() => {
    if (online && !wasOnline.current && description.transient && description.action === 'retry')
      onRetry();
    wasOnline.current = online;
  }, [online, description.transient, description.action, onRetry]);

  return (
    <section className="status-page" role="alert" aria-live="assertive">
      {headingLevel === 1 ? (
        <>
          <title>{`${description.title} — Folio`}</title>
          <h1>{description.title}</h1>
        </>
      ) : (
        <h2>{description.title}</h2>
      )}
      <p>{description.message}</p>
      <p>
        {description.action === 'reload' ? (
          <button type="button" onClick={() => window.location.reload()}>
            Reload
          </button>
        ) : (
          <button type="button" onClick={onRetry} disabled={isRetrying} aria-busy={isRetrying}>
            {isRetrying ? 'Trying again…' : 'Try again'}
          </button>
        )}
      </p>
    </section>
  );
}
