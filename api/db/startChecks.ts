import { chmodSync, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What `npm start` checks once, before anything starts (server/start.ts): a
 * data folder it cannot use or a database it cannot reach stops the start
 * with one line naming the cause and exit code 1, instead of a stack trace
 * in the log, a worker restarted again and again, or (for a folder under
 * /proc) Node's recursive mkdir looping for ever. A container started wrong
 * exits at once and says why.
 */

const PROBE_FILE = '.folio-write-probe';

/** A system error's code and message, without the stack. */
function reason(error: unknown): string {
  const { code, message, errors } = (error ?? {}) as {
    code?: unknown;
    message?: unknown;
    errors?: unknown;
  };
  if (typeof message === 'string' && message !== '') return message;
  // Node's AggregateError (every address of a host refused) has no message of its own.
  if (Array.isArray(errors) && errors.length > 0) return errors.map(reason).join('; ');
  return typeof code === 'string' ? code : String(error);
}

/** Makes `dir` and any missing parent, one level at a time (a refused level is an error, not a loop). */
function makeFolder(dir: string): void {
  const missing: string[] = [];
  for (let at = path.resolve(dir); !existsSync(at); at = path.dirname(at)) {
    missing.unshift(at);
    if (path.dirname(at) === at) break;
  }
  for (const folder of missing) mkdirSync(folder, { mode: 0o700 });
}

/**
 * Why the data folder (PGlite's files, the image cache) cannot be used, or
 * null: it must exist or be made, be a folder, take a write (a 4 KB probe, as
 * /readyz writes) and belong to this user, who makes it private (0700).
 */
export function dataFolderProblem(dir: string, asked: boolean): string | null {
  if (dir.startsWith('memory://')) return null;
  const named = asked ? `FOLIO_DATA_DIR (${dir})` : `The data folder ${dir} (FOLIO_DATA_DIR)`;
  const fix = 'give the server a folder it can write (in the image: a volume at /data)';
  try {
    makeFolder(dir);
  } catch (error) {
    return `${named} cannot be made: ${reason(error)}; ${fix}.`;
  }
  if (!statSync(dir).isDirectory()) return `${named} is not a folder; ${fix}.`;
  const probe = path.join(dir, PROBE_FILE);
  try {
    writeFileSync(probe, Buffer.alloc(4096, 0x2e), { mode: 0o600 });
  } catch (error) {
    return `${named} cannot be written: ${reason(error)}; ${fix}.`;
  } finally {
    // A folder that cannot be entered cannot be cleaned either: the write's error is the one told.
    try {
      rmSync(probe, { force: true });
    } catch {
      // nothing was written
    }
  }
  try {
    chmodSync(dir, 0o700);
  } catch (error) {
    const uid = process.getuid?.();
    return `${named} cannot be made private (chmod 0700): ${reason(error)}; it must belong to the server's user${uid === undefined ? '' : ` (uid ${uid})`}.`;
  }
  return null;
}

/** Where a database URL points, without its user or password: `host:port/database`. */
export function databaseAddress(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname || 'localhost'}:${url.port || '5432'}${url.pathname || ''}`;
  } catch {
    return 'the server it names';
  }
}

/**
 * Why PostgreSQL at `databaseUrl` cannot be used, or null: one connection,
 * waited for at most `connectTimeoutMs` (FOLIO_PG_CONNECT_TIMEOUT_MS), and
 * `SELECT 1`. The line names the address (never the password) and what the
 * driver or the server said.
 */
export async function databaseProblem(
  databaseUrl: string,
  connectTimeoutMs: number,
): Promise<string | null> {
  const { Client } = await import('pg');
  const client = new Client({
    connectionString: databaseUrl,
    connectionTimeoutMillis: connectTimeoutMs,
    application_name: 'folio',
  });
  // A connection cut after the check must not end the process: it is closed right away.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    const { code } = (error ?? {}) as { code?: unknown };
    const sqlState = typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? ` (${code})` : '';
    const said = /timeout/i.test(reason(error))
      ? `${reason(error)} (waited ${connectTimeoutMs} ms, FOLIO_PG_CONNECT_TIMEOUT_MS)`
      : reason(error);
    return sqlState
      ? `DATABASE_URL: PostgreSQL at ${databaseAddress(databaseUrl)} refused: ${said}${sqlState}.`
      : `DATABASE_URL: PostgreSQL at ${databaseAddress(databaseUrl)} cannot be reached: ${said}.`;
  } finally {
    await client.end().catch(() => undefined);
  }
}
