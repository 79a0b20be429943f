import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { folioRunArguments } from '../harness/folioContainer';
import { freePort } from '../harness/siteProcess';
import { progress } from './log';
import { codeBlock, table, verdict, type SectionResult, type TargetCheck } from './report';
import { writeResultsSection } from './resultsSection';
import { fixed } from './stats';

/**
 * Issue 38's image, measured: how the local base images are made (CI reaches
 * no registry: scripts/ci-containers.sh's debootstrap and Node stand-ins,
 * made afresh here under names of their own), what each step of the
 * Dockerfile's package trimming leaves (the same commands in a scratch
 * folder: npm ci, npm prune --omit=dev, scripts/image-trim.sh, and the
 * alternative of a separate `npm ci --omit=dev`), the image built as CI
 * builds it (scripts/ci-image.sh) with nothing cached, with the npm cache,
 * and again with nothing changed, its size by layer, and the container's
 * first start (PGlite seeded into an empty volume), a restart and a stop.
 *
 * `npx tsx bench/image.ts` (about 20 minutes on a 2-core machine) writes its
 * section of bench/RESULTS.md; `npm run bench -- --only image` writes
 * RESULTS.partial.md. The images it makes are removed afterwards;
 * localhost/folio:local is left as it is.
 */
const ROOT = path.resolve(__dirname, '..');
const MAX_IMAGE_BYTES = 300_000_000;
const BENCH_BASE = 'localhost/folio-bench-debian:bookworm-slim';
const BENCH_NODE = 'localhost/folio-bench-node:20-bookworm-slim';
const BENCH_IMAGE = 'localhost/folio-bench:image';
const STOP_TIMEOUT_S = 10;

interface Ran {
  ms: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end (a failure throws with its output's tail), timed. */
function run(
  command: string,
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Promise<Ran> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? ROOT,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve({ ms: Date.now() - started, stdout, stderr })
        : reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${stderr.slice(-2000)}`)),
    );
  });
}

/** The `export NAME=value` lines a ci-*.sh script prints, as variables. */
function exported(stdout: string): Record<string, string> {
  return Object.fromEntries(
    [...stdout.matchAll(/^export (\w+)=(.*)$/gm)].map((match) => [
      match[1]!,
      match[2]!.replace(/^"|"$/g, ''),
    ]),
  );
}

const mb = (bytes: number) => `${fixed(bytes / 1e6, 1)} MB`;
const seconds = (ms: number) => `${fixed(ms / 1000, 1)} s`;

interface BaseResult {
  debootstrapMs: number;
  rootBefore: number;
  rootAfter: number;
  trimMs: number;
  importMs: number;
  baseBytes: number;
  nodeMs: number;
  nodeBytes: number;
  nodeLine: string;
}

/** scripts/ci-containers.sh's two stand-ins, made afresh under bench names, from its own timing lines. */
async function measureBase(env: NodeJS.ProcessEnv): Promise<BaseResult> {
  const podman = (...args: string[]) => run('podman', args, { env });
  for (const image of [BENCH_NODE, BENCH_BASE])
    await podman('rmi', '--force', image).catch(() => undefined);
  const made = await run('bash', ['scripts/ci-containers.sh'], {
    env: { ...env, FOLIO_BASE_IMAGE: BENCH_BASE, FOLIO_NODE_IMAGE: BENCH_NODE },
  });
  const line = (pattern: RegExp) => {
    const match = pattern.exec(made.stderr);
    if (!match) throw new Error(`ci-containers.sh said nothing like ${pattern}:\n${made.stderr}`);
    return match;
  };
  const debootstrap = line(/debootstrap made a (\d+) MB root \((\d+) ms\)/);
  const trimmed = line(/trimmed the root to (\d+) MB \(from \d+ MB\) \((\d+) ms\)/);
  const imported = line(/imported \S+ \((\d+) bytes\) \((\d+) ms\)/);
  const node = line(/built \S+ with (Node \S+ and npm \S+) \((\d+) bytes\) \((\d+) ms\)/);
  const result: BaseResult = {
    debootstrapMs: Number(debootstrap[2]),
    rootBefore: Number(debootstrap[1]) * 1e6,
    rootAfter: Number(trimmed[1]) * 1e6,
    trimMs: Number(trimmed[2]),
    importMs: Number(imported[2]),
    baseBytes: Number(imported[1]),
    nodeMs: Number(node[3]),
    nodeBytes: Number(node[2]),
    nodeLine: node[1]!,
  };
  for (const image of [BENCH_NODE, BENCH_BASE]) await podman('rmi', '--force', image);
  return result;
}

interface PackagesResult {
  ciMs: number;
  all: number;
  pruneMs: number;
  pruned: number;
  trimMs: number;
  trimmed: number;
  trimmedFiles: number;
  ciProductionMs: number;
  ciProduction: number;
}

const duBytes = async (folder: string) =>
  Number((await run('du', ['-sb', folder])).stdout.split('\t')[0]);
const fileCount = async (folder: string) =>
  Number((await run('sh', ['-c', `find '${folder}' -type f | wc -l`])).stdout.trim());

/** The Dockerfile's package steps in scratch folders (npm's cache warm, as in CI's build). */
async function measurePackages(): Promise<PackagesResult> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'folio-bench-image-'));
  try {
    const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
    const folders = ['full', 'production'].map((name) => path.join(scratch, name));
    for (const folder of folders)
      for (const file of ['package.json', 'package-lock.json'])
        cpSync(path.join(ROOT, file), path.join(folder, file));
    const [full, production] = folders as [string, string];
    const ci = await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: full, env });
    const all = await duBytes(path.join(full, 'node_modules'));
    const prune = await run('npm', ['prune', '--omit=dev', '--no-audit', '--no-fund'], {
      cwd: full,
      env,
    });
    const pruned = await duBytes(path.join(full, 'node_modules'));
    const trim = await run('sh', [path.join(ROOT, 'scripts/image-trim.sh'), full], { env });
    const trimmed = await duBytes(path.join(full, 'node_modules'));
    const ciProduction = await run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], {
      cwd: production,
      env,
    });
    return {
      ciMs: ci.ms,
      all,
      pruneMs: prune.ms,
      pruned,
      trimMs: trim.ms,
      trimmed,
      trimmedFiles: await fileCount(path.join(full, 'node_modules')),
      ciProductionMs: ciProduction.ms,
      ciProduction: await duBytes(path.join(production, 'node_modules')),
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

interface BuildResult {
  coldMs: number;
  npmCacheMs: number;
  unchangedMs: number;
  bytes: number;
  savedGzipBytes: number;
  layers: { bytes: number; what: string }[];
}

/**
 * scripts/ci-image.sh three times: nothing cached, the npm cache only, then everything. All
 * three keep their layers (FOLIO_IMAGE_LAYERS=1), so the third can use them and the table by
 * layer has rows; CI's own build keeps none (see the script).
 */
async function measureBuilds(env: NodeJS.ProcessEnv): Promise<BuildResult> {
  const build = (extra: Record<string, string>) =>
    run('bash', ['scripts/ci-image.sh'], {
      env: { ...env, FOLIO_IMAGE: BENCH_IMAGE, FOLIO_IMAGE_LAYERS: '1', ...extra },
    });
  progress('image', 'building with nothing cached (npm downloads every package)…');
  const cold = await build({ FOLIO_IMAGE_NO_CACHE: '1', FOLIO_IMAGE_NPM_CACHE: '0' });
  progress('image', `cold build ${seconds(cold.ms)}; again with the npm cache mounted…`);
  const npmCache = await build({ FOLIO_IMAGE_NO_CACHE: '1' });
  progress('image', `with the npm cache ${seconds(npmCache.ms)}; again with nothing changed…`);
  const unchanged = await build({});
  const podman = (...args: string[]) => run('podman', args, { env });
  const bytes = Number(
    (await podman('image', 'inspect', '--format', '{{.Size}}', BENCH_IMAGE)).stdout,
  );
  const saved = await run(
    'sh',
    ['-c', `podman save --format docker-archive '${BENCH_IMAGE}' | gzip -6 | wc -c`],
    {
      env,
    },
  );
  const history = (
    await podman('history', '--no-trunc', '--format', '{{.Size}}\t{{.CreatedBy}}', BENCH_IMAGE)
  ).stdout
    .trim()
    .split('\n')
    .map((line) => {
      const [size, what] = line.split('\t') as [string, string];
      return { bytes: parseSize(size), what: describeLayer(what) };
    })
    .filter((layer) => layer.bytes > 0)
    .reverse();
  return {
    coldMs: cold.ms,
    npmCacheMs: npmCache.ms,
    unchangedMs: unchanged.ms,
    bytes,
    savedGzipBytes: Number(saved.stdout.trim()),
    layers: history,
  };
}

/** podman history's "98.9 MB", "211 kB", "0 B". */
function parseSize(text: string): number {
  const match = /^([\d.]+)\s*(B|kB|MB|GB)$/.exec(text.trim());
  if (!match) return 0;
  const unit = { B: 1, kB: 1e3, MB: 1e6, GB: 1e9 }[match[2] as 'B' | 'kB' | 'MB' | 'GB'];
  return Number(match[1]) * unit;
}

/** A layer by what made it, briefly. */
function describeLayer(createdBy: string): string {
  const text = createdBy.replace(/^\/bin\/sh -c (#\(nop\) )?/, '').trim();
  if (text.startsWith('ADD file:')) return 'the Debian base (debootstrap minbase, trimmed)';
  if (/apt-get install[^&]*catatonit/.test(text)) return 'catatonit, the user, /data';
  const copied = /^COPY (?:--from=\S+ )?(?:dir|file|multi):\S+ in (\S+)/.exec(text);
  if (copied) return `COPY ${copied[1]}`;
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

interface StartResult {
  firstReadyMs: number;
  againReadyMs: number;
  stopMs: number;
  stopCode: number;
  memory: string;
}

function readyz(port: number): Promise<number> {
  return new Promise((resolve) => {
    const sent = request({ host: '127.0.0.1', port, path: '/readyz', agent: false }, (answer) => {
      answer.resume();
      answer.on('end', () => resolve(answer.statusCode ?? 0));
    });
    sent.on('error', () => resolve(0));
    sent.end();
  });
}

async function untilReady(port: number, limitMs: number): Promise<void> {
  const started = Date.now();
  while ((await readyz(port)) !== 200) {
    if (Date.now() - started > limitMs) throw new Error(`not ready after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The container as the image's test runs it: first start on an empty volume, a stop, a start again. */
async function measureStart(env: NodeJS.ProcessEnv): Promise<StartResult> {
  const podman = (...args: string[]) => run('podman', args, { env });
  const name = `folio-bench-image-${process.pid}`;
  const port = await freePort();
  try {
    let started = Date.now();
    await podman(...folioRunArguments({ name, image: BENCH_IMAGE, port, data: name }));
    await untilReady(port, 180_000);
    const firstReadyMs = Date.now() - started;
    const memory = (
      await podman('stats', '--no-stream', '--format', '{{.MemUsage}}', name)
    ).stdout.trim();
    const stop = await podman('stop', '--time', String(STOP_TIMEOUT_S), name);
    const stopCode = Number(
      (await podman('inspect', '--format', '{{.State.ExitCode}}', name)).stdout.trim(),
    );
    started = Date.now();
    await podman('start', name);
    await untilReady(port, 180_000);
    const againReadyMs = Date.now() - started;
    return { firstReadyMs, againReadyMs, stopMs: stop.ms, stopCode, memory };
  } finally {
    await podman('rm', '--force', '--time', '0', name).catch(() => undefined);
    await podman('volume', 'rm', '--force', name).catch(() => undefined);
  }
}

export async function runImage(): Promise<Omit<SectionResult, 'durationMs'>> {
  progress('image', 'podman and the base images (scripts/ci-containers.sh)…');
  const containers = await run('bash', ['scripts/ci-containers.sh']);
  const env = { ...process.env, ...exported(containers.stdout) };
  progress('image', 'the base images made afresh under bench names…');
  const base = await measureBase(env);
  progress(
    'image',
    `debootstrap ${seconds(base.debootstrapMs)}; the packages' steps in a scratch folder…`,
  );
  const packages = await measurePackages();
  const builds = await measureBuilds(env);
  progress('image', `image ${mb(builds.bytes)}; starting it…`);
  const start = await measureStart(env);
  await run('podman', ['rmi', '--force', BENCH_IMAGE], { env }).catch(() => undefined);

  const targets: TargetCheck[] = [
    {
      target: `image ≤ ${MAX_IMAGE_BYTES / 1e6} MB uncompressed`,
      measured: mb(builds.bytes),
      pass: builds.bytes <= MAX_IMAGE_BYTES,
    },
    {
      target: `stop (SIGTERM, drain) inside podman's ${STOP_TIMEOUT_S} s default, exit 0`,
      measured: `${seconds(start.stopMs)}, exit ${start.stopCode}`,
      pass: start.stopMs < STOP_TIMEOUT_S * 1000 && start.stopCode === 0,
    },
  ];
  const body = [
    `Target: ${targets.map((check) => `${check.target}: ${check.measured} ${verdict(check.pass)}`).join('; ')}.`,
    '',
    '**The base images** CI makes, since no registry is reachable (`scripts/ci-containers.sh`, made afresh):',
    '',
    table(
      ['step', 'time', 'size'],
      [
        [
          '`debootstrap --variant=minbase bookworm`',
          seconds(base.debootstrapMs),
          mb(base.rootBefore),
        ],
        [
          'trimmed as the official slim image is (docs but copyright files, man, info, locales, apt lists and cached packages)',
          seconds(base.trimMs),
          mb(base.rootAfter),
        ],
        [
          'imported as `debian:bookworm-slim` (`podman image inspect` size)',
          seconds(base.importMs),
          mb(base.baseBytes),
        ],
        [
          `\`node:20-bookworm-slim\`: that base with this machine's ${base.nodeLine}`,
          seconds(base.nodeMs),
          mb(base.nodeBytes),
        ],
      ],
      ['l', 'r', 'r'],
    ),
    '',
    "**The packages**, step by step as the Dockerfile's build stage takes them (npm's cache warm; `du -sb node_modules`):",
    '',
    table(
      ['step', 'time', 'node_modules'],
      [
        ['`npm ci`', seconds(packages.ciMs), mb(packages.all)],
        ['`npm prune --omit=dev`', seconds(packages.pruneMs), mb(packages.pruned)],
        [
          `\`scripts/image-trim.sh\` (${packages.trimmedFiles.toLocaleString('en-US')} files left)`,
          seconds(packages.trimMs),
          mb(packages.trimmed),
        ],
        [
          'instead of pruning: `npm ci --omit=dev` in a stage of its own',
          seconds(packages.ciProductionMs),
          mb(packages.ciProduction),
        ],
      ],
      ['l', 'r', 'r'],
    ),
    '',
    `Pruning the build stage's install takes ${seconds(packages.pruneMs)} where a second install of the production packages takes ${seconds(packages.ciProductionMs)}, for the same packages: the Dockerfile prunes.`,
    '',
    '**The image** (`scripts/ci-image.sh`: `podman build --format docker --pull=never`, vfs storage):',
    '',
    table(
      ['build', 'time'],
      [
        ["nothing cached (no layers, no npm cache: a user's first build)", seconds(builds.coldMs)],
        ["no layers, this machine's npm cache mounted (CI's build)", seconds(builds.npmCacheMs)],
        ['again, nothing changed (every layer cached)', seconds(builds.unchangedMs)],
      ],
      ['l', 'r'],
    ),
    '',
    `Size: **${mb(builds.bytes)}** uncompressed (\`podman image inspect --format '{{.Size}}'\`), ${mb(builds.savedGzipBytes)} as \`podman save | gzip -6\`. By layer:`,
    '',
    table(
      ['layer', 'size'],
      builds.layers.map((layer) => [layer.what, mb(layer.bytes)]),
      ['l', 'r'],
    ),
    '',
    `**Running it** (\`--read-only --tmpfs /tmp --user 10001\`, a new volume at /data, host network): ready (\`/readyz\` 200) ${seconds(start.firstReadyMs)} after \`podman run\` on an empty volume (PGlite made and seeded), ${seconds(start.againReadyMs)} after \`podman start\` on the same volume; memory when ready: ${start.memory}; \`podman stop -t ${STOP_TIMEOUT_S}\` took ${seconds(start.stopMs)} (the 2 s lame duck, the drain, exit ${start.stopCode}).`,
    '',
    codeBlock('npx tsx bench/image.ts    # or: npm run bench -- --only image', 'sh'),
  ].join('\n');
  return { id: 'image', title: 'The image: base, packages, build, size', targets, body };
}

if (require.main === module)
  runImage().then(
    (result) => {
      writeResultsSection('image', result);
      for (const check of result.targets)
        progress('image', `${check.pass ? 'PASS' : 'MISS'} ${check.target}: ${check.measured}`);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
