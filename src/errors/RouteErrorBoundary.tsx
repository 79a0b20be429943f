import { isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router';
import { ErrorState } from './ErrorState';
import { NotFoundPage } from '../frame/NotFoundPage';

/**
 * The page-level error boundary: the navigation stays usable, it resets when
 * the location changes, and Retry runs the route's loader again, which loads
 * its query again.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (typeof console !== 'undefined') console.error(error);
  return (
    <ErrorState
      error={error}
      onRetry={() => void revalidator.revalidate()}
      isRetrying={revalidator.state === 'loading'}
    />
  );
}
