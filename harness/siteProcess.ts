import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
/** How much of the server's output is kept for error messages and `output()`: the end of it. */
const KEPT_OUTPUT_CHARS = 256 * 1024;

export interface SiteProcess {
  url: string;
  /** npm's process: the server (and a cluster's workers) run below it. */
  pid: number;
  /** Everything the process printed so far. */
  output: () => string;
  stop: () => Promise<void>;
}

export interface SiteProcessOptions {
  /** Extra environment for `npm start` (NODE_ENV, FOLIO_DATA_DIR, DATABASE_URL, …). */
  env?: Record<string, string>;
  readyTimeoutMs?: number;
  /** How many processes must say where they serve before it is ready: `WEB_CONCURRENCY` workers each do (default 1). */
  readyServers?: number;
  /** The port to serve on (default: a free one). */
  port?: number;
}

/** A port nobody listens on right now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === 'object'
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Runs `npm start` on a free port (or the one given) of 127.0.0.1 in its own process (as a
 * reader's server would run), for the browser tests and the benchmarks.
 * Resolves when the server prints its address; `stop` ends the whole process
 * group (npm → tsx → node), and so does this process exiting.
 */
export async function startSiteProcess(options: SiteProcessOptions = {}): Promise<SiteProcess> {
  const port = options.port ?? (await freePort());
  let log = '';
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ...options.env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Only the end of the output is kept: a server logs a line per request, and a
  // benchmark sends hundreds of thousands.
  const keep = (chunk: Buffer) => {
    log += chunk.toString();
    if (log.length > KEPT_OUTPUT_CHARS * 2) log = log.slice(-KEPT_OUTPUT_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = () => {
    try {
      if (child.pid && child.exitCode === null && child.signalCode === null)
        process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.once('exit', kill);

  const readyTimeoutMs = options.readyTimeoutMs ?? 120_000;
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      kill();
      reject(new Error(`npm start was not ready after ${readyTimeoutMs / 1000} s:\n${log}`));
    }, readyTimeoutMs);
    // Searched until every server has given its address, then never again. The
    // address ends at a space, so one cut between two chunks is not taken whole.
    const lookForAddress = () => {
      const addresses = [...log.matchAll(/server on (http:\/\/\S+)\s/g)];
      if (addresses.length < (options.readyServers ?? 1)) return;
      clearTimeout(timer);
      child.stdout?.off('data', lookForAddress);
      resolve(addresses[0]![1]!);
    };
    child.stdout?.on('data', lookForAddress);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`npm start exited before it was ready:\n${log}`));
    });
  });

  return {
    url,
    pid: child.pid!,
    output: () => log,
    stop: async () => {
      kill();
      await exited;
      process.removeListener('exit', kill);
    },
  };
}
