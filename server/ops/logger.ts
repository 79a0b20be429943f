import pino, { type DestinationStream, type Logger } from 'pino';
import type { OperationsSettings } from '../../settings/operationsSettings';

export type { Logger } from 'pino';

/**
 * JSON lines are gathered into writes of whole lines of at most PIPE_BUF
 * (4,096 bytes on Linux): the workers of a cluster share one stdout, and a
 * pipe keeps a write of that size whole, so two workers' lines never mix…
 */
const LOG_WRITE_BYTES = 4096;
/** …a write starts once this much waits… */
const LOG_BUFFER_BYTES = 2048;
/** …and what waits is written at least this often (a quiet server's lines are never held longer). */
const LOG_FLUSH_MS = 100;

/**
 * The server's one logger (pino): one JSON object per line for log
 * collectors, or a short coloured line for a person at a terminal
 * (`FOLIO_LOG_FORMAT`, pretty in development). JSON lines are written
 * asynchronously, gathered into writes of whole lines up to 4 kB, at least
 * every 100 ms: one write per request was a sixth of a cached answer's cost
 * (bench/RESULTS.md). Whatever is pending is written when the process exits,
 * fatal errors included; only a process killed outright (SIGKILL) can lose
 * its last lines.
 */
export function createLogger(
  settings: Pick<OperationsSettings, 'logLevel' | 'logFormat'>,
  destination?: DestinationStream,
): Logger {
  const options = {
    level: settings.logLevel,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  if (destination)
    return pino(
      { ...options, formatters: { level: (label: string) => ({ level: label }) } },
      destination,
    );
  if (settings.logFormat === 'pretty') {
    const pretty = prettyStream();
    if (pretty) return pino(options, pretty);
  }
  return pino(
    { ...options, formatters: { level: (label: string) => ({ level: label }) } },
    pino.destination({
      dest: 1,
      sync: false,
      minLength: LOG_BUFFER_BYTES,
      maxWrite: LOG_WRITE_BYTES,
      periodicFlush: LOG_FLUSH_MS,
    }),
  );
}

/** pino-pretty is a development tool: without it (a production install) the lines stay JSON. */
function prettyStream(): DestinationStream | null {
  try {
    // Loaded only when asked for, and may be absent: not an import.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const pretty = require('pino-pretty') as typeof import('pino-pretty');
    // The message says what happened; the fields (request id, …) are for the JSON lines. Errors still show their stack.
    return pretty({
      sync: true,
      colorize: Boolean(process.stdout.isTTY),
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname',
      hideObject: true,
    });
  } catch {
    return null;
  }
}

/** The API's (yoga's) log calls, as lines of this logger: a message and, when there is one, the error with its stack. */
export function yogaLogger(
  logger: Logger,
): Record<'debug' | 'info' | 'warn' | 'error', (...args: unknown[]) => void> {
  const at =
    (level: 'debug' | 'info' | 'warn' | 'error') =>
    (...args: unknown[]) => {
      if (!logger.isLevelEnabled(level)) return;
      const error = args.find((arg): arg is Error => arg instanceof Error);
      const text = args.filter((arg): arg is string => typeof arg === 'string').join(' ');
      logger[level](
        { component: 'graphql', ...(error ? { err: error } : {}) },
        text || error?.message || 'graphql',
      );
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** A logger that writes nothing (a server started by a test without one). */
export const silentLogger: Logger = pino({ level: 'silent' });
