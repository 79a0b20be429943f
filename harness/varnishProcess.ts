import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The committed reference configuration: folio.vcl, and the backend file it includes. */
const VARNISH_DIR = path.resolve(__dirname, '../cdn/varnish');
const FOLIO_VCL = path.join(VARNISH_DIR, 'folio.vcl');
const BACKEND_VCL = 'folio-backend.vcl';

/** Debian's varnishd (`scripts/ci-varnish.sh` prints `export VARNISHD=…`). */
export function varnishdPath(): string | null {
  const candidate = process.env.VARNISHD || '/usr/sbin/varnishd';
  return existsSync(candidate) ? candidate : null;
}

export interface RunningVarnish {
  /** Where readers ask (`http://127.0.0.1:<port>`). */
  url: string;
  /** Its working directory (`varnishstat -n`, the Varnish exporter's `-n`). */
  workDir: string;
  stop(): Promise<void>;
}

export interface VarnishOptions {
  /** Folio's port on 127.0.0.1. */
  backendPort: number;
  /** Varnish's own port (what FOLIO_CDN_PURGE_URL names, so known before Folio starts). */
  port: number;
}

/**
 * Runs the committed VCL (cdn/varnish/folio.vcl) in a varnishd of its own
 * for tests and the benchmark: its state in a temporary folder (-n), on
 * 127.0.0.1, in front of Folio on `backendPort`. The committed
 * folio-backend.vcl is used as it is but for the backend's port, from a
 * folder that comes first on vcl_path. Resolves once Varnish answers.
 */
export async function startVarnish(options: VarnishOptions): Promise<RunningVarnish> {
  const varnishd = varnishdPath();
  if (!varnishd)
    throw new Error(
      'varnishd is not installed: run scripts/ci-varnish.sh (Debian: varnish, varnish-modules).',
    );
  const { port } = options;
  const folder = mkdtempSync(path.join(tmpdir(), 'folio-varnish-'));
  // varnishd started as root compiles and reads the VCL as its own unprivileged user.
  chmodSync(folder, 0o755);
  const backend = readFileSync(path.join(VARNISH_DIR, BACKEND_VCL), 'utf8').replace(
    /\.port = "\d+";/,
    `.port = "${options.backendPort}";`,
  );
  writeFileSync(path.join(folder, BACKEND_VCL), backend);
  let log = '';
  const child = spawn(
    varnishd,
    [
      '-F',
      '-a',
      `127.0.0.1:${port}`,
      '-f',
      FOLIO_VCL,
      '-p',
      `vcl_path=${folder}:${VARNISH_DIR}`,
      '-s',
      'malloc,64m',
      '-n',
      path.join(folder, 'state'),
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(folder, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`varnishd exited before it served:\n${log}`);
    }
    try {
      await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1_000) });
      break;
    } catch {
      if (Date.now() - started > 20_000) {
        await stop();
        throw new Error(`varnishd did not answer within 20 s:\n${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { url, workDir: path.join(folder, 'state'), stop };
}

/** Varnish names two transactions in X-Varnish on a hit (this request's and the one that fetched the object). */
export function isVarnishHit(xVarnish: string | string[] | null | undefined): boolean {
  return /^\d+ \d+$/.test(String(xVarnish ?? ''));
}
