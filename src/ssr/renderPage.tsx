import { Writable } from 'node:stream';
import type { ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouter,
  StaticRouterProvider,
} from 'react-router';
import { SOURCE_RETRY_AFTER_SECONDS } from '../../shared/limits';
import { App } from '../App';
import {
  GraphQLResponseError,
  HttpStatusError,
  TimeoutError,
  asFolioNetworkError,
} from '../relay/errors';
import { createServerEnvironment } from '../relay/environment';
import { createRouteObjects, routeOfId } from '../routing/createFolioRouter';
import { FRAME_PART_CHUNKS } from '../frame/AppLayout';
import { localeOfPath } from '../../shared/sitePaths';
import type { Locale } from '../../shared/locales';
import { PreparedQueries } from '../routing/preparedQueries';
import type { RouteLoaderData } from '../routing/useRouteQuery';
import { routes } from '../routes';
import type { Site } from '../site/SiteContext';
import { GRAPHQL_PATH } from '../../shared/sitePaths';
import { BOOTSTRAP_ELEMENT_ID, serializeForScript, type PageBootstrap } from './bootstrap';
import { loadMessages } from '../i18n/messages';
import { pageAssets, type ClientAssets } from './clientAssets';
import { Document, type ClientGraphQLConfig } from './Document';
import { ServerErrorPage } from './ServerErrorPage';

export type { ClientAssets } from './clientAssets';

export interface RenderPageInput {
  /** The requested URL (its path and query name the page). */
  url: string;
  site: Site;
  /**
   * Sends one GraphQL request inside the server process: the embedded content
   * API's own `fetch` (no socket), or the forwarder to an external service.
   */
  fetch: typeof globalThis.fetch;
  /** Headers every GraphQL request of this page carries (the preview credential). */
  headers?: Record<string, string>;
  assets: ClientAssets;
  /** The CSP nonce of this response. */
  nonce?: string | undefined;
  /** The browser's GraphQL endpoint, when the server overrides the build's. */
  graphql?: ClientGraphQLConfig | undefined;
  /** The longest a page's data may take before the reader is told the service is slow (504). */
  timeoutMs?: number;
}

export interface RenderedPage {
  status: number;
  html: string;
  /** Seconds the reader should wait before trying again (503, 504). */
  retryAfterSeconds: number | null;
  /** The global ids of the records the page shows: a change to one of them makes the page stale. */
  recordIds: string[];
  /** Why the page could not be rendered (a 500): for the server's log, never for the reader. */
  failure?: unknown;
}

/** The page chunks the route table names, its pages' parts' too: the server checks the client build has each. */
export const pageChunks: readonly string[] = [
  ...routes.flatMap((route) => [route.chunk, ...(route.partChunks ?? [])]),
  ...FRAME_PART_CHUNKS,
];

export const DEFAULT_RENDER_TIMEOUT_MS = 5_000;
/** No retries on the server: the reader waits on this answer; the browser retries on its own. */
const NO_RETRIES = { delaysMs: [], maxRetryAfterMs: 0 };

/**
 * Renders one page of the route table on the server: the route's loader runs
 * its persisted query into a Relay environment of this request alone, React
 * renders the same components as the browser, and the records the page used
 * go into the document, so the browser's store starts from them and hydration
 * sends no request.
 */
export async function renderPage(input: RenderPageInput): Promise<RenderedPage> {
  const timeoutMs = input.timeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS;
  const environment = createServerEnvironment({
    endpoint: new URL(GRAPHQL_PATH, input.url).toString(),
    fetch: input.fetch,
    headers: input.headers ?? {},
    timeoutMs,
    retryPolicy: NO_RETRIES,
  });
  const queries = new PreparedQueries(environment);
  const handler = createStaticHandler(createRouteObjects(routes, queries, { server: true }));
  const locale = localeOfPath(new URL(input.url).pathname);
  // The page's interface text; the route's loader waits for it too, an error page would not.
  const [context] = await Promise.all([
    handler.query(new Request(input.url)),
    loadMessages(locale),
  ]);
  const path = pathOf(input.url);
  if (context instanceof Response) {
    // The route table has no redirects today; a loader that returns one is passed on as it is.
    return { status: context.status, html: '', retryAfterSeconds: null, recordIds: [] };
  }

  const failure = Object.values(context.errors ?? {}).find((error) => !isRouteErrorResponse(error));
  if (failure !== undefined) return renderErrorPage(input, path, failure);

  const matched = context.matches.at(-1)?.route.id;
  const route = routeOfId(routes, matched);
  // The route's chunk, and those of the parts its content needs (src/routing/pagePart.tsx).
  const loaded = matched ? (context.loaderData[matched] as RouteLoaderData | undefined) : undefined;
  const chunks = route ? [route.chunk, ...(loaded?.partChunks ?? [])] : [];
  const router = createStaticRouter(handler.dataRoutes, context);
  const app = (
    <App environment={environment} site={input.site} locale={locale}>
      <StaticRouterProvider router={router} context={context} hydrate={false} nonce={input.nonce} />
    </App>
  );
  try {
    const html = await renderDocument(app, input, chunks, timeoutMs);
    const records = environment.getStore().getSource().toJSON();
    const bootstrap: PageBootstrap = { site: input.site, hydrate: true, records };
    return {
      status: context.statusCode,
      html: withBootstrap(html, bootstrap),
      retryAfterSeconds: null,
      recordIds: Object.keys(records).filter((id) => !id.startsWith('client:')),
    };
  } catch (error) {
    return renderErrorPage(input, path, error);
  }
}

/**
 * The interface's text in `locale` (src/i18n/catalogs/), for the few answers
 * the server writes itself: the preview pages (server/preview/previewPages.ts).
 */
export async function interfaceText(
  locale: Locale,
): Promise<(id: string, values?: Record<string, string>) => string> {
  const i18n = await loadMessages(locale);
  return (id, values) => i18n._(id, values);
}

/** The HTTP status a failure of the page's data or rendering is reported with. */
export function statusOf(error: unknown): number {
  if (error instanceof TimeoutError) return 504;
  const failure = asFolioNetworkError(error);
  if (!failure) return 500;
  if (failure instanceof GraphQLResponseError) {
    if (failure.code === 'FORBIDDEN') return 403;
    // The database was too slow or too busy (api/db/database.ts): worth a retry shortly.
    if (failure.code === 'QUERY_TIMEOUT') return 503;
    // The CMS behind Folio is down, slow, or answered what cannot be read (api/sources/cms/cmsGraphQL.ts).
    if (failure.code === 'SOURCE_UNAVAILABLE' || failure.code === 'SOURCE_BAD_RESPONSE') return 503;
    return 500;
  }
  if (failure.kind === 'unknown-persisted-query') return 500;
  if (failure instanceof HttpStatusError && failure.status === 504) return 504;
  // Unreachable, overloaded, or answering what cannot be read: the service is unavailable for now.
  return 503;
}

async function renderErrorPage(
  input: RenderPageInput,
  path: string,
  error: unknown,
): Promise<RenderedPage> {
  const status = statusOf(error);
  const page = (
    <App
      environment={createServerEnvironment({ endpoint: GRAPHQL_PATH })}
      site={input.site}
      locale={localeOfPath(new URL(input.url).pathname)}
    >
      <StaticRouter location={path}>
        <ServerErrorPage error={error} retryHref={path} />
      </StaticRouter>
    </App>
  );
  const html = await renderDocument(page, input, [], DEFAULT_RENDER_TIMEOUT_MS);
  const bootstrap: PageBootstrap = { site: input.site, hydrate: false, records: {} };
  return {
    status,
    html: withBootstrap(html, bootstrap),
    retryAfterSeconds: status === 503 || status === 504 ? SOURCE_RETRY_AFTER_SECONDS : null,
    recordIds: [],
    ...(status === 500 ? { failure: error } : {}),
  };
}

/** React's streaming renderer, read to the end: the page is cached and tagged whole, and its data is ready before it renders. */
function renderDocument(
  app: ReactElement,
  input: RenderPageInput,
  chunks: readonly string[],
  timeoutMs: number,
): Promise<string> {
  const locale = localeOfPath(new URL(input.url).pathname);
  const files = pageAssets(input.assets, chunks, locale);
  return new Promise((resolve, reject) => {
    let html = '';
    let failed: unknown = null;
    const sink = new Writable({
      write(chunkBytes: Buffer | string, _encoding, done) {
        html += chunkBytes.toString();
        done();
      },
      final(done) {
        if (failed === null) resolve(html);
        else reject(failed);
        done();
      },
    });
    const stream = renderToPipeableStream(
      <Document
        lang={locale}
        scripts={files.scripts}
        styles={files.styles}
        fonts={files.fonts}
        nonce={input.nonce}
        graphql={input.graphql}
      >
        {app}
      </Document>,
      {
        nonce: input.nonce,
        // Every boundary inline: React would otherwise move large finished ones
        // to the end with an inline script to swap them in (a script the CSP
        // forbids, and a reflow). The whole page is sent at once anyway.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady: () => stream.pipe(sink),
        onShellError: reject,
        // An error inside a Suspense boundary: React would send its fallback; Folio sends an error page.
        onError: (error) => {
          failed ??= error;
        },
      },
    );
    setTimeout(() => stream.abort(new TimeoutError('render', timeoutMs)), timeoutMs).unref();
  });
}

/** The bootstrap goes last in <body>: the scripts that read it are added only once the page has loaded. */
function withBootstrap(html: string, bootstrap: PageBootstrap): string {
  const script = `<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">${serializeForScript(bootstrap)}</script>`;
  const end = html.lastIndexOf('</body>');
  return end === -1 ? html + script : html.slice(0, end) + script + html.slice(end);
}

function pathOf(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}
