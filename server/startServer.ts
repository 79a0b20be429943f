import type { Socket } from 'node:net';
import type {
  CdnPurger,
  ChangeListener,
  ContentService,
  ContentServiceOptions,
  ContentSource,
  Database,
  LiveStreams,
} from '../api/contentService';
import { DEFAULT_SHUTDOWN_GRACE_MS } from '../settings/operationsSettings';
import { listen } from './listening';
import { silentLogger, yogaLogger, type Logger } from './ops/logger';
import { clientAddressOf } from './ops/clientAddress';
import type { PageRenderer } from './pages/pageRenderer';
import { buildSite, DIST_DIR } from './site';

export { clientBuildExists, DIST_DIR, PUBLIC_DIR } from './site';

/**
 * What a web server is made of, besides the content service it is handed:
 * server/start.ts reads every value from the environment once and passes it
 * here; a value not given takes its documented default (docs/operations.md),
 * never the environment's. The content service's own settings (database,
 * source, preview keys, caches' lifetimes, CORS, CDN purge, webhook…) go to
 * `openContentService` (api/contentService.ts).
 */
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
  /** Serve the built client from dist/ (off behind webpack-dev-server). */
  serveClient?: boolean;
  /** Origins that may frame preview pages (a CMS's preview panel); nobody may frame anything else. */
  previewFrameOrigins?: readonly string[] | undefined;
  /** The longest a page's data may take on the server before the reader gets a 504. */
  renderTimeoutMs?: number;
  /** The page renderer (default: the webpack build in dist/; tests give the source's own). */
  renderer?: PageRenderer;
  /** Overrides the browser's GraphQL endpoint without rebuilding (`FOLIO_GRAPHQL_ENDPOINT`, `FOLIO_GRAPHQL_GET` at run time). */
  clientGraphQL?: { endpoint?: string | undefined; queriesAsGet?: boolean | undefined };
  /** The site's public address (`FOLIO_PUBLIC_URL`); unset, each request's own origin. */
  publicUrl?: string | undefined;
  /** The built client (default dist/). */
  distDir?: string;
  /** Request lines and server errors (default: none; `npm start` gives `FOLIO_LOG_LEVEL`'s). */
  logger?: Logger;
  /** Proxies in front whose `X-Forwarded-For` entries are believed (`FOLIO_TRUST_PROXY`; default 0). */
  trustProxy?: number;
  /** How long `close()` lets requests in flight finish (`FOLIO_SHUTDOWN_GRACE_MS`; default 10 s). */
  shutdownGraceMs?: number;
  /** The most readers' kept answers may take in this process (`FOLIO_READER_CACHE_MB`; default 64 MiB). */
  readerCacheBytes?: number;
}

/**
 * What the content service takes from the web server's side: the mode, the
 * log, and the reader's address as this server reads it (`FOLIO_TRUST_PROXY`),
 * which per-client budgets key on. Whoever opens the service for a server
 * (server/start.ts, harness/siteServer.ts) gives it these.
 */
export function serverSideOfService(
  options: Pick<ServerOptions, 'mode' | 'logger' | 'trustProxy'>,
): Pick<ContentServiceOptions, 'mode' | 'logger' | 'clientAddress' | 'apiLogger'> {
  const logger = options.logger ?? silentLogger;
  const trustProxy = options.trustProxy ?? 0;
  return {
    mode: options.mode ?? 'production',
    logger,
    clientAddress: (request) => clientAddressOf(request, trustProxy),
    apiLogger: yogaLogger(logger),
  };
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
  /** Open pages' live updates (api/live/); null when forwarding. */
  live: LiveStreams | null;
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

/**
 * A server over a content service already open and ready (api/contentService.ts,
 * opened by server/start.ts): the site built over it (server/site.ts), then
 * listening (server/listening.ts). The server owns the service from here on:
 * its stop closes it, and so does a port that cannot be had.
 */
export async function startServer(
  service: ContentService,
  options: ServerOptions = {},
): Promise<RunningServer> {
  const mode = options.mode ?? 'production';
  const logger = options.logger ?? silentLogger;
  let draining = () => false;
  const site = buildSite(service, {
    mode,
    logger,
    trustProxy: options.trustProxy ?? 0,
    publicUrl: options.publicUrl,
    serveClient: options.serveClient ?? true,
    distDir: options.distDir ?? DIST_DIR,
    previewFrameOrigins: options.previewFrameOrigins ?? [],
    renderer: options.renderer,
    renderTimeoutMs: options.renderTimeoutMs,
    clientGraphQL: options.clientGraphQL,
    readerCacheBytes: options.readerCacheBytes,
    draining: () => draining(),
  });
  const server = await listen(site, {
    port: options.port ?? 4000,
    host: options.host ?? '127.0.0.1',
    listens: options.listens ?? true,
    logger,
  }).catch(async (error: unknown) => {
    // A port that cannot be had: what was opened for it is closed again, and the caller told why.
    site.close();
    await service.close();
    throw error;
  });
  draining = server.isDraining;
  service.listening(server.url);
  const stop = stopping(service, site, server, logger, options.shutdownGraceMs);
  let closing: Promise<void> | null = null;
  return {
    url: server.url,
    port: server.port,
    db: service.db,
    source: service.source,
    changes: service.changes,
    purger: service.purger,
    live: service.live,
    takeConnection: server.takeConnection,
    lameDuck: server.lameDuck,
    close: () => (closing ??= stop()),
  };
}

/** The stop: publishing's streams first (they never end by themselves, and a draining server waits for them), the drain, then the service. */
function stopping(
  service: ContentService,
  site: { close(): void },
  server: { drain(graceMs: number): Promise<{ refused: number; cut: number; ms: number }> },
  logger: Logger,
  graceMs = DEFAULT_SHUTDOWN_GRACE_MS,
) {
  return async () => {
    site.close();
    await service.quiesce();
    const { refused, cut, ms } = await server.drain(graceMs);
    await service.close();
    logger.info(
      { refused, cut, ms },
      `stopped after ${ms} ms${refused + cut > 0 ? ` (${refused} answered 503, ${cut} cut)` : ''}`,
    );
  };
}
