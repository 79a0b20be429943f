import { availableParallelism } from 'node:os';
import { withSecretFiles } from './secretFiles';

/** pino's levels, and `silent` for none. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * How the server runs as an operator deploys it (docs/operations.md#running-in-production). Every variable's
 * name and default is here and nowhere else; `readOperationsSettings` reads
 * them once and refuses a value it cannot use, with a message naming it,
 * before anything starts.
 */
export interface OperationsSettings {
  /**
   * `WEB_CONCURRENCY`: server processes on this machine (node:cluster), when
   * the database is a PostgreSQL server. Default: one per core
   * (`os.availableParallelism()`). PGlite lives in one process: always 1.
   */
  webConcurrency: number;
  /** Whether `WEB_CONCURRENCY` was given (a PGlite server says it runs one anyway). */
  webConcurrencyAsked: boolean;
  /**
   * `FOLIO_TRUST_PROXY`: how many proxies stand between readers and this
   * server (load balancer, CDN…). 0 (default): the socket's address is the
   * client. n: the n-th address from the right of `X-Forwarded-For`.
   */
  trustProxy: number;
  /** `FOLIO_SHUTDOWN_GRACE_MS`: how long requests in flight may take to finish after SIGTERM (default 10 s). */
  shutdownGraceMs: number;
  /**
   * `FOLIO_SHUTDOWN_LAME_DUCK_MS`: after SIGTERM, how long the server keeps
   * serving while `/readyz` answers 503, so a load balancer stops sending
   * before anything stops accepting (default 2 s; 0 under `NODE_ENV=development`).
   * Set it to your load balancer's probe interval × its failure threshold.
   */
  shutdownLameDuckMs: number;
  /**
   * `FOLIO_LOG_LEVEL`: pino's level. Default `info`, and `silent` under jest
   * (`NODE_ENV=test`), where tests that read the log pass their own logger.
   */
  logLevel: LogLevel;
  /**
   * `FOLIO_LOG_FORMAT`: `json` (one JSON object per line) or `pretty` (for a
   * person at a terminal). Default: `pretty` when NODE_ENV=development, else `json`.
   */
  logFormat: 'json' | 'pretty';
  /** `FOLIO_RENDER_TIMEOUT_MS`: the longest a page's data may take during server rendering (default: src/ssr/renderPage.tsx). */
  renderTimeoutMs: number | undefined;
  /** `FOLIO_PUBLIC_URL`: the site's public address, an http(s) URL (server/publicOrigin.ts reads it for each request). */
  publicUrl: string | undefined;
  /** `FOLIO_UPSTREAM_GRAPHQL_URL`: an external GraphQL service to forward `/graphql` to, an http(s) URL. */
  upstreamUrl: string | undefined;
  /** `FOLIO_CORS_ORIGINS`: comma-separated origins (`https://app.example`) allowed to call `/graphql` from a browser. */
  corsOrigins: string[];
  /**
   * `FOLIO_PREVIEW_FRAME_ORIGINS`: comma-separated origins (a CMS's admin, `https://cms.example`) that
   * may show preview pages in a frame (Strapi's Preview panel); every other answer may be framed by nobody.
   */
  previewFrameOrigins: string[];
  /** `FOLIO_GRAPHQL_ENDPOINT`: the endpoint the client calls, a path on this site or an http(s) URL (src/relay/endpoint.ts). */
  graphqlEndpoint: string | undefined;
  /** `FOLIO_GRAPHQL_GET`: `true` or `false`; unset leaves the build's choice. */
  queriesAsGet: boolean | undefined;
  /**
   * `FOLIO_CDN_PURGE_URL`: where a content change's cache keys are purged, an
   * http(s) URL that takes `PURGE` with a `Surrogate-Key` header (the
   * reference Varnish: cdn/varnish/folio.vcl). Unset: no CDN is purged, and a
   * CDN keeps answers as long as their `s-maxage`.
   */
  cdnPurgeUrl: string | undefined;
  /**
   * `FOLIO_WEBHOOK_SECRET`: the shared secret a CMS sends as `Authorization:
   * Bearer …` to `POST /hooks/content`; at least 16 printable characters.
   * Unset: the route answers 404 and takes nothing.
   */
  webhookSecret: string | undefined;
  /**
   * `FOLIO_READER_CACHE_MB`: the most readers' kept answers (pages, GraphQL
   * GETs, crawler files) may take in each server process, in megabytes,
   * bodies, compressed copies and bookkeeping counted (default 64;
   * docs/operations.md#memory measures what a worker takes).
   */
  readerCacheBytes: number;
  /**
   * `FOLIO_METRICS_PORT`, `FOLIO_METRICS_HOST`: where Prometheus scrapes `/metrics`
   * (docs/operations.md#observing-folio), a private port of its own, never the
   * readers'; the host defaults to 127.0.0.1. Unset: no metrics port.
   */
  metrics: { port: number; host: string } | undefined;
}

export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;
export const DEFAULT_READER_CACHE_MB = 64;
export const DEFAULT_SHUTDOWN_LAME_DUCK_MS = 2_000;

type Environment = Record<string, string | undefined>;

function wholeNumber(env: Environment, name: string, fallback: number, least: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < least || !Number.isSafeInteger(Number(raw))) {
    throw new Error(`${name} must be a whole number of at least ${least}; it is "${raw}".`);
  }
  return Number(raw);
}

/** The metrics port and host, or undefined when `FOLIO_METRICS_PORT` is unset. */
function metricsSettings(env: Environment): OperationsSettings['metrics'] {
  const host = env.FOLIO_METRICS_HOST?.trim() || '127.0.0.1';
  if (/[\s/]/.test(host))
    throw new Error(`FOLIO_METRICS_HOST must be a host name or address; it is "${host}".`);
  if (!env.FOLIO_METRICS_PORT?.trim()) return undefined;
  const port = wholeNumber(env, 'FOLIO_METRICS_PORT', 0, 0);
  if (port > 65_535)
    throw new Error(`FOLIO_METRICS_PORT must be a port (0–65535); it is "${port}".`);
  return { port, host };
}

/** An absolute http(s) URL, or undefined when unset. */
function httpUrl(
  env: Environment,
  name: string,
  example = 'https://folio.example',
): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  if (!isHttpUrl(raw))
    throw new Error(`${name} must be an absolute http(s) URL, such as ${example}; it is "${raw}".`);
  return raw;
}

function isHttpUrl(text: string): boolean {
  return URL.canParse(text) && ['http:', 'https:'].includes(new URL(text).protocol);
}

function originList(env: Environment, name: string, example: string): string[] {
  const origins = (env[name] ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of origins) {
    if (!isHttpUrl(origin) || new URL(origin).origin !== origin) {
      throw new Error(
        `${name} must list origins (scheme, host and port only, such as ${example}), separated by commas; "${origin}" is not one.`,
      );
    }
  }
  return origins;
}

function graphqlEndpoint(env: Environment): string | undefined {
  const raw = env.FOLIO_GRAPHQL_ENDPOINT?.trim();
  if (!raw) return undefined;
  if (!(raw.startsWith('/') && !raw.startsWith('//')) && !isHttpUrl(raw)) {
    throw new Error(
      `FOLIO_GRAPHQL_ENDPOINT must be a path on this site (/graphql) or an absolute http(s) URL; it is "${raw}".`,
    );
  }
  return raw;
}

/** The shortest webhook secret accepted: a guessable one would let anyone purge every cache. */
export const WEBHOOK_SECRET_MIN_LENGTH = 16;

function webhookSecret(env: Environment): string | undefined {
  const raw = env.FOLIO_WEBHOOK_SECRET;
  if (raw === undefined || raw.trim() === '') return undefined;
  if (!/^[\x21-\x7e]+$/.test(raw) || raw.length < WEBHOOK_SECRET_MIN_LENGTH || raw.length > 1024) {
    throw new Error(
      `FOLIO_WEBHOOK_SECRET must be ${WEBHOOK_SECRET_MIN_LENGTH} to 1024 printable characters without spaces (it is sent as a Bearer token).`,
    );
  }
  return raw;
}

function queriesAsGet(env: Environment): boolean | undefined {
  const raw = env.FOLIO_GRAPHQL_GET?.trim();
  if (!raw) return undefined;
  if (raw !== 'true' && raw !== 'false')
    throw new Error(`FOLIO_GRAPHQL_GET must be true or false; it is "${raw}".`);
  return raw === 'true';
}

export function readOperationsSettings(given: Environment = process.env): OperationsSettings {
  // The webhook secret may be given as a file (FOLIO_WEBHOOK_SECRET_FILE; secretFiles.ts).
  const env = withSecretFiles(given, ['FOLIO_WEBHOOK_SECRET']);
  const level = env.FOLIO_LOG_LEVEL?.trim() || (env.NODE_ENV === 'test' ? 'silent' : 'info');
  if (!(LOG_LEVELS as readonly string[]).includes(level))
    throw new Error(`FOLIO_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}; it is "${level}".`);
  const format =
    env.FOLIO_LOG_FORMAT?.trim() || (env.NODE_ENV === 'development' ? 'pretty' : 'json');
  if (format !== 'json' && format !== 'pretty')
    throw new Error(`FOLIO_LOG_FORMAT must be json or pretty; it is "${format}".`);
  return {
    webConcurrency: wholeNumber(env, 'WEB_CONCURRENCY', availableParallelism(), 1),
    webConcurrencyAsked: (env.WEB_CONCURRENCY?.trim() ?? '') !== '',
    trustProxy: wholeNumber(env, 'FOLIO_TRUST_PROXY', 0, 0),
    shutdownGraceMs: wholeNumber(env, 'FOLIO_SHUTDOWN_GRACE_MS', DEFAULT_SHUTDOWN_GRACE_MS, 0),
    shutdownLameDuckMs: wholeNumber(
      env,
      'FOLIO_SHUTDOWN_LAME_DUCK_MS',
      env.NODE_ENV === 'development' ? 0 : DEFAULT_SHUTDOWN_LAME_DUCK_MS,
      0,
    ),
    logLevel: level as LogLevel,
    logFormat: format,
    renderTimeoutMs: env.FOLIO_RENDER_TIMEOUT_MS?.trim()
      ? wholeNumber(env, 'FOLIO_RENDER_TIMEOUT_MS', 0, 1)
      : undefined,
    publicUrl: httpUrl(env, 'FOLIO_PUBLIC_URL'),
    upstreamUrl: httpUrl(env, 'FOLIO_UPSTREAM_GRAPHQL_URL'),
    corsOrigins: originList(env, 'FOLIO_CORS_ORIGINS', 'https://app.example'),
    previewFrameOrigins: originList(env, 'FOLIO_PREVIEW_FRAME_ORIGINS', 'https://cms.example'),
    graphqlEndpoint: graphqlEndpoint(env),
    queriesAsGet: queriesAsGet(env),
    cdnPurgeUrl: httpUrl(env, 'FOLIO_CDN_PURGE_URL', 'http://127.0.0.1:6081/'),
    webhookSecret: webhookSecret(env),
    readerCacheBytes:
      wholeNumber(env, 'FOLIO_READER_CACHE_MB', DEFAULT_READER_CACHE_MB, 1) * 1024 * 1024,
    metrics: metricsSettings(env),
  };
}
