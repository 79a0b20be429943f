import AppLayoutQuery from '@generated/AppLayoutQuery.graphql';
import {
  createBrowserRouter,
  data,
  matchRoutes,
  redirect,
  UNSAFE_ErrorResponseImpl as ErrorResponse,
  useLoaderData,
  type HydrationState,
  type RouteObject,
} from 'react-router';
import type { IEnvironment, Variables } from 'relay-runtime';
import { AppLayout, framePartsOf } from '../frame/AppLayout';
import { loadMessages } from '../i18n/messages';
import { inPageLocale } from '../i18n/Messages';
import { AppSkeleton } from '../frame/PageSkeleton';
import { NotFoundPage } from '../frame/NotFoundPage';
import { RouteErrorBoundary } from '../errors/RouteErrorBoundary';
import { NO_QUERY, NOT_FOUND, type FolioRoute, type RouteMatch } from './FolioRoute';
import { onContentPublished } from './contentEvents';
import { announceNewArtifacts, onNewArtifacts } from './hotArtifacts';
import { PreparedQueries, readRoot, settled } from './preparedQueries';
import type { RetryPage } from './RetryPageContext';
import type { PreloadRoute } from './RoutePreloadContext';
import type { RouteLoaderData } from './useRouteQuery';
import { DEFAULT_LOCALE, LOCALE_CODES, type Locale } from '../../shared/locales';
import { localeOfPath, localePath } from '../../shared/sitePaths';

export const ROOT_ROUTE_ID = 'root';

/** The loaders' context while the browser hydrates a page the server rendered (loadHydrationData). */
const HYDRATING = { hydrating: true } as const;
export const UNKNOWN_PATH_ROUTE_ID = 'unknown-path';

export interface RouteObjectOptions {
  /**
   * Rendering on the server: every failed query gives way to the route's
   * error state (the server renders no error boundary of its own).
   */
  server?: boolean;
}

/**
 * Turns Folio's route table into react-router route objects, for the browser
 * and for the server alike. Each route's loader starts its Relay query on
 * navigation (render-as-you-fetch) while the page's code loads in parallel,
 * and settles when the answer is in the store: the router keeps the current
 * page on screen (with a progress bar) until the next one can render whole.
 */
export function createRouteObjects(
  routes: FolioRoute[],
  queries: PreparedQueries,
  options: RouteObjectOptions = {},
): RouteObject[] {
  /** The frame's data, for the pages whose own query does not bring it. */
  const loadFrame = (locale: Locale) =>
    settled(queries.load(AppLayoutQuery, { locale })).catch(() => {});
  const notFoundPage = async (locale: Locale): Promise<never> => {
    await Promise.all([loadFrame(locale), loadMessages(locale)]);
    throw data('Not found', { status: 404 });
  };
  // The page's code and its data load side by side. Both are the loader's
  // work (rather than react-router's `lazy`, which keeps a failed import for
  // good): a chunk that fails offline fails the loader, the page shows the
  // error, and Retry imports it again.
  const load = async (
    route: FolioRoute,
    match: RouteMatch,
    locale: Locale,
    navigating: boolean,
  ): Promise<RouteLoaderData> => {
    const prepared = route.prepare(match);
    if (prepared === NOT_FOUND) return notFoundPage(locale);
    // The page's interface text comes with its code (src/i18n/messages.ts).
    const code = Promise.all([route.page(), loadMessages(locale)]).then(([module]) => module);
    if (prepared === NO_QUERY) {
      const [module] = await Promise.all([code, loadFrame(locale)]);
      return { queryRef: null, Page: module.default };
    }
    // The locale is an ordinary variable of every route's query (docs/decisions.md#locales).
    const variables = { ...prepared, locale };
    const queryRef = queries.load(route.query, variables);
    const [module, failure] = await Promise.all([
      code,
      settled(queryRef).then(
        () => null,
        (error: unknown) => ({ error }),
      ),
    ]);
    if (failure && (options.server || !route.showsOwnErrors)) throw failure.error;
    const subject =
      !failure && route.subject
        ? readRoot(queries.environment, route.query, variables)?.[route.subject]
        : undefined;
    if (subject === null) return notFoundPage(locale);
    // The server answers an address a document left with a 301 before it renders; a
    // client-side navigation to one moves the address bar to the same place.
    const moved = navigating && movedPath(route, prepared, subject, locale);
    if (moved) {
      const search = match.searchParams.size > 0 ? `?${match.searchParams.toString()}` : '';
      throw redirect(moved + search, 301);
    }
    // The parts of the frame and the page this content shows, there before it renders
    // (src/routing/pagePart.tsx): the preview banner in preview, a live blog's coverage.
    const parts = [
      ...framePartsOf(queries.environment, locale),
      ...(module.partsOf?.(subject) ?? []),
    ];
    await Promise.all(parts.map((part) => part.load()));
    return { queryRef, Page: module.default, partChunks: parts.map((part) => part.chunk) };
  };
  return [
    {
      id: ROOT_ROUTE_ID,
      // The frame and its states speak the language of the page's URL.
      Component: inPageLocale(AppLayout),
      ErrorBoundary: inPageLocale(RouteErrorBoundary),
      // Shown on a cold load in the browser when the server did not render the
      // page (development): the layout waits for the first page's data.
      HydrateFallback: inPageLocale(AppSkeleton),
      children: [
        ...localizedRoutes(routes).map(({ route, id, path, locale }): RouteObject => ({
          id,
          path,
          // Paths are matched as written: `/DE/…` or `/Articles` is no page (a locale prefix in
          // another case would read German content under the default locale's frame and address).
          caseSensitive: true,
          loader: ({ params, request, context }) =>
            load(
              route,
              { params, searchParams: new URL(request.url).searchParams },
              locale,
              !options.server && context !== HYDRATING,
            ),
          Component: RoutePage,
          ErrorBoundary: RouteErrorBoundary,
        })),
        {
          id: UNKNOWN_PATH_ROUTE_ID,
          path: '*',
          loader: ({ request }) => notFoundPage(localeOfPath(new URL(request.url).pathname)),
          Component: NotFoundPage,
          ErrorBoundary: RouteErrorBoundary,
        },
      ],
    },
  ];
}

/**
 * docs/routes.md#addresses-that-moved: the path, in `locale`, of the document the
 * query found when it was asked by a slug the document has left (the API
 * finds a document by its old slugs); null when it was asked by its own.
 */
function movedPath(
  route: FolioRoute,
  asked: Variables,
  subject: unknown,
  locale: Locale,
): string | null {
  if (!route.pathOf || typeof asked.slug !== 'string') return null;
  const slug = (subject as { slug?: unknown } | undefined)?.slug;
  if (typeof slug !== 'string' || slug === asked.slug) return null;
  return localePath(locale, route.pathOf(slug));
}

/** Renders the page module the route's loader imported. */
function RoutePage() {
  const { Page } = useLoaderData() as RouteLoaderData;
  return <Page />;
}

/**
 * Every route in every locale (docs/decisions.md#locales): the default locale's at their
 * paths, another's under its code (`/de/articles/:slug`), its id `<route>@<locale>`.
 */
export function localizedRoutes(routes: FolioRoute[]) {
  return LOCALE_CODES.flatMap((locale) =>
    routes.map((route) => ({
      route,
      locale,
      id: locale === DEFAULT_LOCALE ? route.id : `${route.id}@${locale}`,
      path: localePath(locale, route.path),
    })),
  );
}

/** The route table's entry a router route id names (`article@de` is `article`'s). */
export function routeOfId(routes: FolioRoute[], id: string | undefined): FolioRoute | undefined {
  const base = id?.split('@')[0];
  return routes.find((route) => route.id === base);
}

/** Preloads the data and code of whatever page `to` names. */
export function createRoutePreloader(routes: FolioRoute[], queries: PreparedQueries): PreloadRoute {
  const objects = localizedRoutes(routes).map((entry) => ({
    path: entry.path,
    caseSensitive: true,
    entry,
  }));
  return (to) => {
    const url = new URL(to, 'http://folio.invalid');
    const match = matchRoutes(objects, url.pathname)?.at(-1);
    if (!match) return;
    const { route, locale } = match.route.entry;
    const variables = route.prepare({ params: match.params, searchParams: url.searchParams });
    if (variables !== NOT_FOUND && variables !== NO_QUERY)
      queries.load(route.query, { ...variables, locale });
    // A failed import (offline) is reported by the navigation that needs it, if any.
    route.page().catch(() => {});
  };
}

/**
 * What the router would have after running the loaders of `url`, for a page
 * the server rendered: the loaders run here too, but their queries answer from
 * the store the server's records filled (no request) and their code from the
 * chunks the document named, so the first render matches the server's HTML.
 */
export async function loadHydrationData(
  objects: RouteObject[],
  routes: FolioRoute[],
  url: URL,
): Promise<HydrationState> {
  const loaderData: Record<string, unknown> = {};
  const errors: Record<string, unknown> = {};
  const request = new Request(url);
  const matches = matchRoutes(objects, url.pathname) ?? [];
  // The page's code is in the document already. Imported first, it registers
  // its query's artifact, so the loader's query can look in the store the
  // server's records filled (a `@preloadable` query sent before its artifact
  // has arrived goes to the network). An import that fails here fails again
  // in the loader, which shows it as the route's error.
  await Promise.all(
    matches.map((match) =>
      routeOfId(routes, match.route.id)
        ?.page()
        .catch(() => undefined),
    ),
  );
  for (const match of matches) {
    const { id, loader } = match.route;
    if (!id || typeof loader !== 'function') continue;
    try {
      loaderData[id] = await loader({
        request,
        params: match.params,
        context: HYDRATING,
      } as Parameters<typeof loader>[0]);
    } catch (thrown) {
      errors[id] = routeError(thrown);
      break;
    }
  }
  return { loaderData, errors: Object.keys(errors).length > 0 ? errors : null };
}

/** A loader's `throw data(…, { status })` as the router's own error response; other errors as they are. */
function routeError(thrown: unknown): unknown {
  const shaped = thrown as {
    type?: unknown;
    data?: unknown;
    init?: { status?: number; statusText?: string } | null;
  };
  if (shaped?.type === 'DataWithResponseInit')
    return new ErrorResponse(
      shaped.init?.status ?? 500,
      shaped.init?.statusText ?? '',
      shaped.data,
    );
  return thrown;
}

export interface FolioRouterOptions {
  /** The server rendered this page and the store holds its records: hydrate instead of loading. */
  hydrate?: boolean;
}

export async function createFolioRouter(
  environment: IEnvironment,
  routes: FolioRoute[],
  options: FolioRouterOptions = {},
) {
  const queries = new PreparedQueries(environment);
  const objects = createRouteObjects(routes, queries);
  const hydrationData = options.hydrate
    ? await loadHydrationData(objects, routes, new URL(window.location.href))
    : undefined;
  const router = createBrowserRouter(objects, hydrationData ? { hydrationData } : {});
  const retryPage: RetryPage = () => {
    queries.refreshNext();
    return router.revalidate();
  };
  // `npm run dev`: the page on screen loads again with new query artifacts (hotArtifacts.ts),
  // and from the network after a saved content/ file is published (contentEvents.ts).
  if (import.meta.webpackHot) {
    onNewArtifacts(() => void router.revalidate());
    onContentPublished(() => void retryPage());
  }
  return { router, preload: createRoutePreloader(routes, queries), retryPage };
}

// The frame's query is this module's own: it is accepted here the same way.
if (import.meta.webpackHot)
  import.meta.webpackHot.accept('@generated/AppLayoutQuery.graphql', announceNewArtifacts);
