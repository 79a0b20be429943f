import { availableParallelism } from 'node:os';

/** pino's levels, and `silent` for none. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * How the server runs as an operator deploys it (SPEC §12). Every variable's
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
   * `FOLIO_LOG_LEVEL`: pino's level. Default `info`, and `silent` under jest
   * (`NODE_ENV=test`), where tests that read the log pass their own logger.
   */
  logLevel: LogLevel;
  /**
   * `FOLIO_LOG_FORMAT`: `json` (one JSON object per line) or `pretty` (for a
   * person at a terminal). Default: `pretty` when NODE_ENV=development, else `json`.
   */
  logFormat: 'json' | 'pretty';
}

export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

type Environment = Record<string, string | undefined>;

function wholeNumber(env: Environment, name: string, fallback: number, least: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < least || !Number.isSafeInteger(Number(raw))) {
    throw new Error(`${name} must be a whole number of at least ${least}; it is "${raw}".`);
  }
  return Number(raw);
}

export function readOperationsSettings(env: Environment = process.env): OperationsSettings {
  const level = env.FOLIO_LOG_LEVEL?.trim() || (env.NODE_ENV === 'test' ? 'silent' : 'info');
  if (!(LOG_LEVELS as readonly string[]).includes(level)) throw new Error(`FOLIO_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}; it is "${level}".`);
  const format = env.FOLIO_LOG_FORMAT?.trim() || (env.NODE_ENV === 'development' ? 'pretty' : 'json');
  if (format !== 'json' && format !== 'pretty') throw new Error(`FOLIO_LOG_FORMAT must be json or pretty; it is "${format}".`);
  return {
    webConcurrency: wholeNumber(env, 'WEB_CONCURRENCY', availableParallelism(), 1),
    webConcurrencyAsked: (env.WEB_CONCURRENCY?.trim() ?? '') !== '',
    trustProxy: wholeNumber(env, 'FOLIO_TRUST_PROXY', 0, 0),
    shutdownGraceMs: wholeNumber(env, 'FOLIO_SHUTDOWN_GRACE_MS', DEFAULT_SHUTDOWN_GRACE_MS, 0),
    logLevel: level as LogLevel,
    logFormat: format,
  };
}
