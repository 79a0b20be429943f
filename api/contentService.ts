import type { IncomingMessage } from 'node:http';
import type { Request, Response } from 'express';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { DEFAULT_DATA_DIR, DEFAULT_IMAGE_CACHE_BYTES } from '../settings/storageSettings';
import { keptImageOriginals, keptPreviewImages } from './caches/keptImageOriginals';
import { ReaderCaches } from './caches/readerCaches';
import { readerCounts } from './caches/readerCounts';
import { READER_ANSWER_TTL_MS } from './cacheControl';
import { CdnPurger } from './changes/cdnPurge';
import { ChangeListener, type ChangeListenerOptions } from './changes/changeListener';
import { movedAddresses, type MovedAddress } from './movedAddresses';
import { createNotificationInbox, type NotificationInbox } from './notificationInbox';
import { SEARCH_REFRESH_MS, SearchFreshness } from './changes/searchFreshness';
import {
  createContentApi,
  graphQLOperationNameOf,
  type ContentApiOptions,
} from './createContentApi';
import { crawlContentOf, type CrawlContent } from './crawlContent';
import { LiveChanges } from './live/liveChanges';
import { createLiveStreams, type LiveStreams } from './live/liveStreams';
import { openDatabase, type Database } from './db/database';
import { privateFolder } from './db/privateFolder';
import { storageProbe } from './db/storageProbe';
import {
  createForwardingFetch,
  createForwardingHandler,
} from './forwarding/createForwardingHandler';
import { DiskImageCache } from './images/imageCache';
import { createImageHandler } from './images/imageHandler';
import { persistedQueryStore } from './persistedQueries';
import { nodeHeaders, previewAccessOf, type PreviewKeys } from './previewCredential';
import { previewLinkKey, type PreviewDocument, type PreviewVersion } from './previewLinks';
import type { Locale } from '../shared/locales';
import { prepareDatabase } from './publishing/prepareDatabase';
import { createContentPublishing, type ContentPublishing } from './publishing/serverPublishing';
import { corsHeadersFor } from './requestGuards';
import type { ContentSource, ContentSourceFactory } from './sources/contentSource';
import { createEmbeddedSource } from './sources/embedded/embeddedSource';
import { imageFilesOf, previewShowsImage, type PreviewedDocument } from './sources/documentPreview';
import { locatePreviewDocument } from './sources/locatePreviewDocument';
import { withMeasuredReads } from './sources/measuredReads';
import { withSafeLinks } from './sources/safeLinks';

// The web server's view of the content service: these names, and the object
// openContentService hands it (docs/architecture.md#the-content-services-front-door).
export type { KeptAnswers, ReaderCaches } from './caches/readerCaches';
export type { CdnPurger } from './changes/cdnPurge';
export type { ChangeListener, ChangeListenerOptions } from './changes/changeListener';
export type { CrawlContent } from './crawlContent';
export type { Database } from './db/database';
export type { NotificationInbox } from './notificationInbox';
export type { MovedAddress } from './movedAddresses';
export type { ContentPublishing } from './publishing/serverPublishing';
export type { LiveStreams } from './live/liveStreams';
export { CONTENT_PUBLISH_PATH } from './publishing/publisherAddress';
export {
  SITE_WITHOUT_RECORD,
  type Asset,
  type ContentReader,
  type ContentSource,
  type ContentSourceFactory,
  type Crawled,
  type Entry,
  type Translation,
} from './sources/contentSource';
export { checkSourceAccess, contentSourceFor } from './sources/createContentSource';
// What the web server measures and traces with, checks before it starts, and
// reads a reader's preview credential and signed links with: named here so the
// server has one door into api/ (docs/architecture.md#the-content-services-front-door).
export {
  connectionsInFlight,
  countRequests,
  countsRequests,
  httpRequestDuration,
  metricsRegistry,
  previewSessionsOpened,
  readerCacheLookups,
  renderDuration,
  requestsAnsweredUnavailable,
  webhookRequests,
  workerRestarts,
  type WebhookOutcome,
} from './observability/metrics';
export { inSpan, requestTraceId, servedInTrace, setTracingOn } from './observability/tracing';
export { isContentError } from './contentError';
export { databaseProblem, dataFolderProblem } from './db/startChecks';
export { negotiateEncoding, type Encoding } from './answerCompression';
export {
  accessOfCredential,
  carriesCredential,
  CREDENTIAL_HEADERS,
  isSecret,
  nodeHeaders,
  PREVIEW_COOKIE,
  previewAccessOf,
  previews,
  previewTokenOf,
  type PreviewKeys,
} from './previewCredential';
export {
  PREVIEW_DOCUMENT_TYPES,
  PREVIEW_SESSION_TTL_S,
  previewUrlKey,
  readPreviewGrant,
  signPreviewGrant,
  localeNamedBy,
  type PreviewDocument,
  type PreviewDocumentType,
  type PreviewVersion,
} from './previewLinks';

export interface ContentServiceOptions {
  mode: 'production' | 'development';
  /** A PostgreSQL server; PGlite in `dataDir` otherwise. */
  databaseUrl?: string | undefined;
  /** PGlite's data and the image cache (default `.data/`); `memory://` for a throwaway database. */
  dataDir?: string | undefined;
  previewToken?: string | undefined;
  /** `FOLIO_PREVIEW_LINK_KEY`: signs preview links (api/previewLinks.ts); unset, a key kept in the database does. */
  previewLinkKey?: string | undefined;
  /** Persisted query lookup (tests give their own; default __generated__/persisted-queries.json). */
  persistedQuery?: (id: string) => string | null;
  /** Where the content comes from (api/sources/): the embedded source over Folio's database by default. */
  contentSource?: ContentSourceFactory | undefined;
  /** How often a CMS source's search index is read again (default 5 minutes; 0: only at start). */
  searchRefreshMs?: number | undefined;
  /** Forward GraphQL to an external service instead of answering it here. */
  upstream?: { url: string; token?: string | undefined; timeoutMs?: number } | undefined;
  /** How long readers' answers (and the counts they are made of) are kept (default 60 s in production, 0 in development). */
  readerCacheTtlMs?: number | undefined;
  /** Origins allowed to call the API from a browser (`FOLIO_CORS_ORIGINS`); none by default, never with credentials. */
  corsOrigins?: readonly string[] | undefined;
  /** The reader's address, which per-client budgets key on (the server's one rule, `FOLIO_TRUST_PROXY`). */
  clientAddress: (request: IncomingMessage) => string;
  logger: Logger;
  /** yoga's own log calls, as lines of `logger` (server/ops/logger.ts). */
  apiLogger?: ContentApiOptions['logger'];
  /** Where content changes' cache keys are purged (`FOLIO_CDN_PURGE_URL`; none without it). */
  cdnPurgeUrl?: string | undefined;
  /** `FOLIO_WEBHOOK_SECRET`: CMS notifications carry it; without it they are refused. */
  webhookSecret?: string | undefined;
  /** The site's public address, for the links `npm run content -- --preview` prints. */
  publicUrl?: string | undefined;
  /** The largest the resized images kept on disk may grow (`FOLIO_IMAGE_CACHE_MB`). */
  imageCacheBytes?: number | undefined;
  /** How this process hears content changes (tests shorten the reconnection back-off, and wait for drops). */
  changes?: Pick<ChangeListenerOptions, 'reconnectMs' | 'heartbeatMs' | 'onDropped'> | undefined;
}

type Handler = (request: Request, response: Response) => void;

/** GraphQL as the web server serves it: answered in this process, or forwarded. */
export interface GraphQLService {
  /** Every request to the GraphQL endpoint. */
  handle: Handler;
  /** Whether answers leave compressed already (the API compresses its own; a forwarded answer is the server's to compress). */
  compressesAnswers: boolean;
  /** The API in this process, for readers' persisted GETs kept by the reader cache; null when forwarding. */
  inProcess: {
    fetch: typeof globalThis.fetch;
    /** The CORS headers for an `Origin`, when origins are configured. */
    corsHeaders: ((origin: string | undefined) => Record<string, string>) | undefined;
  } | null;
  /** GraphQL as the server renderer asks it: no socket, the same plugins (or the same forwarding). */
  fetch: typeof globalThis.fetch;
  /** The operation a request asked for, for the request log. */
  operationNameOf(request: object): string | undefined;
}

/**
 * The content service as the web server holds it: handlers to mount, what
 * its routes read, and its lifecycle. Everything in it is made and wired by
 * `openContentService`; the server only mounts and serves.
 */
export interface ContentService {
  readonly db: Database;
  readonly source: ContentSource;
  /** Every cache of readers' answers in this process: content changes drop what they touch. */
  readonly caches: ReaderCaches;
  /** How long readers' answers and pages are kept in this process. */
  readonly readerCacheTtlMs: number;
  /** How this process hears content changes and drops what they touch (api/changes/). */
  readonly changes: ChangeListener;
  /** Purges the CDN when `FOLIO_CDN_PURGE_URL` is set (api/changes/cdnPurge.ts). */
  readonly purger: CdnPurger | null;
  readonly graphql: GraphQLService;
  /** `GET /images/…`: content images, resized and kept on disk (api/images/). */
  readonly images: ReturnType<typeof createImageHandler>;
  readonly preview: {
    keys: PreviewKeys;
    /** The document a preview link names, as a previewer sees it now, in a language and version; null when it is gone. */
    locate(
      document: PreviewDocument,
      locale: Locale,
      version: PreviewVersion,
    ): Promise<{ id: string; path: string } | null>;
  };
  /** Where an address a document left now leads (a reader's 301), or null (api/movedAddresses.ts). */
  readonly moved: (pathname: string, search: string) => Promise<MovedAddress | null>;
  /** CMS change notifications (`POST /hooks/content`). */
  readonly notifications: NotificationInbox;
  /** Publishing content/ through this process (`npm run content` over PGlite, saves under `npm run dev`). */
  readonly publishing: ContentPublishing;
  /** Open pages' live updates (`GET /graphql/stream`, api/live/); null when forwarding to another GraphQL service. */
  readonly live: LiveStreams | null;
  /** What the feed and sitemaps read. */
  readonly crawl: CrawlContent;
  /** Resolves when the database answers a trivial query (`/readyz`). */
  databaseAnswers(): Promise<unknown>;
  /** Null when the data folder can be written; else why not (`/readyz`; logged once). */
  storageProblem(): Promise<string | null>;
  /** The server listens at `url`: `npm run content` finds it there. */
  listening(url: string): void;
  /** Before the server drains: publishing stops (its event streams and the publish under way). */
  quiesce(): Promise<void>;
  /** After the server drained: the change listener, the purger, search reads, the source and the database close. */
  close(): Promise<void>;
}

/**
 * The content service's front door: opens and prepares the database (the
 * migrations and the seed under an advisory lock, so any number of servers
 * may start at once), makes the source with its decorators, the caches, the
 * search index's freshness, the change listener and CDN purger, publishing,
 * the GraphQL handler and images; and answers once all of it is ready to
 * serve, changes heard before anything is kept.
 */
export async function openContentService(options: ContentServiceOptions): Promise<ContentService> {
  const { mode, logger } = options;
  const { db, dataDir, memory } = await openPreparedDatabase(options);
  const previewKeys: PreviewKeys = {
    token: options.previewToken,
    linkKey: await previewLinkKey(db, options.previewLinkKey),
  };
  const readerCacheTtlMs =
    options.readerCacheTtlMs ?? (mode === 'development' ? 0 : READER_ANSWER_TTL_MS);
  const caches = new ReaderCaches();
  // Readers' counts are kept as long as the answers they are part of.
  // Every link a source supplies is checked where content leaves it (api/sources/safeLinks.ts).
  // Every read is timed and traced (api/sources/measuredReads.ts).
  const source = withSafeLinks(
    withMeasuredReads(
      (options.contentSource ?? createEmbeddedSource)(db, {
        counts: readerCounts(readerCacheTtlMs, caches),
      }),
    ),
  );
  const search = new SearchFreshness({
    source,
    everyMs: options.searchRefreshMs ?? SEARCH_REFRESH_MS,
    logger,
  });
  await search.start();
  const purger = options.cdnPurgeUrl ? new CdnPurger({ url: options.cdnPurgeUrl, logger }) : null;
  // What a change drops from this process's caches also wakes the open pages showing it.
  const live = new LiveChanges();
  const changes = new ChangeListener({
    db,
    databaseUrl: options.databaseUrl,
    source,
    caches,
    purger,
    logger,
    search,
    ...options.changes,
    onDropped: (resolved) => {
      live.changed(resolved.keys);
      options.changes?.onDropped?.(resolved);
    },
  });
  // Listening (and the schedule read) before serving: nothing is kept that a change could not drop.
  await changes.start();
  const publishing = createContentPublishing({
    db,
    source: source.kind,
    mode,
    dataDir: options.databaseUrl ? undefined : dataDir,
    watch: mode === 'development' && !memory,
    logger,
    preview: { linkKey: previewKeys.linkKey, siteUrl: options.publicUrl },
  });
  const made = { db, source, caches, previewKeys, readerCacheTtlMs, live };
  const graphql = graphQLService(options, made);
  return {
    db,
    source,
    caches,
    readerCacheTtlMs,
    changes,
    purger,
    publishing,
    graphql: graphql.service,
    live: graphql.live,
    images: imagesOf(options, made, dataDir),
    preview: {
      // Fixed URL patterns with the URL key only where a CMS cannot sign its links (Contentful).
      keys: { ...previewKeys, urlPatterns: source.kind === 'contentful' },
      locate: (document, locale, version) =>
        locatePreviewDocument(source, document, locale, version),
    },
    moved: movedAddresses(db, source),
    notifications: createNotificationInbox({
      secret: options.webhookSecret,
      db,
      source: source.kind,
      logger,
    }),
    crawl: crawlContentOf(source, caches),
    databaseAnswers: () => db.query('SELECT 1'),
    storageProblem: dataDir ? storageProbe(dataDir, logger) : () => Promise.resolve(null),
    listening: (url) => publishing.listening(url),
    quiesce: () => {
      graphql.live?.close();
      return publishing.close();
    },
    close: async () => {
      await search.stop();
      await changes.close();
      await purger?.close();
      await source.close();
      await db.close();
      if (!dataDir) await scratchImages.close();
    },
  };
}

/**
 * Where services with no data folder (PGlite in memory, tests) keep resized images: one
 * scratch folder a process, shared by the services open in it and removed when the last of
 * them closes.
 */
const scratchImages = {
  dir: () => path.join(tmpdir(), `folio-images-${process.pid}`),
  users: 0,
  open(): string {
    this.users += 1;
    return this.dir();
  },
  async close(): Promise<void> {
    this.users -= 1;
    if (this.users === 0) await rm(this.dir(), { recursive: true, force: true });
  },
};

/** What the service is made of, for the parts made from it. */
interface Made {
  db: Database;
  source: ContentSource;
  caches: ReaderCaches;
  previewKeys: PreviewKeys;
  readerCacheTtlMs: number;
  live: LiveChanges;
}

/**
 * The database, open and prepared: migrations and the seed, one server at a
 * time however many start together (an advisory lock). The data folder
 * (PGlite's files, the image cache, the publisher's address) is the server's
 * user's alone.
 */
async function openPreparedDatabase(options: ContentServiceOptions) {
  const memory = options.dataDir?.startsWith('memory://') ?? false;
  const dataDir = memory ? undefined : (options.dataDir ?? DEFAULT_DATA_DIR);
  if (dataDir) privateFolder(dataDir, { within: false });
  const db = await openDatabase({
    databaseUrl: options.databaseUrl,
    dataDir: memory ? options.dataDir : path.join(dataDir!, 'pglite'),
    logger: options.logger,
  });
  await prepareDatabase(db, {
    log: (message) => options.logger.info(message.replace(/^folio: /, '')),
    warn: (message) => options.logger.error(message.replace(/^folio: /, '')),
  });
  return { db, dataDir, memory };
}

/** `GET /images/…`: originals as the source gives them (kept as long as answers), resized and kept on disk. */
function imagesOf(options: ContentServiceOptions, made: Made, dataDir: string | undefined) {
  const { source, caches, previewKeys } = made;
  const cacheDir = path.join(dataDir ?? scratchImages.open(), 'image-cache');
  const previewImages = keptPreviewImages(
    (document: PreviewedDocument) => imageFilesOf(source, document),
    made.readerCacheTtlMs,
    caches,
  );
  return createImageHandler({
    originals: keptImageOriginals((file) => source.image(file), made.readerCacheTtlMs, caches),
    // A one-document session sees the images its document names, not every draft's.
    previewShows: (request, file) =>
      previewShowsImage(
        previewAccessOf(nodeHeaders(request.headers), previewKeys),
        previewImages,
        file,
      ),
    cache: new DiskImageCache(
      cacheDir,
      options.imageCacheBytes ?? DEFAULT_IMAGE_CACHE_BYTES,
      options.logger,
    ),
    logger: options.logger,
  });
}

/** The embedded API (graphql-yoga) over `source`, or forwarding to `options.upstream`. */
function graphQLService(
  options: ContentServiceOptions,
  made: Made,
): { service: GraphQLService; live: LiveStreams | null } {
  const { mode } = options;
  const persistedQuery =
    options.persistedQuery ??
    persistedQueryStore(undefined, { reloadOnMiss: mode === 'development' });
  if (options.upstream) {
    const forwarding = {
      upstreamUrl: options.upstream.url,
      token: options.upstream.token,
      timeoutMs: options.upstream.timeoutMs,
      persistedQuery,
      mode,
    };
    const forward = createForwardingHandler(forwarding);
    const service: GraphQLService = {
      handle: (request, response) => void forward(request, response),
      compressesAnswers: false,
      inProcess: null,
      fetch: createForwardingFetch(forwarding),
      operationNameOf: graphQLOperationNameOf,
    };
    // The service forwarded to hears no change events of this database: no live updates.
    return { service, live: null };
  }
  const api = createContentApi({
    db: made.db,
    source: made.source,
    mode,
    previewToken: made.previewKeys.token,
    previewLinkKey: made.previewKeys.linkKey,
    persistedQuery,
    corsOrigins: options.corsOrigins,
    clientAddress: options.clientAddress,
    logger: options.apiLogger,
    // Pages and the answers (and counts) they are made of are kept as long as each other.
    responseCacheTtlMs: made.readerCacheTtlMs,
    // Content changes, and a reader's vote, drop this process's kept answers showing what they touch (other processes keep a vote's up to 60 s).
    caches: made.caches,
    live: made.live,
  });
  const fetch: typeof globalThis.fetch = (input, init) =>
    Promise.resolve(
      api.fetch(
        input instanceof globalThis.Request ? input.url : String(input),
        init as Parameters<typeof api.fetch>[1],
      ),
    );
  const corsHeaders = corsHeadersFor(options.corsOrigins ?? []);
  const service: GraphQLService = {
    handle: (request, response) => void api(request, response),
    compressesAnswers: true,
    inProcess: { fetch, corsHeaders: corsHeaders ?? undefined },
    fetch,
    operationNameOf: graphQLOperationNameOf,
  };
  const live = createLiveStreams({
    api,
    persistedQuery,
    clientAddress: (request) =>
      options.clientAddress?.(request) ?? request.socket.remoteAddress ?? 'unknown',
    logger: options.logger,
  });
  return { service, live };
}
