import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';

/**
 * The content source the browser tests run against (issue 20: the reader
 * cannot tell which one is behind): `FOLIO_E2E_SOURCE` = `embedded`
 * (default), `contentful` (the local fixture service, cms/contentful/) or
 * `strapi` (the repo's Strapi project, started by `npm run cms:strapi`, or
 * the one `FOLIO_TEST_STRAPI` names). Each gives the environment `npm start`
 * needs to read it, and a stop.
 */
export interface E2ESource {
  name: 'embedded' | 'contentful' | 'strapi';
  env: Record<string, string>;
  stop: () => Promise<void>;
  /**
   * Where Folio must serve for this source to find it (Strapi's webhook and
   * its admin's Preview panel call one address: the PORT its folio.env
   * names, or FOLIO_TEST_STRAPI_WEBHOOK_PORT that scripts/ci-strapi.sh gave
   * it); undefined, any free port.
   */
  sitePort?: number | undefined;
}

const ROOT = path.resolve(__dirname, '..');
/** How long `npm run cms:strapi` may take to be ready: its first run installs Strapi and imports the seed, minutes, not seconds. */
export const STRAPI_READY_MS = 15 * 60_000;

export function e2eSourceName(): E2ESource['name'] {
  const name = process.env.FOLIO_E2E_SOURCE?.trim() || 'embedded';
  if (name !== 'embedded' && name !== 'contentful' && name !== 'strapi')
    throw new Error(`FOLIO_E2E_SOURCE must be embedded, contentful or strapi; it is "${name}".`);
  return name;
}

/** `KEY=value KEY=value` (the one line `npm run cms:strapi` and the Contentful fixture print) as variables. */
export function variablesOf(line: string): Record<string, string> {
  return Object.fromEntries(
    line
      .trim()
      .split(/\s+/)
      .map((pair) => pair.split('=', 2) as [string, string])
      .filter(([key, value]) => /^[A-Z_]+$/.test(key) && value !== undefined),
  );
}

export interface ServiceProcessOptions {
  /** The command's environment (default: this process's). */
  env?: NodeJS.ProcessEnv;
  /** How long it may take to print its variables before it is stopped and this fails. */
  readyTimeoutMs: number;
  /** Its stderr, every chunk as it comes (the bench counts Strapi's requests in Strapi's log). */
  onStderr?: (chunk: string) => void;
}

/**
 * Runs a command (from the repo's root, in a process group of its own) that
 * prints its variables on one stdout line and stays up; resolves with them
 * once printed, and a stop that ends the whole group.
 */
export async function serviceProcess(
  command: string,
  args: string[],
  options: ServiceProcessOptions,
): Promise<{ env: Record<string, string>; stop: () => Promise<void> }> {
  const { readyTimeoutMs } = options;
  const child = spawn(command, args, {
    cwd: ROOT,
    env: options.env ?? process.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stderr.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    log = (log + text).slice(-20_000);
    options.onStderr?.(text);
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid)
      process.kill(-child.pid, 'SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
  };
  const env = await new Promise<Record<string, string>>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(
      () =>
        reject(
          new Error(
            `${command} ${args.join(' ')} printed no variables in ${readyTimeoutMs / 1000} s:\n${log}`,
          ),
        ),
      readyTimeoutMs,
    );
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out
        .split('\n')
        .find((candidate) => candidate.startsWith('FOLIO_CONTENT_SOURCE='));
      if (line) {
        clearTimeout(timer);
        resolve(variablesOf(line));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(
        new Error(`${command} ${args.join(' ')} exited (${code}) before it was ready:\n${log}`),
      );
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { env, stop };
}

export async function startE2ESource(): Promise<E2ESource> {
  const name = e2eSourceName();
  if (name === 'embedded') return { name, env: {}, stop: () => Promise.resolve() };
  // A Strapi someone else started and stops (.ci/run: the jest tests read it too).
  const running = process.env.FOLIO_TEST_STRAPI;
  if (name === 'strapi' && running) {
    const env = variablesOf(running);
    return { name, env, stop: () => Promise.resolve(), sitePort: strapiSitePort(env) };
  }
  const service =
    name === 'contentful'
      ? await serviceProcess('npx', ['tsx', 'cms/contentful/fixture/start.ts'], {
          readyTimeoutMs: 60_000,
        })
      : await serviceProcess('npm', ['run', '--silent', 'cms:strapi'], {
          readyTimeoutMs: STRAPI_READY_MS,
        });
  return {
    name,
    ...service,
    sitePort: name === 'strapi' ? strapiSitePort(service.env) : undefined,
  };
}

function strapiSitePort(env: Record<string, string>): number | undefined {
  const port = env.PORT ?? process.env.FOLIO_TEST_STRAPI_WEBHOOK_PORT;
  return port ? Number(port) : undefined;
}
