/**
 * Publishing through a running server (api/publishing/serverPublishing.ts):
 * `npm run content` asks the server that holds PGlite, with the token the
 * server left in its data folder; `npm run dev` publishes each save and tells
 * the browser on the event stream. And the command's other ways: directly,
 * refusing a folder another process holds, checking only.
 */
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CONTENT_PUBLISH_PATH,
  createContentPublishing,
  PUBLISHER_FILE,
  readPublisherAddress,
  type ContentPublishing,
} from '../../../api/publishing/serverPublishing';
import { CONTENT_EVENTS_PATH } from '../../../shared/contentEvents';
import { createPublishRoute } from '../../../server/hooks/publishRoute';
import { readPreviewGrant } from '../../../api/previewLinks';
import { startTestServer, type TestServer } from '../../support/testServer';
import { ContentFolderCopy } from '../../../harness/contentFolderCopy';

const ROOT = path.resolve(__dirname, '../../..');
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

let server: TestServer;
let folder: ContentFolderCopy;
let dataDir: string;
let publishing: ContentPublishing;
let http: Server;
let url: string;

/** The key `serve` gives its publishing, which the site signs with too: links the command prints open there. */
const LINK_KEY = 'a preview link key, thirty-two characters or more';

beforeAll(async () => {
  server = await startTestServer({ previewLinkKey: LINK_KEY });
  folder = new ContentFolderCopy();
  dataDir = mkdtempSync(path.join(tmpdir(), 'folio-data-'));
  ({ publishing, http, url } = await serve({ dataDir, watch: false }));
});

afterAll(async () => {
  await stop(publishing, http);
  folder?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
  await server?.close();
});

afterEach(async () => {
  folder.reset();
  await post(readPublisherAddress(dataDir)!.token);
});

/** A server of publishing alone, on a free port: what the site mounts (server/hooks/publishRoute.ts). */
async function serve(options: { dataDir?: string; watch: boolean }) {
  const publishing = createContentPublishing({
    db: server.db,
    source: 'embedded',
    mode: 'development',
    contentDir: folder.dir,
    logger: quiet,
    preview: {
      linkKey: Buffer.from(LINK_KEY),
      siteUrl: undefined,
    },
    ...options,
  });
  const route = createPublishRoute(publishing, quiet);
  const http = createServer((request, response) =>
    route.handle(request, response, () => response.writeHead(404).end()),
  );
  http.on('close', () => route.close());
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  publishing.listening(url);
  await publishing.watching;
  return { publishing, http, url };
}

async function stop(publishing: ContentPublishing | undefined, http: Server | undefined) {
  await publishing?.close();
  http?.closeAllConnections();
  await new Promise((resolve) => (http ? http.close(resolve) : resolve(undefined)));
}

function post(token?: string) {
  return fetch(`${url}${CONTENT_PUBLISH_PATH}`, {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
}

/**
 * Reads the event stream until an event of `name` arrives whose data `wanted`
 * accepts (any, by default); its data. An earlier publish (the folder put back
 * after the last test, a save caught half-written) may send events first:
 * they are passed over. No clock of its own: a publish on a busy machine
 * takes what it takes, and the test's timeout is the one bound.
 */
async function nextEvent(
  response: Response,
  name: string,
  wanted: (data: unknown) => boolean = () => true,
): Promise<unknown> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const pattern = new RegExp(`event: ${name}\\ndata: (.*)\\n\\n`, 'g');
  let text = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      for (const match of text.matchAll(pattern)) {
        const data = JSON.parse(match[1]!) as unknown;
        if (wanted(data)) return data;
      }
    }
  } finally {
    reader.releaseLock();
  }
  throw new Error(`no ${name} event: ${text}`);
}

describe('a server that holds the database publishes for npm run content', () => {
  test('its address and a token are in its data folder, for its owner only', () => {
    const address = readPublisherAddress(dataDir);
    expect(address).toMatchObject({ pid: process.pid, url });
    expect(address!.token.length).toBeGreaterThanOrEqual(32);
    expect(statSync(path.join(dataDir, PUBLISHER_FILE)).mode & 0o777).toBe(0o600);
  });

  test('without the token (or with another), nothing is published', async () => {
    expect((await post()).status).toBe(403);
    expect((await post('not-the-token')).status).toBe(403);
  });

  test('with it: the publish, or its problems (422) with nothing changed', async () => {
    const token = readPublisherAddress(dataDir)!.token;
    folder.edit(
      'articles/reading-the-tides.md',
      'title: Reading the tides',
      'title: Reading the tides, via the server',
    );
    const published = await post(token);
    expect(published.status).toBe(200);
    expect(await published.json()).toMatchObject({
      result: {
        written: { article: 1 },
        change: { source: 'embedded', cause: 'publish', listsChanged: false },
      },
    });
    folder.edit('articles/reading-the-tides.md', 'status: published', 'status: maybe');
    const refused = await post(token);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      problems: [
        {
          file: 'articles/reading-the-tides.md',
          line: 4,
          message: 'status is draft, published or archived, not "maybe"',
        },
      ],
    });
    const answer = await server.query<{ article: { title: string } }>(
      '{ article(slug: "reading-the-tides") { title } }',
    );
    expect(answer.data?.article.title).toBe('Reading the tides, via the server');
  });

  test('a large publish leaves the serving thread free: parsing runs on a thread of its own, and the writes give way between statements', async () => {
    const token = readPublisherAddress(dataDir)!.token;
    const template = folder.read('articles/reading-the-tides.md');
    const count = 300;
    for (let n = 0; n < count; n += 1)
      folder.write(
        `articles/many-${n}.md`,
        template
          .replace(/^slug: .*$/m, `slug: many-${n}`)
          .replace(/^title: .*$/m, `title: One of many, ${n}`),
      );
    // A timer on the thread that serves readers, counting its turns while the publish runs.
    let turns = 0;
    let longestPauseMs = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestPauseMs = Math.max(longestPauseMs, now - last);
      last = now;
      turns += 1;
    }, 5);
    const started = performance.now();
    const published = await post(token);
    const publishMs = performance.now() - started;
    clearInterval(ticker);
    expect(published.status).toBe(200);
    expect(await published.json()).toMatchObject({ result: { written: { article: count } } });
    // Held for the whole publish, the timer would not have run at all until it ended.
    expect(turns).toBeGreaterThan(20);
    expect(longestPauseMs).toBeLessThan(publishMs / 4);
  });
});

describe('npm run dev: a save is published and the browser told', () => {
  // A development server's own publisher, watching the folder (the others publish when asked).
  let watching: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => (watching = await serve({ watch: true })));
  afterAll(() => stop(watching?.publishing, watching?.http));

  test('a saved file: published, and a "published" event naming what changed', async () => {
    const events = await fetch(`${watching.url}${CONTENT_EVENTS_PATH}`);
    expect(events.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(events.headers.get('cache-control')).toContain('no-transform');
    const next = nextEvent(events, 'published', (data) =>
      ((data as { records?: { type: string }[] }).records ?? []).some(
        (record) => record.type === 'Author',
      ),
    );
    folder.edit('authors/eliza-marsh.md', 'name: Eliza Marsh', 'name: Eliza Marsh, saved');
    expect(await next).toMatchObject({
      source: 'embedded',
      cause: 'publish',
      records: [{ type: 'Author' }],
    });
    await events.body!.cancel();
  });

  test('a saved file with a problem: a "rejected" event with file:line, nothing changed', async () => {
    const events = await fetch(`${watching.url}${CONTENT_EVENTS_PATH}`);
    const problem = /^[^:\n]+\/articles\/reading-the-tides\.md:7: unknown author "nobody"/;
    const next = nextEvent(events, 'rejected', (data) => problem.test(String(data)));
    folder.edit(
      'articles/reading-the-tides.md',
      'authors: [eliza-marsh]',
      'authors: [eliza-marsh, nobody]',
    );
    expect(await next).toMatch(problem);
    await events.body!.cancel();
  });
});

/** Runs `npm run content` (its script, without npm) with these variables; its exit code and output. */
function runCommand(
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      path.join(ROOT, 'node_modules/.bin/tsx'),
      ['api/publishing/publishCommand.ts', ...args],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: '', NODE_OPTIONS: '', ...env },
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

describe('npm run content', () => {
  test('asks the server holding the data folder, and prints what it did', async () => {
    folder.edit('topics/science.md', 'name: Science', 'name: Sciences');
    const { code, out } = await runCommand({ FOLIO_DATA_DIR: dataDir });
    expect(out).toContain(`a Folio server (${url}) holds the database: it publishes`);
    expect(out).toMatch(/published: wrote 1 topic; \d+ unchanged/);
    expect(code).toBe(0);
  });

  test('--preview prints a signed link that opens that one draft, with nothing typed', async () => {
    const draft = path.join(folder.dir, 'articles/the-four-day-week.md');
    const { code, out } = await runCommand(
      { FOLIO_DATA_DIR: dataDir, FOLIO_CONTENT_DIR: folder.dir },
      ['--preview', draft],
    );
    expect(code).toBe(0);
    const link = /^http:\/\/127\.0\.0\.1:\d+\/preview\/open\?link=\S+$/m.exec(out)?.[0];
    expect(link).toBeDefined();
    // Signed with the key the server left beside its address: the server's own.
    const key = Buffer.from(readPublisherAddress(dataDir)!.previewLinkKey!, 'base64url');
    const grant = readPreviewGrant(key, new URL(link!).searchParams.get('link')!);
    expect(grant).toEqual({
      grant: {
        purpose: 'link',
        document: { type: 'Article', slug: 'the-four-day-week' },
        locale: 'en',
        version: 'draft',
        expiresAt: expect.any(Number),
      },
    });
  });

  test('--preview of a draft translation prints a link that opens the German draft at its German address', async () => {
    // Its author and topic in German first (a translation names same-language ones).
    folder.write('authors/mara-lindqvist.de.md', 'Mara schreibt über Arbeit.\n');
    folder.write(
      'topics/work-culture.de.md',
      '---\nname: Arbeitskultur\nslug: arbeitskultur\n---\n\nWie wir arbeiten.\n',
    );
    folder.write(
      'articles/the-four-day-week.de.md',
      '---\ntitle: Was die Versuche mit der Vier-Tage-Woche ergaben\nsummary: Dutzende Firmen haben es versucht.\nslug: die-vier-tage-woche\nstatus: draft\n---\n\nEin Entwurf.\n',
    );
    const { code, out, err } = await runCommand(
      { FOLIO_DATA_DIR: dataDir, FOLIO_CONTENT_DIR: folder.dir },
      ['--preview', path.join(folder.dir, 'articles/the-four-day-week.de.md')],
    );
    expect(err).toBe('');
    expect(code).toBe(0);
    const link = /^http:\/\/127\.0\.0\.1:\d+(\/preview\/open\?link=\S+)$/m.exec(out)?.[1];
    expect(link).toBeDefined();
    const opened = await fetch(`${server.url}${link}`, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/de/articles/die-vier-tage-woche');
    const cookie = opened.headers.get('set-cookie')!.split(';')[0]!;
    const title = async (slug: string, locale: string) =>
      (
        await server.query<{ article: { title: string } | null }>(
          'query ($slug: String!, $locale: String) { article(slug: $slug, locale: $locale) { title } }',
          { slug, locale },
          { Cookie: cookie },
        )
      ).data?.article?.title;
    expect(await title('die-vier-tage-woche', 'de')).toBe(
      'Was die Versuche mit der Vier-Tage-Woche ergaben',
    );
    // The session covers the document in every language: its English draft too.
    expect(await title('the-four-day-week', 'en')).toBe(
      'What the four-day week trials actually found',
    );
  });

  test.each([
    [['--preview'], /--preview names the file to preview/],
    [['--preview', 'content/authors/eliza-marsh.md'], /only an article or a page can be previewed/],
    [['--preview', 'content/articles/nothing-here.md'], /there is no such file/],
    [['--preview', '/etc/passwd'], /only an article or a page can be previewed/],
  ])('--preview refuses %j before publishing anything', async (args, message) => {
    const { code, err, out } = await runCommand({ FOLIO_DATA_DIR: dataDir }, args);
    expect(code).toBe(1);
    expect(err).toMatch(message);
    expect(out).not.toContain('published');
  });

  test("prints each problem as file:line (the server's content folder) and exits 1", async () => {
    folder.edit(
      'articles/reading-the-tides.md',
      'publishedAt: 2025-06-10T07:30:00Z',
      'publishedAt: soon',
    );
    const { code, err } = await runCommand({ FOLIO_DATA_DIR: dataDir });
    expect(err).toContain(
      'content/articles/reading-the-tides.md:5: publishedAt is a date and time with its zone, like 2025-06-10T07:30:00Z (not "soon")',
    );
    expect(err).toContain('nothing was published: 1 problem in content/');
    expect(err).not.toMatch(/\n\s+at /);
    expect(code).toBe(1);
  });

  test('says why when the server that holds the database is gone, in a line (issue 36)', async () => {
    const orphaned = mkdtempSync(path.join(tmpdir(), 'folio-orphaned-'));
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const closedPort = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    // A live process's address, at a port nobody answers on any more (the server crashed mid-way).
    writeFileSync(
      path.join(orphaned, PUBLISHER_FILE),
      JSON.stringify({ pid: process.pid, url: `http://127.0.0.1:${closedPort}`, token: 't' }),
    );
    const { code, err } = await runCommand({ FOLIO_DATA_DIR: orphaned });
    expect(err).toContain(
      `npm run content: the Folio server at http://127.0.0.1:${closedPort} did not answer (ECONNREFUSED): it may have stopped.`,
    );
    expect(err).not.toContain('fetch failed');
    expect(err).not.toMatch(/\n\s+at /);
    expect(code).toBe(1);
    rmSync(orphaned, { recursive: true, force: true });
  });

  test('never opens a PGlite folder another process holds without saying where it serves', async () => {
    const held = mkdtempSync(path.join(tmpdir(), 'folio-held-'));
    mkdirSync(path.join(held, 'pglite'));
    writeFileSync(path.join(held, 'pglite', 'postmaster.pid'), '-42\n');
    const { code, err } = await runCommand({ FOLIO_DATA_DIR: held });
    expect(err).toContain('is open in another process');
    expect(code).toBe(1);
    expect(readFileSync(path.join(held, 'pglite', 'postmaster.pid'), 'utf8')).toBe('-42\n');
    expect(existsSync(path.join(held, 'pglite', 'PG_VERSION'))).toBe(false);
    rmSync(held, { recursive: true, force: true });
  });

  test('--check reads the folder and names its state, without a database', async () => {
    const { code, out } = await runCommand({ FOLIO_DATA_DIR: '/nonexistent/folio' }, ['--check']);
    // What it checked, by kind (issue 39), not a count of internal records.
    expect(out).toMatch(
      /^content\/ is ready to publish: checked \d+ files: \d+ articles, \d+ pages, .*\d+ images, .* and the site; no problems$/m,
    );
    expect(code).toBe(0);
  });

  test('--check with a problem says what it checked and that it publishes nothing, not that nothing was published', async () => {
    folder.edit('articles/desire-paths.md', 'title: Desire paths', 'title: "Desire paths');
    const { code, err } = await runCommand(
      { FOLIO_DATA_DIR: '/nonexistent/folio', FOLIO_CONTENT_DIR: folder.dir },
      ['--check'],
    );
    expect(err).toContain('articles/desire-paths.md:2: the YAML does not parse');
    expect(err).toMatch(
      /is not ready to publish: 1 problem \(checked \d+ files: \d+ articles, .*\); --check publishes nothing$/m,
    );
    expect(err).not.toContain('nothing was published');
    expect(code).toBe(1);
  });

  test('--check opens every image as a publish would, and names one that is not an image', async () => {
    const image = folder.read('assets.yaml').match(/file: (images\/[^\s]+)/)![1]!;
    folder.write(image, 'not a picture at all');
    const { code, err } = await runCommand(
      { FOLIO_DATA_DIR: '/nonexistent/folio', FOLIO_CONTENT_DIR: folder.dir },
      ['--check'],
    );
    expect(err).toContain(`${image}:1: this is not an image Folio can serve`);
    expect(code).toBe(1);
  });

  test('the server removes its address when it closes', async () => {
    const other = mkdtempSync(path.join(tmpdir(), 'folio-data-'));
    const closing = createContentPublishing({
      db: server.db,
      source: 'embedded',
      mode: 'production',
      dataDir: other,
      logger: quiet,
    });
    closing.listening('http://127.0.0.1:9');
    expect(readPublisherAddress(other)?.pid).toBe(process.pid);
    await closing.close();
    expect(existsSync(path.join(other, PUBLISHER_FILE))).toBe(false);
    rmSync(other, { recursive: true, force: true });
  });
});
