import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { postgresSettings } from '../settings/postgresSettings';
import {
  imageCacheBytesFromEnvironment,
  readStorageSettings,
  type StorageSettings,
} from '../settings/storageSettings';
import { readServerSettings, type ServerSettings } from '../settings/serverSettings';
import {
  checkSourceAccess,
  contentSourceFor,
  countRequests,
  databaseProblem,
  dataFolderProblem,
  openContentService,
} from '../api/contentService';
import { readSourceSettings, type SourceSettings } from '../settings/sourceSettings';
import { followPrimary, followRelay, runAgainWith, runPrimary } from './ops/cluster';
import { heapLimitToSet } from '../settings/memorySettings';
import { startTracing } from './ops/tracingSdk';
import { readTracingSettings, type TracingSettings } from '../settings/tracingSettings';
import {
  answerMetricsAsks,
  clusterMetrics,
  processMetrics,
  serveMetrics,
} from './ops/metricsServer';
import { applySecurityHeaders, contentSecurityPolicy } from './http/securityHeaders';
import { createLogger, type Logger } from './ops/logger';
import { readOperationsSettings, type OperationsSettings } from '../settings/operationsSettings';
import {
  clientBuildExists,
  serverSideOfService,
  startServer,
  type RunningServer,
} from './startServer';

/**
 * `npm start`: build the client if it is missing, then serve everything on
 * one port: in this process, or (over a PostgreSQL server) in
 * `WEB_CONCURRENCY` worker processes that share the port.
 */
async function main(): Promise<void> {
  let server: ServerSettings;
  let storage: StorageSettings;
  let settings: OperationsSettings;
  let tracing: TracingSettings | undefined;
  let source: SourceSettings;
  try {
    server = readServerSettings();
    storage = readStorageSettings();
    settings = readOperationsSettings();
    tracing = readTracingSettings();
    source = readSourceSettings();
    contentSourceFor(source, () => undefined);
    // Read here in the primary too: a mistyped one stops the start once, instead of every worker failing on it in turn.
    imageCacheBytesFromEnvironment();
    if (storage.databaseUrl) postgresSettings();
  } catch (error) {
    // Before there is a logger: a wrong variable, named, and nothing else.
    console.error(`folio: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  const databaseUrl = storage.databaseUrl;
  // V8's heap sized from the reader cache unless the operator set their own (docs/operations.md#memory):
  // workers are forked with it; a production process that serves alone runs again with it.
  const heapLimit = heapLimitToSet(settings.readerCacheBytes);
  const serving = databaseUrl ? settings.webConcurrency : 1;
  if (heapLimit && cluster.isPrimary && serving === 1 && server.mode === 'production') {
    runAgainWith([heapLimit]);
    return;
  }
  followRelay();
  // A data folder it cannot write or a database it cannot reach: one line and exit 1, once, before any worker starts.
  const problem = cluster.isPrimary
    ? (dataFolderProblem(storage.dataDir, storage.dataDirAsked) ??
      (databaseUrl
        ? await databaseProblem(databaseUrl, postgresSettings().connectTimeoutMs)
        : null))
    : null;
  if (problem) {
    console.error(`folio: ${problem}`);
    process.exit(1);
  }
  const logger = createLogger(settings);
  process.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'uncaught exception: exiting');
    process.exit(1);
  });
  if (cluster.isPrimary) {
    if (server.serveClient) buildClientIfMissing(logger);
    const workers = databaseUrl ? settings.webConcurrency : 1;
    if (!databaseUrl && settings.webConcurrencyAsked && settings.webConcurrency > 1) {
      logger.warn(
        { webConcurrency: settings.webConcurrency },
        `WEB_CONCURRENCY=${settings.webConcurrency}, but PGlite lives in one process: running one (set DATABASE_URL to a PostgreSQL server for several)`,
      );
    }
    if (workers > 1) {
      const policy =
        server.mode === 'production' ? contentSecurityPolicy(settings.graphqlEndpoint) : null;
      // The primary answers the scrape for every worker: one port, their series summed.
      startMetrics(settings, clusterMetrics)
        .then(() =>
          runPrimary({
            workers,
            logger,
            port: server.port,
            host: server.host,
            shutdownGraceMs: settings.shutdownGraceMs,
            lameDuckMs: settings.shutdownLameDuckMs,
            workerExecArgv: heapLimit ? [heapLimit] : [],
            answerUnserved: (request, response) =>
              applySecurityHeaders(request, response, policy, settings.trustProxy),
          }),
        )
        .catch((error: unknown) => {
          logger.fatal({ err: error }, 'could not start');
          process.exit(1);
        });
      return;
    }
  }
  serve(settings, server, storage, logger, source, tracing).catch((error: unknown) => {
    logger.fatal({ err: error }, 'could not start');
    process.exit(1);
  });
}

/**
 * The metrics port (`FOLIO_METRICS_PORT`), when set: a port that cannot be
 * had stops the start with one line naming the variable.
 */
async function startMetrics(
  settings: OperationsSettings,
  metrics: () => { text(): Promise<string> },
): Promise<void> {
  if (!settings.metrics) return;
  try {
    await serveMetrics({ ...settings.metrics, text: metrics().text });
  } catch (error) {
    console.error(`folio: ${(error as Error).message}`);
    process.exit(1);
  }
}

/** The first run's client build, once, before any worker starts. */
function buildClientIfMissing(logger: Logger): void {
  if (clientBuildExists()) return;
  logger.info('building the client (first run)…');
  // The build's own output goes to stderr: stdout stays one log line per line.
  const build = spawnSync('npm', ['run', 'build'], {
    stdio: ['ignore', 2, 2],
    cwd: path.resolve(__dirname, '..'),
  });
  if (build.status !== 0) {
    logger.fatal({ code: build.status }, 'the client build failed');
    process.exit(build.status ?? 1);
  }
}

/** One server: this whole process, or one cluster worker. */
async function serve(
  settings: OperationsSettings,
  server: ServerSettings,
  storage: StorageSettings,
  logger: Logger,
  source: SourceSettings,
  tracingSettings: TracingSettings | undefined,
): Promise<void> {
  const { mode } = server;
  // Traces (OTEL_EXPORTER_OTLP_ENDPOINT): the SDK in this process, or in each worker (a primary serves nothing).
  const tracing = tracingSettings ? await startTracing(tracingSettings, logger) : null;
  // In development a token is made up and printed; in production preview is off unless one is set.
  // (Workers of one primary each make their own: development runs one process.)
  const previewToken =
    server.previewToken ??
    (mode === 'development' ? randomBytes(12).toString('base64url') : undefined);
  // SIGTERM: not ready for the lame-duck period, then drain and exit 0; SIGINT (a person at a
  // terminal) drains at once. A cluster worker leaves signals to its primary, which leads the stop.
  // Later ones do not start it again. Before the server is up nothing is in flight: the process simply exits.
  let running: RunningServer | null = null;
  let stopping = false;
  const stop = (reason: string, lameDuckMs: number) => {
    if (stopping) {
      logger.info(`${reason}: already shutting down`);
      return;
    }
    stopping = true;
    const server = running;
    if (!server) {
      logger.info({ reason }, `${reason} while starting: exiting`);
      process.exit(0);
    }
    logger.info(
      { reason, lameDuckMs },
      `${reason}: shutting down${lameDuckMs > 0 ? ` after ${lameDuckMs} ms not ready` : ''}`,
    );
    server.lameDuck();
    setTimeout(() => {
      server
        .close()
        // The spans still waiting are sent (within 5 s) before the process exits.
        .then(() => tracing?.stop())
        .then(
          () => process.exit(0),
          (error: unknown) => {
            logger.error({ err: error }, 'shutdown failed');
            process.exit(1);
          },
        );
    }, lameDuckMs);
  };
  const primary = cluster.isWorker
    ? followPrimary({
        takeConnection: (socket) => running?.takeConnection(socket),
        lameDuck: () => running?.lameDuck(),
        drain: (reason) => stop(reason, 0),
      })
    : null;
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.on(signal, () =>
      primary
        ? logger.debug({ signal }, `${signal}: the primary leads the stop`)
        : stop(signal, signal === 'SIGTERM' ? settings.shutdownLameDuckMs : 0),
    );

  const started = Date.now();
  // A worker's metrics are scraped through its primary; a process of its own answers on the port itself.
  // Without a metrics port nobody reads them: readers' requests are not timed.
  countRequests(settings.metrics !== undefined);
  if (cluster.isWorker) answerMetricsAsks();
  else await startMetrics(settings, processMetrics);
  try {
    await checkSourceAccess(source);
  } catch (error) {
    // A token the CMS refuses: one line naming the variable, as for any other setting.
    console.error(`folio: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  // The content service opened and ready (api/contentService.ts), then handed to the web server, which owns it from then on.
  const service = await openContentService({
    ...serverSideOfService({ mode, logger, trustProxy: settings.trustProxy }),
    databaseUrl: storage.databaseUrl,
    contentSource: contentSourceFor(source, (fields, message) => logger.warn(fields, message)),
    dataDir: storage.dataDirAsked ? storage.dataDir : undefined,
    previewToken,
    previewLinkKey: server.previewLinkKey,
    corsOrigins: settings.corsOrigins,
    upstream: settings.upstreamUrl
      ? { url: settings.upstreamUrl, token: server.upstreamToken }
      : undefined,
    cdnPurgeUrl: settings.cdnPurgeUrl,
    webhookSecret: settings.webhookSecret,
    publicUrl: settings.publicUrl,
    imageCacheBytes: imageCacheBytesFromEnvironment(),
  });
  running = await startServer(service, {
    port: server.port,
    host: server.host,
    listens: primary === null,
    mode,
    serveClient: server.serveClient,
    previewFrameOrigins: settings.previewFrameOrigins,
    renderTimeoutMs: settings.renderTimeoutMs,
    clientGraphQL: { endpoint: settings.graphqlEndpoint, queriesAsGet: settings.queriesAsGet },
    logger,
    trustProxy: settings.trustProxy,
    shutdownGraceMs: settings.shutdownGraceMs,
    publicUrl: settings.publicUrl,
    readerCacheBytes: settings.readerCacheBytes,
  });
  primary?.ready();
  logServing(logger, running, { settings, mode, previewToken, readyMs: Date.now() - started });
}

/** The line that says the server is ready (and, in development, the preview link). */
function logServing(
  logger: Logger,
  running: RunningServer,
  context: {
    settings: OperationsSettings;
    mode: ServerSettings['mode'];
    previewToken: string | undefined;
    readyMs: number;
  },
): void {
  const { settings, mode, previewToken, readyMs } = context;
  const serving = settings.upstreamUrl
    ? `forwarding /graphql to ${settings.upstreamUrl}`
    : `${running.source.kind} content, ${running.db.kind}`;
  // The address is followed by a space: harness/siteProcess.ts (and people) read it from this line.
  logger.info(
    {
      url: running.url,
      database: running.db.kind,
      source: running.source.kind,
      readyMs,
    },
    `${mode} server on ${running.url} (${serving}, ready in ${readyMs} ms)`,
  );
  // The address readers use: under `npm run dev` the web server's, which proxies to this one (FOLIO_PUBLIC_URL, set by scripts/dev.mjs).
  const siteUrl = settings.publicUrl ? new URL(settings.publicUrl).origin : running.url;
  if (mode === 'development' && previewToken)
    logger.info(
      `preview token ${previewToken} — open ${siteUrl}/preview?token=${previewToken}&to=/`,
    );
}

main().catch((error: unknown) => {
  console.error(`folio: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
