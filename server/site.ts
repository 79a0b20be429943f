import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import compression from 'compression';
import expressStaticGzip from 'express-static-gzip';
import express, { type NextFunction, type Request, type Response } from 'express';
import { type ContentService, servedInTrace } from '../api/contentService';
import { IMMUTABLE_CACHE_CONTROL, NO_STORE, PUBLIC_FILE_CACHE_CONTROL } from '../api/cacheControl';
import { GRAPHQL_PATH, GRAPHQL_STREAM_PATH, IMAGES_PATH } from '../shared/sitePaths';
import { createCrawlerRouter } from './crawlers/crawlerRouter';
import { createContentHook } from './hooks/contentHook';
import { createPublishRoute } from './hooks/publishRoute';
import { ReaderResponseCache } from './http/readerResponseCache';
import { contentSecurityPolicy, securityHeaderPairs, setHeaderPairs } from './http/securityHeaders';
import { clientAddressOf } from './ops/clientAddress';
import { createHealthChecks } from './ops/health';
import type { Logger } from './ops/logger';
import { logRequest } from './ops/requestLog';
import { measureRequest } from './ops/requestMetrics';
import { createPageHandler } from './pages/pageHandler';
import {
  CLIENT_ASSETS,
  loadPageRenderer,
  SERVER_BUNDLE,
  type PageRenderer,
} from './pages/pageRenderer';
import { createPreviewRouter } from './preview/previewRoutes';
import { publicOriginOf, requestProtocol } from './publicOrigin';
import { createReaderGraphQLGet } from './readerGraphQLGet';

export const DIST_DIR = path.resolve(__dirname, '../dist');
/** Files served as they are (the favicon). */
export const PUBLIC_DIR = path.resolve(__dirname, '../public');

/** Node's HTTP parser's code for headers over its limit (not one of the API's error codes). */
const NODE_HEADERS_TOO_LARGE = 'HPE_HEADER_OVERFLOW';

const HASHED_FILE = /\.[0-9a-f]{10}\.(js|css|woff2?|png|jpe?g|svg|webp)(\.br|\.gz)?$/;

/** Both builds the server renders pages with (`npm run build`). */
export function clientBuildExists(distDir = DIST_DIR): boolean {
  return (
    existsSync(path.join(distDir, CLIENT_ASSETS)) && existsSync(path.join(distDir, SERVER_BUNDLE))
  );
}

/** What the site is built from, besides the content service: every value read once by server/start.ts. */
export interface SiteOptions {
  mode: 'production' | 'development';
  logger: Logger;
  /** Proxies in front whose `X-Forwarded-For` entries are believed (`FOLIO_TRUST_PROXY`). */
  trustProxy: number;
  /** The site's public address (`FOLIO_PUBLIC_URL`); unset, each request's own origin. */
  publicUrl: string | undefined;
  /** Serve the built client from `distDir` and render pages (off behind webpack-dev-server). */
  serveClient: boolean;
  distDir: string;
  /** Origins that may frame preview pages (a CMS's preview panel); nobody may frame anything else. */
  previewFrameOrigins: readonly string[];
  /** The page renderer (default: the webpack build in `distDir`). */
  renderer?: PageRenderer | undefined;
  /** The longest a page's data may take on the server before the reader gets a 504. */
  renderTimeoutMs?: number | undefined;
  /** Overrides the browser's GraphQL endpoint without rebuilding (`FOLIO_GRAPHQL_ENDPOINT`, `FOLIO_GRAPHQL_GET`). */
  clientGraphQL?: { endpoint?: string | undefined; queriesAsGet?: boolean | undefined } | undefined;
  /** True from the lame-duck period on (the drain's): `/readyz` answers 503. */
  draining: () => boolean;
  /** The most readers' kept answers may take in this process (`FOLIO_READER_CACHE_MB`). */
  readerCacheBytes?: number | undefined;
}

export interface Site {
  /** Every request the HTTP server takes. */
  serve(request: IncomingMessage, response: ServerResponse): void;
  /** A request Node could not even parse (a 400, or 431 for headers too large): answered with the same security headers as any other. */
  answerClientError(error: Error & { code?: string }, socket: Duplex): void;
  /** Before the drain: the event streams publishing keeps open end. */
  close(): void;
}

/**
 * The web site over a content service: `/graphql`, `/images`, preview, CMS
 * and publish hooks, the feed and sitemaps, and (serving the client) the
 * built files and every reader page rendered on the server. Readers' finished
 * answers are sent from an in-process cache before express sees the request;
 * health checks before either. Nothing here listens (server/listening.ts).
 */
export function buildSite(service: ContentService, options: SiteOptions): Site {
  const { logger, trustProxy } = options;
  const readerCache = new ReaderResponseCache(service.readerCacheTtlMs, {
    caches: service.caches,
    trustProxy,
    budgetBytes: options.readerCacheBytes,
  });
  const app = express();
  // Express picks its error pages by this: production never shows a stack.
  app.set('env', options.mode);
  app.disable('x-powered-by');
  // Paths are matched as written, here and in every router (`/FEED.XML` is no feed): docs/routes.md#routes.
  app.set('case sensitive routing', true);
  // The same rule as clientAddressOf (request.ip, and X-Forwarded-Proto for request.secure and request.protocol).
  app.set('trust proxy', trustProxy);
  // Files are compressed by the `compression` middleware; the embedded API
  // compresses its own answers (api/answerCompression.ts) and pages are
  // compressed once when kept (server/http/readerResponseCache.ts).
  const compressFiles = compression();
  // Nor is a live stream: each update must leave as it is written.
  const uncompressed = new Set([GRAPHQL_PATH, GRAPHQL_STREAM_PATH]);
  app.use((request, response, next) =>
    uncompressed.has(request.path) ? next() : compressFiles(request, response, next),
  );
  // `npm run content` over PGlite publishes through this server; in development, each save of content/ is published.
  const publishRoute = createPublishRoute(service.publishing, logger);
  app.use(publishRoute.handle);
  mountContentRoutes(app, service, readerCache, options);
  if (options.serveClient) mountClient(app, service, readerCache, options);
  app.use(nothingHere);
  app.use(errorAnswer(logger));

  const serveHealth = createHealthChecks({
    databaseAnswers: () => service.databaseAnswers(),
    storageProblem: () => service.storageProblem(),
    clientBuildExists: options.serveClient ? () => clientBuildExists(options.distDir) : null,
    draining: options.draining,
  });
  // Development's GraphiQL runs inline scripts of its own: no policy there.
  const policy =
    options.mode === 'production' ? contentSecurityPolicy(options.clientGraphQL?.endpoint) : null;
  // Every answer carries the security headers and its request id, health checks included.
  const securityPairs = {
    http: securityHeaderPairs(policy, false),
    https: securityHeaderPairs(policy, true),
  };
  const operationNameOf = (request: IncomingMessage) => service.graphql.operationNameOf(request);
  const serveRequest = (request: IncomingMessage, response: ServerResponse) => {
    const requestId = logRequest(
      request,
      response,
      logger,
      clientAddressOf(request, trustProxy),
      operationNameOf,
    );
    // A kept answer is written whole, in one writeHead with every header prepared (a health check is never kept).
    const frame = securityPairs[requestProtocol(request, trustProxy)].concat(
      'X-Request-Id',
      requestId,
    );
    if (readerCache.serve(request, response, frame)) return;
    setHeaderPairs(response, frame);
    if (serveHealth(request, response)) return;
    app(request, response);
  };
  return {
    serve(request, response) {
      measureRequest(request, response);
      // In the trace an incoming `traceparent` continues, when tracing is on (api/observability/tracing.ts).
      servedInTrace(request, response, () => serveRequest(request, response));
    },
    answerClientError(error, socket) {
      if (!socket.writable) return void socket.destroy();
      const tooLarge = error.code === NODE_HEADERS_TOO_LARGE;
      const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
      const body = tooLarge
        ? 'The request headers are too large.\n'
        : 'The request was not valid.\n';
      const pairs = securityPairs.http;
      const headers = [];
      for (let i = 0; i < pairs.length; i += 2) headers.push(`${pairs[i]}: ${pairs[i + 1]}`);
      socket.end(
        [
          `HTTP/1.1 ${status}`,
          'Content-Type: text/plain; charset=utf-8',
          `Content-Length: ${Buffer.byteLength(body)}`,
          `Cache-Control: ${NO_STORE}`,
          ...headers,
          'Connection: close',
          '',
          body,
        ].join('\r\n'),
      );
    },
    close: () => publishRoute.close(),
  };
}

/**
 * What no route answered: a 404, or a 405 for a method no route takes
 * (`DELETE /`), said in Folio's own words with Folio's headers (express's
 * own page would replace the Content-Security-Policy with its own).
 */
function nothingHere(request: Request, response: Response): void {
  const readable = request.method === 'GET' || request.method === 'HEAD';
  response
    .status(readable ? 404 : 405)
    .set({
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': NO_STORE,
      ...(readable ? {} : { Allow: 'GET, HEAD' }),
    })
    .send(readable ? 'Not found.\n' : 'This method is not allowed here.\n');
}

/** GraphQL, images, preview, CMS notifications and the crawlers' documents. */
function mountContentRoutes(
  app: express.Express,
  service: ContentService,
  readerCache: ReaderResponseCache,
  options: SiteOptions,
): void {
  const { graphql } = service;
  // Open pages' live updates: before /graphql (whose mount takes every path below it), never kept, never compressed.
  const live = service.live;
  // Every method: one that is not GET is refused by the streams themselves (405, Allow: GET).
  if (live) app.all(GRAPHQL_STREAM_PATH, (request, response) => live.handle(request, response));
  // Readers' persisted GETs go through the reader cache; everything else to the API (or upstream).
  if (graphql.inProcess)
    app.get(GRAPHQL_PATH, createReaderGraphQLGet(graphql.inProcess, readerCache));
  // yoga reads the original URL, so mounting at its endpoint keeps the path it expects.
  if (graphql.compressesAnswers) app.use(GRAPHQL_PATH, graphql.handle);
  else app.use(GRAPHQL_PATH, compression(), graphql.handle);
  app.get(`${IMAGES_PATH}/{*file}`, service.images);
  app.use(
    createPreviewRouter({
      keys: service.preview.keys,
      frameOrigins: options.previewFrameOrigins,
      locate: service.preview.locate,
      // Its pages in the site's language, with the interface's catalogs: the page renderer's, where the site has pages.
      interfaceText: options.serveClient
        ? (locale) =>
            (options.renderer ?? loadPageRenderer(options.distDir)).interfaceText?.(locale)
        : undefined,
    }),
  );
  const clientAddress = (request: Request) => clientAddressOf(request, options.trustProxy);
  app.use(createContentHook({ inbox: service.notifications, clientAddress }));
  app.use(
    createCrawlerRouter({
      content: service.crawl,
      publicOrigin: (request) => publicOriginOf(request, options.publicUrl, options.trustProxy),
      logger: options.logger,
      cacheMs: service.readerCacheTtlMs,
    }),
  );
}

/** The built client's files and every reader page, rendered on the server. */
function mountClient(
  app: express.Express,
  service: ContentService,
  readerCache: ReaderResponseCache,
  options: SiteOptions,
): void {
  // The build's files, with the brotli and gzip twins the build made of each (never compressed per request).
  const files = expressStaticGzip(options.distDir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      setHeaders: (response, file) => {
        response.setHeader(
          'Cache-Control',
          HASHED_FILE.test(file) ? IMMUTABLE_CACHE_CONTROL : 'no-cache',
        );
      },
    },
  });
  // A path that is not even valid percent-encoding names no file: it goes on to the page handler's 404.
  app.use((request, response, next) =>
    isDecodable(request.path) ? files(request, response, next) : next(),
  );
  app.use(
    express.static(PUBLIC_DIR, {
      index: false,
      setHeaders: (response) => response.setHeader('Cache-Control', PUBLIC_FILE_CACHE_CONTROL),
    }),
  );
  app.use(
    createPageHandler({
      renderer: options.renderer ?? loadPageRenderer(options.distDir),
      fetchGraphQL: service.graphql.fetch,
      previewKeys: service.preview.keys,
      previewFrameOrigins: options.previewFrameOrigins,
      cache: readerCache,
      renderTimeoutMs: options.renderTimeoutMs,
      clientGraphQL: options.clientGraphQL,
      publicOrigin: (request) => publicOriginOf(request, options.publicUrl, options.trustProxy),
      logger: options.logger,
      movedTo: service.moved,
    }),
  );
}

/** Whatever fails outside a page: a short message, never a stack or a path. */
function errorAnswer(logger: Logger) {
  return (error: unknown, request: Request, response: Response, next: NextFunction) => {
    if (response.headersSent) return next(error);
    const status = httpStatusOf(error);
    if (status >= 500)
      logger.error(
        {
          err: error,
          requestId: response.getHeader('X-Request-Id'),
          method: request.method,
          path: request.path,
        },
        'request failed',
      );
    response
      .status(status)
      .set({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': NO_STORE })
      .send(status >= 500 ? 'The server had a problem.\n' : 'The request was not valid.\n');
  };
}

function isDecodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** A client error's own status (a bad percent-escape is a 400), else 500. */
function httpStatusOf(error: unknown): number {
  const status =
    (error as { status?: unknown; statusCode?: unknown } | null)?.status ??
    (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}
