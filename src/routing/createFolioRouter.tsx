import { createBrowserRouter, data, matchRoutes, useLoaderData, type RouteObject } from 'react-router';
import type { IEnvironment } from 'relay-runtime';
import { AppLayout } from '../Apps/Shell/AppLayout';
import { AppSkeleton } from '../Apps/Shell/PageSkeleton';
import { RouteErrorBoundary } from '../Apps/Shell/RouteErrorBoundary';
import { NO_QUERY, NOT_FOUND, type FolioRoute, type RouteMatch } from './FolioRoute';
import { PreparedQueries, whenSettled } from './preparedQueries';
import type { RetryPage } from './RetryPageContext';
import type { PreloadRoute } from './RoutePreloadContext';
import type { RouteLoaderData } from './useRouteQuery';

export function notFound(): never {
  throw data('Not found', { status: 404 });
}

/**
 * Turns Folio's route table into react-router route objects. Each route's
 * loader starts its Relay query on navigation (render-as-you-fetch) while the
 * page's code loads in parallel, and settles when the answer is in the store:
 * the router keeps the current page on screen (with a progress bar) until the
 * next one can render whole.
 */
export function createRouteObjects(routes: FolioRoute[], queries: PreparedQueries): RouteObject[] {
  // The page's code and its data load side by side. Both are the loader's
  // work (rather than react-router's `lazy`, which keeps a failed import for
  // good): a chunk that fails offline fails the loader, the page shows the
  // error, and Retry imports it again.
  const load = async (route: FolioRoute, match: RouteMatch): Promise<RouteLoaderData> => {
    const variables = route.prepare(match);
    if (variables === NOT_FOUND) notFound();
    const code = route.page();
    if (variables === NO_QUERY) return { queryRef: null, Page: (await code).default };
    const queryRef = queries.load(route.query, variables);
    const [module] = await Promise.all([code, whenSettled(queryRef)]);
    return { queryRef, Page: module.default };
  };
  return [
    {
      id: 'root',
      Component: AppLayout,
      ErrorBoundary: RouteErrorBoundary,
      // Shown on a cold load until the first page's code and data have arrived
      // (the layout is not rendered before, so it finds its data in the store).
      HydrateFallback: AppSkeleton,
      children: [
        ...routes.map(
          (route): RouteObject => ({
            path: route.path,
            loader: ({ params, request }) => load(route, { params, searchParams: new URL(request.url).searchParams }),
            Component: RoutePage,
            ErrorBoundary: RouteErrorBoundary,
          }),
        ),
        { path: '*', loader: () => notFound(), ErrorBoundary: RouteErrorBoundary },
      ],
    },
  ];
}

/** Renders the page module the route's loader imported. */
function RoutePage() {
  const { Page } = useLoaderData() as RouteLoaderData;
  return <Page />;
}

/** Preloads the data and code of whatever page `to` names. */
export function createRoutePreloader(routes: FolioRoute[], queries: PreparedQueries): PreloadRoute {
  const objects = routes.map((route) => ({ path: route.path, route }));
  return (to) => {
    const url = new URL(to, 'http://folio.invalid');
    const match = matchRoutes(objects, url.pathname)?.at(-1);
    if (!match) return;
    const { route } = match.route;
    const variables = route.prepare({ params: match.params, searchParams: url.searchParams });
    if (variables !== NOT_FOUND && variables !== NO_QUERY) queries.load(route.query, variables);
    // A failed import (offline) is reported by the navigation that needs it, if any.
    route.page().catch(() => {});
  };
}

export function createFolioRouter(environment: IEnvironment, routes: FolioRoute[]) {
  const queries = new PreparedQueries(environment);
  const router = createBrowserRouter(createRouteObjects(routes, queries));
  const retryPage: RetryPage = () => {
    queries.refreshNext();
    return router.revalidate();
  };
  return { router, preload: createRoutePreloader(routes, queries), retryPage };
}
