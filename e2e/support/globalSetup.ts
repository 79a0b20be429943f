import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { assertChromiumInstalled } from './chromium';

/** The preview token the e2e server is started with (e2e/preview.spec.ts uses it). */
export const E2E_PREVIEW_TOKEN = 'e2e-preview-token';
const READY_TIMEOUT_MS = 120_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function waitUntilReady(server: ChildProcess, output: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start was not ready after ${READY_TIMEOUT_MS / 1000} s:\n${output()}`)), READY_TIMEOUT_MS);
    const onData = () => {
      const match = /server on (http:\/\/[^\s]+)/.exec(output());
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    server.stdout?.on('data', onData);
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code} before it was ready:\n${output()}`));
    });
  });
}

/**
 * Starts the production site with `npm start` on a free port over a fresh
 * PGlite data directory (seeded from content/ on start), and stops it after
 * the run. The build must be current: `npm run test:e2e` builds first.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  assertChromiumInstalled();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-e2e-'));
  let log = '';
  const server = spawn('npm', ['start'], {
    cwd: path.resolve(__dirname, '../..'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', FOLIO_DATA_DIR: dataDir, FOLIO_PREVIEW_TOKEN: E2E_PREVIEW_TOKEN },
    // Its own process group, so the whole tree (npm → tsx → node) is stopped at the end.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const stop = () => {
    try {
      if (server.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.once('exit', stop);

  const url = await waitUntilReady(server, () => log);
  process.env.FOLIO_E2E_URL = url;
  console.log(`e2e: site on ${url} (npm start, production build, PGlite in ${dataDir})`);

  return async () => {
    stop();
    await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve(null)));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
