import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from './NotFoundPage';

/**
 * What the reader sees when a page cannot be shown. The full error catalogue
 * (SPEC §7) with retry lives in the transport work; this is its home.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <section className="status-page" role="alert">
      <h1>Something went wrong</h1>
      <p>The page could not be shown. Please try again.</p>
      <p>
        <button type="button" onClick={() => window.location.reload()}>
          Try again
        </button>
      </p>
    </section>
  );
}
