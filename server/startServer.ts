import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import compression from 'compression';
import expressStaticGzip from 'express-static-gzip';
import express, { type NextFunction, type Request, type Response } from 'express';
import { CdnPurger } from '../api/changes/cdnPurge';
import { ChangeListener, type ChangeListenerOptions } from '../api/changes/changeListener';
import { ReaderCaches } from '../api/caches/readerCaches';
import { readerCounts } from '../api/caches/readerCounts';
import { createContentApi } from '../api/createContentApi';
import { createContentPublishing } from '../api/publishing/serverPublishing';
import { openDatabase, type Database } from '../api/db/database';
import { DEFAULT_DATA_DIR } from '../settings/storageSettings';
import { prepareDatabase } from '../api/publishing/prepareDatabase';
import {
  createForwardingFetch,
  createForwardingHandler,
} from '../api/forwarding/createForwardingHandler';
import { DiskImageCache } from '../api/images/imageCache';
import { imageCacheBytesFromEnvironment } from '../settings/storageSettings';
import { createImageHandler } from '../api/images/imageHandler';
import { keptImageOriginals } from '../api/caches/keptImageOriginals';
import { privateFolder } from '../api/db/privateFolder';
import { persistedQueryStore } from '../api/persistedQueries';
import { nodeHeaders, previewAccessOf, previews, type PreviewKeys } from '../api/previewCredential';
import { previewLinkKey } from '../api/previewLinks';
import { locatePreviewDocument } from './preview/locatePreviewDocument';
import type { ContentSource, ContentSourceFactory } from '../api/sources/contentSource';
import { createEmbeddedSource } from '../api/sources/embedded/embeddedSource';
import { withSafeLinks } from '../api/sources/safeLinks';
import { GRAPHQL_PATH, IMAGES_PATH } from '../shared/sitePaths';
import { createCrawlerRouter } from './crawlers/crawlerRouter';
import { createContentHook } from './hooks/contentHook';
import { ReaderResponseCache } from './http/readerResponseCache';
import { contentSecurityPolicy, securityHeaderPairs, setHeaderPairs } from './http/securityHeaders';
import { createPageHandler } from './pages/pageHandler';
import {
  CLIENT_ASSETS,
  loadPageRenderer,
  SERVER_BUNDLE,
  type PageRenderer,
} from './pages/pageRenderer';
import { clientAddressOf } from './ops/clientAddress';
import { createHealthChecks } from './ops/health';
import { createLogger, yogaLogger, type Logger } from './ops/logger';
import { logRequest } from './ops/requestLog';
import { readOperationsSettings, type OperationsSettings } from '../settings/operationsSettings';
import { createDrain } from './ops/shutdown';
import { createPreviewRouter } from './preview/previewRoutes';
import { publicOriginOf, requestProtocol } from './publicOrigin';
import { createReaderGraphQLGet } from './readerGraphQLGet';
import {
  IMMUTABLE_CACHE_CONTROL,
  NO_STORE,
  PUBLIC_FILE_CACHE_CONTROL,
  READER_ANSWER_TTL_MS,
} from '../api/cacheControl';

export const DIST_DIR = path.resolve(__dirname, '../dist');
/** Files served as they are (the favicon). */
export const PUBLIC_DIR = path.resolve(__dirname, '../public');

export interface ServerOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /**
   * Whether this server listens on `port` itself (default true). A cluster
   * worker does not: the primary listens and hands it connections
   * (`takeConnection`, server/ops/cluster.ts), and `port` names the primary's.
   */
  listens?: boolean;
  mode?: 'production' | 'development';
  /** A PostgreSQL server; PGlite in `dataDir` otherwise. */
  databaseUrl?: string | undefined;
  /** PGlite's data and the image cache (default `.data/`); `memory://` for a throwaway database. */
  dataDir?: string | undefined;
  /** Serve the built client from dist/ (off behind webpack-dev-server). */
  serveClient?: boolean;
  previewToken?: string | undefined;
  /** `FOLIO_PREVIEW_LINK_KEY`: signs preview links (api/previewLinks.ts); unset, a key kept in the database does. */
  previewLinkKey?: string | undefined;
  /** Origins that may frame preview pages (a CMS's preview panel); nobody may frame anything else. */
  previewFrameOrigins?: readonly string[] | undefined;
  /** Origins allowed to call /graphql from a browser (`FOLIO_CORS_ORIGINS`); none by default, never with credentials. */
  corsOrigins?: readonly string[] | undefined;
  /** Persisted query lookup (tests give their own). */
  persistedQuery?: (id: string) => string | null;
  /**
   * Where the content comes from (api/sources/): made from Folio's database
   * once it is open; the embedded source over that database by default.
   */
  contentSource?: ContentSourceFactory;
  /** How often a CMS source's search index is read again from the CMS (default 5 minutes; 0: only at start). */
  searchRefreshMs?: number;
  /** Forward /graphql to an external GraphQL service instead of the embedded one. */
  upstream?: { url: string; token?: string | undefined; timeoutMs?: number } | undefined;
  /** How long readers' answers and pages are kept in process (default 60 s in production, 0 in development). */
  readerCacheTtlMs?: number;
  /** The longest a page's data may take on the server before the reader gets a 504. */
  renderTimeoutMs?: number;
  /** The page renderer (default: the webpack build in dist/; tests give the source's own). */
  renderer?: PageRenderer;
  /** Overrides the browser's GraphQL endpoint without rebuilding (`FOLIO_GRAPHQL_ENDPOINT`, `FOLIO_GRAPHQL_GET` at run time). */
  clientGraphQL?: { endpoint?: string | undefined; queriesAsGet?: boolean | undefined };
  /** The site's public address (default: `FOLIO_PUBLIC_URL`); unset, each request's own origin. */
  publicUrl?: string | undefined;
  /** The built client (default dist/). */
  distDir?: string;
  /** Request lines and server errors (default: `FOLIO_LOG_LEVEL`/`FOLIO_LOG_FORMAT`, silent under jest). */
  logger?: Logger;
  /** Proxies in front whose `X-Forwarded-For` entries are believed (default: `FOLIO_TRUST_PROXY`, 0). */
  trustProxy?: number;
  /** How long `close()` lets requests in flight finish (default: `FOLIO_SHUTDOWN_GRACE_MS`, 10 s). */
  shutdownGraceMs?: number;
  /** Where content changes' cache keys are purged (default: `FOLIO_CDN_PURGE_URL`; none without it). */
  cdnPurgeUrl?: string | undefined;
  /** The secret CMS notifications to `POST /hooks/content` carry (default: `FOLIO_WEBHOOK_SECRET`; the route is off without it). */
  webhookSecret?: string | undefined;
  /** How this process hears content changes (tests shorten the reconnection back-off, and wait for drops). */
  changes?: Pick<ChangeListenerOptions, 'reconnectMs' | 'heartbeatMs' | 'onDropped'>;
}

export interface RunningServer {
  url: string;
  port: number;
  db: Database;
  source: ContentSource;
  /** How this process hears content changes and drops what they touch (api/changes/). */
  changes: ChangeListener;
  /** Purges the CDN when `FOLIO_CDN_PURGE_URL` is set (api/changes/cdnPurge.ts). */
  purger: CdnPurger | null;
  /** Serves a connection someone else accepted (a cluster worker's, from the primary). */
  takeConnection(socket: Socket): void;
  /** The start of a stop: `/readyz` answers 503 from now on, and everything else is served as before. */
  lameDuck(): void;
  /**
   * Graceful stop (server/ops/shutdown.ts): stops taking connections,
   * answers every request on those it has, what cannot finish within the
   * shutdown grace period with 503 and Retry-After, closes the database.
   * Safe to call twice.
   */
  close(): Promise<void>;
}

const HASHED_FILE = /\.[0-9a-f]{10}\.(js|css|woff2?|png|jpe?g|svg|webp)(\.br|\.gz)?$/;

/** Both builds the server renders pages with (`npm run build`). */
export function clientBuildExists(distDir = DIST_DIR): boolean {
  return (
    existsSync(path.join(distDir, CLIENT_ASSETS)) && existsSync(path.join(distDir, SERVER_BUNDLE))
  );
}

/**
 * The web server: the content API at /graphql, content images at /images,
 * preview, the feed and sitemaps, and (in production) every reader page
 * rendered on the server, with the built client's files (long-lived caching
 * for hashed names). Readers' finished answers are sent from an in-process
 * cache before express sees the request.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const mode = options.mode ?? 'production';
  // The environment's settings (settings/operationsSettings.ts), read only for what the caller did not give.
  let environment: OperationsSettings | undefined;
  const settings = () => (environment ??= readOperationsSettings());
  const logger = options.logger ?? createLogger(settings());
  const trustProxy = options.trustProxy ?? settings().trustProxy;
  const shutdownGraceMs = options.shutdownGraceMs ?? settings().shutdownGraceMs;
  const distDir = options.distDir ?? DIST_DIR;
  const serveClient = options.serveClient ?? true;
  const previewFrameOrigins = options.previewFrameOrigins ?? [];
  const memory = options.dataDir?.startsWith('memory://') ?? false;
  const dataDir = memory ? undefined : (options.dataDir ?? DEFAULT_DATA_DIR);
  // The data folder (PGlite's files, the image cache, the publisher's address) is the server's user's alone.
  if (dataDir) privateFolder(dataDir, { within: false });
  const db = await openDatabase({
    databaseUrl: options.databaseUrl,
    dataDir: memory ? options.dataDir : path.join(dataDir!, 'pglite'),
  });
  // Migrations and the seed, one server at a time however many start together (an advisory lock).
  await prepareDatabase(db, {
    log: (message) => logger.info(message.replace(/^folio: /, '')),
    warn: (message) => logger.error(message.replace(/^folio: /, '')),
  });
  const previewKeys: PreviewKeys = {
    token: options.previewToken,
    linkKey: await previewLinkKey(db, options.previewLinkKey),
  };
  const readerCacheTtlMs =
    options.readerCacheTtlMs ?? (mode === 'development' ? 0 : READER_ANSWER_TTL_MS);
  // Every cache of readers' answers in this process: content changes drop what they touch (api/changes/).
  const caches = new ReaderCaches();
  // Readers' counts are kept as long as the answers they are part of.
  // Every link a source supplies is checked where content leaves it (api/sources/safeLinks.ts).
  const source = withSafeLinks(
    (options.contentSource ?? createEmbeddedSource)(db, {
      counts: readerCounts(readerCacheTtlMs, caches),
    }),
  );
  const searchRefresh = keepSearchFresh(
    source,
    options.searchRefreshMs ?? SEARCH_REFRESH_MS,
    logger,
  );
  // Search answers from the start: the first reading is waited for (a CMS that is down only logs it).
  await searchRefresh.first;

  const readerCache = new ReaderResponseCache(readerCacheTtlMs, { caches, trustProxy });
  const cdnPurgeUrl = options.cdnPurgeUrl ?? settings().cdnPurgeUrl;
  const publicUrl = options.publicUrl ?? settings().publicUrl;
  const purger = cdnPurgeUrl ? new CdnPurger({ url: cdnPurgeUrl, logger }) : null;
  const changes = new ChangeListener({
    db,
    databaseUrl: options.databaseUrl,
    source,
    caches,
    purger,
    logger,
    ...options.changes,
  });
  // Listening (and the schedule read) before serving: nothing is kept that a change could not drop.
  await changes.start();
  const app = express();
  // Express picks its error pages by this: production never shows a stack.
  app.set('env', mode);
  app.disable('x-powered-by');
  // The same rule as clientAddressOf (request.ip, and X-Forwarded-Proto for request.secure and request.protocol).
  app.set('trust proxy', trustProxy);
  // Files are compressed by the `compression` middleware; the embedded API
  // compresses its own answers (api/answerCompression.ts) and pages are
  // compressed once when kept (server/http/readerResponseCache.ts).
  const compressFiles = compression();
  app.use((request, response, next) =>
    request.path === GRAPHQL_PATH ? next() : compressFiles(request, response, next),
  );
  // `npm run content` over PGlite publishes through this server; in development, each save of content/ is published (api/publishing/serverPublishing.ts).
  const publishing = createContentPublishing({
    db,
    source: source.kind,
    mode,
    dataDir: options.databaseUrl ? undefined : dataDir,
    watch: mode === 'development' && !memory,
    logger,
    preview: { linkKey: previewKeys.linkKey, siteUrl: publicUrl },
  });
  app.use(publishing.handle);

  let fetchGraphQL: typeof globalThis.fetch;
  if (options.upstream) {
    const persistedQuery =
      options.persistedQuery ??
      persistedQueryStore(undefined, { reloadOnMiss: mode === 'development' });
    const forwarding = {
      upstreamUrl: options.upstream.url,
      token: options.upstream.token,
      timeoutMs: options.upstream.timeoutMs,
      persistedQuery,
      mode,
    };
    const forward = createForwardingHandler(forwarding);
    app.use(GRAPHQL_PATH, compression(), (request, response) => void forward(request, response));
    fetchGraphQL = createForwardingFetch(forwarding);
  } else {
    const api = createContentApi({
      db,
      source,
      mode,
      previewToken: options.previewToken,
      previewLinkKey: previewKeys.linkKey,
      persistedQuery: options.persistedQuery,
      corsOrigins: options.corsOrigins,
      clientAddress: (request) => clientAddressOf(request, trustProxy),
      logger: yogaLogger(logger),
      // Pages and the answers (and counts) they are made of are kept as long as each other.
      responseCacheTtlMs: readerCacheTtlMs,
      // Content changes, and a reader's vote, drop this process's kept answers showing what they touch (other processes keep a vote's up to 60 s).
      caches,
    });
    // Readers' persisted GETs go through the reader cache; everything else to yoga.
    app.get(GRAPHQL_PATH, createReaderGraphQLGet(api, readerCache, options.corsOrigins));
    // yoga reads the original URL, so mounting at its endpoint keeps the path it expects.
    app.use(api.graphqlEndpoint, (request, response) => void api(request, response));
    // The server renderer asks the API in this process: no socket, the same plugins.
    fetchGraphQL = (input, init) =>
      Promise.resolve(
        api.fetch(
          input instanceof globalThis.Request ? input.url : String(input),
          init as Parameters<typeof api.fetch>[1],
        ),
      );
  }
  const cacheDir = path.join(
    dataDir ?? path.join(tmpdir(), `folio-images-${process.pid}`),
    'image-cache',
  );
  app.get(
    `${IMAGES_PATH}/{*file}`,
    createImageHandler({
      originals: keptImageOriginals((file) => source.image(file), readerCacheTtlMs, caches),
      isPreview: (request) => previews(previewAccessOf(nodeHeaders(request.headers), previewKeys)),
      cache: new DiskImageCache(cacheDir, imageCacheBytesFromEnvironment()),
      logger,
    }),
  );
  app.use(
    createPreviewRouter({
      keys: previewKeys,
      frameOrigins: previewFrameOrigins,
      locate: (document) => locatePreviewDocument(source, document),
    }),
  );
  app.use(
    createContentHook({
      secret: options.webhookSecret ?? settings().webhookSecret,
      db,
      source: source.kind,
      clientAddress: (request) => clientAddressOf(request, trustProxy),
      logger,
    }),
  );
  app.use(
    createCrawlerRouter({
      source,
      publicOrigin: (request) => publicOriginOf(request, publicUrl, trustProxy),
      logger,
      caches,
      cacheMs: readerCacheTtlMs,
    }),
  );

  if (serveClient) {
    // The build's files, with the brotli and gzip twins the build made of each (never compressed per request).
    const files = expressStaticGzip(distDir, {
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
        renderer: options.renderer ?? loadPageRenderer(distDir),
        fetchGraphQL,
        previewKeys,
        previewFrameOrigins,
        cache: readerCache,
        renderTimeoutMs: options.renderTimeoutMs,
        clientGraphQL: options.clientGraphQL,
        publicOrigin: (request) => publicOriginOf(request, publicUrl, trustProxy),
      }),
    );
  }
  // Whatever fails outside a page: a short message, never a stack or a path.
  app.use((error: unknown, request: Request, response: Response, next: NextFunction) => {
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
  });

  const serveHealth = createHealthChecks({
    db,
    clientBuildExists: serveClient ? () => clientBuildExists(distDir) : null,
    draining: () => drain.isDraining(),
  });
  // Development's GraphiQL runs inline scripts of its own: no policy there.
  const policy =
    mode === 'production' ? contentSecurityPolicy(options.clientGraphQL?.endpoint) : null;
  // Every answer carries the security headers and its request id, health checks included.
  const securityPairs = {
    http: securityHeaderPairs(policy, false),
    https: securityHeaderPairs(policy, true),
  };
  const server = createServer((request, response) => {
    drain.track(request, response);
    const requestId = logRequest(request, response, logger, clientAddressOf(request, trustProxy));
    // A kept answer is written whole, in one writeHead with every header prepared (a health check is never kept).
    const frame = securityPairs[requestProtocol(request, trustProxy)].concat(
      'X-Request-Id',
      requestId,
    );
    if (readerCache.serve(request, response, frame)) return;
    setHeaderPairs(response, frame);
    if (serveHealth(request, response)) return;
    app(request, response);
  });
  const listens = options.listens ?? true;
  const drain = createDrain(server, logger, { listens });
  let port: number;
  let address: string;
  if (listens) {
    server.listen(options.port ?? 4000, options.host ?? '127.0.0.1');
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
    ({ port, address } = server.address() as AddressInfo);
  } else {
    port = options.port ?? 4000;
    address = options.host ?? '127.0.0.1';
    // Node starts its connection bookkeeping (header and request timeouts,
    // closing idle connections) when a server listens: this one is handed its connections.
    server.emit('listening');
  }
  const url = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
  publishing.listening(url);
  let closing: Promise<void> | null = null;
  return {
    url,
    port,
    db,
    source,
    changes,
    purger,
    takeConnection: (socket) => {
      server.emit('connection', socket);
      socket.resume();
    },
    lameDuck: () => drain.lameDuck(),
    close: () =>
      (closing ??= (async () => {
        // First: its event streams never end by themselves, and a draining server waits for them.
        await publishing.close();
        const { refused, cut, ms } = await drain.drain(shutdownGraceMs);
        await changes.close();
        await purger?.close();
        await searchRefresh.stop();
        await source.close();
        await db.close();
        logger.info(
          { refused, cut, ms },
          `stopped after ${ms} ms${refused + cut > 0 ? ` (${refused} answered 503, ${cut} cut)` : ''}`,
        );
      })()),
  };
}

/** How often a CMS source's search index is read again by default; a change to an article reads it again at once (api/changes/changeListener.ts). */
export const SEARCH_REFRESH_MS = 5 * 60_000;

/**
 * A CMS source's search index (api/sources/cms/searchIndex.ts), filled at start
 * and read again every `everyMs`, in the background: readers are served
 * meanwhile, and a CMS that is down leaves the last index in place.
 */
function keepSearchFresh(source: ContentSource, everyMs: number, logger: Logger) {
  let running: Promise<unknown> = Promise.resolve();
  if (!source.refreshSearch) return { first: running, stop: () => Promise.resolve() };
  const refresh = () => {
    const started = Date.now();
    running = source.refreshSearch!().then(
      (count) =>
        logger.info(
          { source: source.kind, articles: count, ms: Date.now() - started },
          `search index: ${count} ${source.kind} articles`,
        ),
      (error: unknown) =>
        logger.warn(
          { source: source.kind, err: error },
          'search index: could not be read from the source; keeping the last one',
        ),
    );
  };
  refresh();
  const first = running;
  const timer = everyMs > 0 ? setInterval(refresh, everyMs) : null;
  timer?.unref();
  return {
    first,
    stop: async () => {
      if (timer) clearInterval(timer);
      await running;
    },
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
