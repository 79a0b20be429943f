import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { folioRunArguments } from '../../harness/folioContainer';
import { ROUTES } from '../../harness/routes';
import { freePort } from '../../harness/siteProcess';
import { eventually } from '../support/eventually';

/**
 * Issue 38: Folio's image (the root Dockerfile) run as a deployment runs it:
 * as uid 10001, on a read-only root with only /data (a volume, PGlite seeded
 * into it on the first start) and a tmpfs /tmp writable, on the host's
 * network. Every route answers; SIGTERM (`podman stop -t 10`, the default
 * timeout) with requests in flight loses none and the container exits 0
 * inside the timeout; a /data that belongs to root but anyone may write (a
 * Kubernetes emptyDir) serves too; a /data it cannot write, a database it
 * cannot reach and a secret file that is missing each stop the container at
 * once, exit code 1 and one line in its log that says why.
 *
 * The image is built once before the tests (scripts/ci-image.sh, in .ci/run);
 * podman and its configuration come from scripts/ci-containers.sh. Without
 * them the test is skipped with a message, except in CI, where it fails.
 */

const ROOT = path.resolve(__dirname, '../..');
const IMAGE = process.env.FOLIO_IMAGE || 'localhost/folio:local';
const PODMAN = process.env.FOLIO_PODMAN || 'podman';
/** Where scripts/ci-containers.sh writes podman's configuration for this machine. */
const CONTAINERS_DIR = '/var/lib/folio-containers';
const PODMAN_ENV: NodeJS.ProcessEnv = {
  ...process.env,
  CONTAINERS_CONF:
    process.env.CONTAINERS_CONF ??
    (existsSync(`${CONTAINERS_DIR}/containers.conf`)
      ? `${CONTAINERS_DIR}/containers.conf`
      : undefined),
  CONTAINERS_STORAGE_CONF:
    process.env.CONTAINERS_STORAGE_CONF ??
    (existsSync(`${CONTAINERS_DIR}/storage.conf`) ? `${CONTAINERS_DIR}/storage.conf` : undefined),
};
/** Podman's and Docker's default `stop` timeout: the drain must end inside it. */
const STOP_TIMEOUT_S = 10;
const MAX_IMAGE_BYTES = 300_000_000;
const RUN_ID = randomBytes(3).toString('hex');

function podmanSync(args: string[]) {
  return spawnSync(PODMAN, args, { env: PODMAN_ENV, encoding: 'utf8', timeout: 120_000 });
}

function podman(args: string[], timeoutMs = 120_000): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(
      PODMAN,
      args,
      { env: PODMAN_ENV, encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`podman ${args.join(' ')}: ${stderr || error.message}`))
          : resolve(stdout),
    ),
  );
}

/** A container's whole log (Folio writes its lines to stdout, a start-up error to stderr). */
function logsOf(name: string): string {
  const logs = podmanSync(['logs', name]);
  return `${logs.stdout}${logs.stderr}`;
}

/** Why the image cannot be run here, or null. */
function whyNot(): string | null {
  if (podmanSync(['--version']).status !== 0)
    return 'podman is not installed: run `eval "$(bash scripts/ci-containers.sh)"`';
  if (podmanSync(['image', 'exists', IMAGE]).status !== 0)
    return `the image ${IMAGE} is missing: build it with \`eval "$(bash scripts/ci-image.sh)"\``;
  return null;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request on a connection of its own (no keep-alive): its answer, or the error that lost it. */
function get(port: number, target: string, init: { method?: string; body?: string } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const sent = request(
      {
        host: '127.0.0.1',
        port,
        path: target,
        method: init.method ?? 'GET',
        agent: false,
        headers: init.body
          ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(init.body) }
          : {},
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(init.body);
  });
}

/** The container's state once it has stopped (or undefined while it runs). */
async function exitOf(name: string): Promise<{ code: number; running: boolean; restarts: number }> {
  const [code, running, restarts] = (
    await podman([
      'inspect',
      '--format',
      '{{.State.ExitCode}} {{.State.Running}} {{.RestartCount}}',
      name,
    ])
  )
    .trim()
    .split(' ');
  return { code: Number(code), running: running === 'true', restarts: Number(restarts) };
}

const unavailable = whyNot();
if (unavailable && process.env.CI)
  it('runs Folio’s image: has podman and the image in CI', () => {
    throw new Error(unavailable);
  });
else if (unavailable) it.skip(`Folio’s image: skipped here, ${unavailable}`, () => {});
else
  describe(`Folio’s image (${IMAGE})`, () => {
    const name = `folio-image-test-${RUN_ID}`;
    const volume = `folio-image-test-${RUN_ID}`;
    const secrets = mkdtempSync(path.join(tmpdir(), 'folio-image-secrets-'));
    const previewToken = randomBytes(16).toString('hex');
    let port: number;
    let startedInMs: number;

    beforeAll(async () => {
      port = await freePort();
      // A secret as Docker and Kubernetes give one: a file, readable by the server's user.
      writeFileSync(path.join(secrets, 'preview-token'), `${previewToken}\n`, { mode: 0o644 });
      const started = Date.now();
      await podman(
        folioRunArguments({
          name,
          image: IMAGE,
          port,
          data: volume,
          options: [
            '--volume',
            `${secrets}/preview-token:/run/secrets/preview-token:ro`,
            '--env',
            'FOLIO_PREVIEW_TOKEN_FILE=/run/secrets/preview-token',
          ],
        }),
      );
      // The first start seeds PGlite into the empty volume.
      await eventually(
        async () => {
          const state = await exitOf(name);
          if (!state.running) throw Object.assign(new Error(logsOf(name)), { stopped: true });
          expect((await get(port, '/readyz')).status).toBe(200);
        },
        150_000,
        250,
      ).catch((error: Error & { stopped?: boolean }) => {
        throw new Error(
          `the container never became ready${error.stopped ? ' (it stopped)' : ''}: ${logsOf(name).slice(-4000)}`,
        );
      });
      startedInMs = Date.now() - started;
      console.log(
        `the container answered /readyz 200 after ${startedInMs} ms (first start: PGlite seeded into /data)`,
      );
    });

    afterAll(async () => {
      await podman(['rm', '--force', '--time', '0', name]).catch(() => undefined);
      await podman(['volume', 'rm', '--force', volume]).catch(() => undefined);
      rmSync(secrets, { recursive: true, force: true });
    });

    it(`is at most ${MAX_IMAGE_BYTES / 1e6} MB uncompressed`, async () => {
      const size = Number(
        (await podman(['image', 'inspect', '--format', '{{.Size}}', IMAGE])).trim(),
      );
      console.log(`${IMAGE}: ${(size / 1e6).toFixed(1)} MB`);
      expect(size).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
    });

    it('runs every process as uid 10001, under catatonit as PID 1, on a read-only root', async () => {
      // podman reads the processes from /proc (the image has no ps): user names from the image's /etc/passwd.
      const processes = (await podman(['top', name, 'user', 'pid', 'comm']))
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.trim().split(/\s+/));
      expect(processes.length).toBeGreaterThanOrEqual(2);
      expect(new Set(processes.map(([user]) => user))).toEqual(new Set(['folio']));
      expect(processes.find(([, pid]) => pid === '1')?.[2]).toBe('catatonit');
      expect(processes.some(([, , command]) => command === 'node')).toBe(true);
      expect((await podman(['exec', name, 'id', '-u'])).trim()).toBe('10001');
      expect((await podman(['exec', name, 'getent', 'passwd', 'folio'])).split(':')[2]).toBe(
        '10001',
      );
      const write = (target: string) =>
        podmanSync([
          'exec',
          name,
          'node',
          '-e',
          `require('fs').writeFileSync(${JSON.stringify(target)}, 'x')`,
        ]);
      expect(write('/app/written').stderr).toMatch(/EROFS: read-only file system/);
      expect(write('/data/written').status).toBe(0);
      expect(write('/tmp/written').status).toBe(0);
    });

    it('answers every route, the feeds and sitemaps, /graphql, images and the health checks', async () => {
      const failures: string[] = [];
      const check = async (
        target: string,
        expected = 200,
        init?: { method?: string; body?: string },
      ) => {
        const answer = await get(port, target, init);
        if (answer.status !== expected) failures.push(`${target}: ${answer.status}`);
        return answer;
      };
      for (const route of ROUTES) {
        const page = await check(route.path, route.kind === 'not-found' ? 404 : 200);
        const text = page.body
          .replace(/&#x27;/g, "'")
          .replace(/&quot;/g, '"')
          .replace(/&amp;/g, '&');
        if (!text.includes(route.heading))
          failures.push(`${route.path}: no heading "${route.heading}"`);
      }
      const home = await check('/');
      const image = /(\/images\/[^"'\s?]+\.(?:jpg|png|webp|avif)[^"'\s]*)/.exec(home.body)?.[1];
      expect(image).toBeDefined();
      const picture = await check(image!.replace(/&amp;/g, '&'));
      expect(picture.headers['content-type']).toMatch(/^image\//);
      for (const target of [
        '/feed.xml',
        '/de/feed.xml',
        '/sitemap.xml',
        '/robots.txt',
        '/healthz',
        '/readyz',
      ])
        await check(target);
      const persisted = JSON.parse(
        readFileSync(path.join(ROOT, '__generated__/persisted-queries.json'), 'utf8'),
      ) as Record<string, string>;
      const articleQuery = Object.keys(persisted).find((id) =>
        persisted[id]!.startsWith('query ArticlePageQuery('),
      );
      const graphql = await check('/graphql', 200, {
        method: 'POST',
        body: JSON.stringify({ doc_id: articleQuery, variables: { slug: 'reading-the-tides' } }),
      });
      expect(JSON.parse(graphql.body)).toMatchObject({
        data: { article: { title: 'Reading the tides' } },
      });
      // The preview token came from a file (FOLIO_PREVIEW_TOKEN_FILE), its newline trimmed.
      const preview = await get(port, `/preview?token=${previewToken}&to=/`);
      expect(preview.status).toBe(303);
      expect(String(preview.headers['set-cookie'])).toMatch(/HttpOnly/i);
      expect((await get(port, '/preview?token=wrong&to=/')).status).not.toBe(303);
      // The image's health check (podman runs it by hand here: periodic checks need systemd).
      expect(podmanSync(['healthcheck', 'run', name]).status).toBe(0);
      expect(failures).toEqual([]);
    });

    it(`stops on SIGTERM inside podman's ${STOP_TIMEOUT_S} s timeout with exit 0, losing none of the requests in flight`, async () => {
      // 20 uncached pages (a search each reader types differently), each on a connection of its own.
      const inFlight = Array.from({ length: 20 }, (_, n) =>
        get(port, `/search?q=tide+${RUN_ID}+${n}`).then(
          (answer) => ({ status: answer.status, retryAfter: answer.headers['retry-after'] }),
          (error: NodeJS.ErrnoException) => ({ error: error.code ?? error.message }),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      const stopped = Date.now();
      const stop = podman(['stop', '--time', String(STOP_TIMEOUT_S), name], 60_000);
      // During the lame-duck period /readyz says not ready, and pages are still served.
      await eventually(
        async () => expect((await get(port, '/readyz')).status).toBe(503),
        2_000,
        50,
      );
      expect((await get(port, '/articles/reading-the-tides')).status).toBe(200);
      const answers = await Promise.all(inFlight);
      await stop;
      const stopMs = Date.now() - stopped;
      const lost = answers.filter(
        (answer) =>
          !('status' in answer) ||
          !(answer.status === 200 || (answer.status === 503 && answer.retryAfter !== undefined)),
      );
      expect(lost).toEqual([]);
      const state = await exitOf(name);
      expect(state).toEqual({ code: 0, running: false, restarts: 0 });
      expect(stopMs).toBeLessThan(STOP_TIMEOUT_S * 1000);
      const logs = logsOf(name);
      expect(logs).toMatch(/SIGTERM: shutting down after 2000 ms not ready/);
      expect(logs).toMatch(/"refused":0,"cut":0/);
      console.log(
        `podman stop: exit 0 after ${stopMs} ms; ${answers.length} requests in flight: ${answers.map((a) => ('status' in a ? a.status : a.error)).join(' ')}`,
      );
    });

    it('starts on a /data that belongs to root but anyone may write (a Kubernetes emptyDir)', async () => {
      const shared = mkdtempSync(path.join(tmpdir(), 'folio-image-emptydir-'));
      chmodSync(shared, 0o777);
      const other = `${name}-emptydir`;
      const otherPort = await freePort();
      try {
        await podman(
          folioRunArguments({ name: other, image: IMAGE, port: otherPort, data: shared }),
        );
        await eventually(
          async () => {
            if (!(await exitOf(other)).running) throw new Error(logsOf(other));
            expect((await get(otherPort, '/readyz')).status).toBe(200);
          },
          150_000,
          250,
        );
        // Folio's own folder inside it, private to the server's user.
        expect(statSync(path.join(shared, 'folio')).mode & 0o777).toBe(0o700);
        expect(statSync(path.join(shared, 'folio')).uid).toBe(10001);
      } finally {
        await podman(['rm', '--force', '--time', '0', other]).catch(() => undefined);
        rmSync(shared, { recursive: true, force: true });
      }
    });

    it.each([
      [
        'a /data it cannot write (mounted read-only)',
        ['--volume', `${volume}:/data:ro`],
        /^folio: FOLIO_DATA_DIR \(\/data\/folio\) cannot be (made|written): EROFS: read-only file system, \w+ '\/data\/folio[^']*'; give the server a folder it can write \(in the image: a volume at \/data\)\.$/,
      ],
      [
        'a /data that belongs to another user',
        ['--user', '4242', '--volume', `${volume}:/data`],
        /^folio: FOLIO_DATA_DIR \(\/data\/folio\) cannot be (made|written): EACCES: permission denied, \w+ '\/data\/folio[^']*'; give the server a folder it can write \(in the image: a volume at \/data\)\.$/,
      ],
      [
        'a database that cannot be reached, with two workers',
        [
          '--env',
          'DATABASE_URL=postgres://folio:s3cret@127.0.0.1:1/folio',
          '--env',
          'WEB_CONCURRENCY=2',
        ],
        /^folio: DATABASE_URL: PostgreSQL at 127\.0\.0\.1:1\/folio cannot be reached: connect ECONNREFUSED 127\.0\.0\.1:1\.$/,
      ],
      [
        'a secret file that is missing',
        ['--env', 'DATABASE_URL_FILE=/run/secrets/database-url'],
        /^folio: DATABASE_URL_FILE names \/run\/secrets\/database-url, which cannot be read \(ENOENT: no such file or directory\)\.$/,
      ],
    ])('%s: exits 1 at once with one line that says so', async (_, options, line) => {
      const failing = `${name}-bad-${randomBytes(2).toString('hex')}`;
      const started = Date.now();
      try {
        await podman(folioRunArguments({ name: failing, image: IMAGE, port, options }));
        const code = Number((await podman(['wait', failing], 60_000)).trim());
        const tookMs = Date.now() - started;
        const logs = logsOf(failing).trim();
        expect({ code, logs }).toEqual({ code: 1, logs: expect.stringMatching(line) });
        expect(logs.split('\n')).toHaveLength(1);
        expect(logs).not.toMatch(/s3cret/);
        expect((await exitOf(failing)).restarts).toBe(0);
        console.log(`${logs.slice(0, 60)}…: exit ${code} after ${tookMs} ms (podman run to exit)`);
      } finally {
        // --volumes: the image's VOLUME gave this container an anonymous /data of its own.
        await podman(['rm', '--force', '--volumes', failing]).catch(() => undefined);
      }
    });
  });
