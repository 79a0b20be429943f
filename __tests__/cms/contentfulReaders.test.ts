import type { RunningFixture } from '../../cms/contentful/fixture/fixtureServer';
import { startContentfulUnderTest, type Logged } from '../support/contentfulUnderTest';
import { sourceRenderer } from '../support/sourceRenderer';
import { startTestServer, type TestServer } from '../support/testServer';

/**
 * The reader cannot tell which source is behind (issue 20): every page the
 * embedded source serves (all the sitemap lists, the feed, the sitemap,
 * search, 404s) reads the same over the Contentful fixture, word for word,
 * with the same status, and its images are the same bytes. Ids and image
 * URLs differ (Contentful's ids are not the embedded source's); nothing a
 * reader sees does.
 */
const PREVIEW_TOKEN = 'folio-preview';

let fixture: RunningFixture;
let contentful: TestServer;
let embedded: TestServer;
let logged: Logged[];

beforeAll(async () => {
  const underTest = await startContentfulUnderTest();
  ({ fixture, logged } = underTest);
  const options = {
    mode: 'production',
    serveClient: true,
    renderer: sourceRenderer(),
    readerCacheTtlMs: 0,
    searchRefreshMs: 0,
    previewToken: PREVIEW_TOKEN,
  } as const;
  [contentful, embedded] = await Promise.all([
    startTestServer({ ...options, contentSource: underTest.source() }),
    startTestServer(options),
  ]);
});
afterAll(async () => {
  await Promise.all([contentful?.close(), embedded?.close()]);
  await fixture?.close();
});

/** What a reader reads of a document: its text, line by line, without scripts, styles or markup, this server's own address made neutral. */
function readable(body: string, origin: string): string[] {
  return body
    .replaceAll(origin, 'ORIGIN')
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, '\n')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The image URLs of a document, in order (each `src` and the first candidate of each `srcset`). */
const imagesOf = (html: string) =>
  [...html.matchAll(/<img [^>]*?src="([^"]+)"/g)].map((match) =>
    match[1]!.replaceAll('&amp;', '&'),
  );

async function both(path: string, headers: Record<string, string> = {}) {
  const [a, b] = await Promise.all([
    fetch(`${embedded.url}${path}`, { headers }),
    fetch(`${contentful.url}${path}`, { headers }),
  ]);
  return {
    embedded: { status: a.status, body: await a.text() },
    contentful: { status: b.status, body: await b.text() },
  };
}

/** Every URL the embedded source's sitemap lists (following a sitemap index if it is one). */
async function readerPaths(): Promise<string[]> {
  const locations = async (path: string) =>
    [
      ...(await (await fetch(`${embedded.url}${path}`)).text()).matchAll(/<loc>([^<]+)<\/loc>/g),
    ].map((match) => new URL(match[1]!).pathname);
  const paths: string[] = [];
  for (const path of await locations('/sitemap.xml'))
    paths.push(...(path.endsWith('.xml') ? await locations(path) : [path]));
  return paths;
}

it('every page a reader can reach reads the same, with the same status', async () => {
  const paths = await readerPaths();
  expect(paths.length).toBeGreaterThan(45);
  const crawled = [
    ...paths,
    '/feed.xml',
    '/sitemap.xml',
    '/robots.txt',
    '/search?q=tides',
    '/search?q=light%20and%20colour',
    '/search?q=%22bread%22%20-yeast',
    '/articles/the-four-day-week',
    '/articles/how-elevators-decide',
    '/articles/summer-reading-2025',
    '/no-such-page',
    '/authors/nobody',
  ];
  const different: string[] = [];
  for (const path of crawled) {
    const answers = await both(path);
    const a = readable(answers.embedded.body, embedded.url);
    const b = readable(answers.contentful.body, contentful.url);
    if (answers.embedded.status !== answers.contentful.status)
      different.push(`${path}: HTTP ${answers.embedded.status} / ${answers.contentful.status}`);
    else if (JSON.stringify(a) !== JSON.stringify(b)) {
      const line = a.findIndex((text, index) => text !== b[index]);
      different.push(`${path}, line ${line}: "${a[line]}" / "${b[line]}"`);
    }
  }
  expect(different).toEqual([]);
  expect(logged).toEqual([]);
}, 120_000);

it('the images a page shows are the same files, resized the same way', async () => {
  for (const path of ['/', '/articles/reading-the-tides', '/about']) {
    const answers = await both(path);
    const [a, b] = [imagesOf(answers.embedded.body), imagesOf(answers.contentful.body)];
    expect(a.length).toBeGreaterThan(0);
    expect(b).toHaveLength(a.length);
    for (const [index, url] of a.slice(0, 4).entries()) {
      const [left, right] = await Promise.all([
        fetch(`${embedded.url}${url}`),
        fetch(`${contentful.url}${b[index]}`),
      ]);
      expect([left.status, right.status]).toEqual([200, 200]);
      expect(right.headers.get('content-type')).toBe(left.headers.get('content-type'));
      expect(
        Buffer.from(await right.arrayBuffer()).equals(Buffer.from(await left.arrayBuffer())),
      ).toBe(true);
    }
  }
});

it('a previewer reads the draft and the scheduled article as over the embedded source', async () => {
  for (const path of ['/articles/the-four-day-week', '/articles/how-elevators-decide']) {
    const answers = await both(path, { 'X-Preview-Token': PREVIEW_TOKEN });
    expect(answers.contentful.status).toBe(200);
    expect(readable(answers.contentful.body, contentful.url)).toEqual(
      readable(answers.embedded.body, embedded.url),
    );
  }
});

it('costs Contentful a few requests per page, each within its complexity and size limits', async () => {
  const paths = [
    '/',
    '/articles',
    '/articles/what-happens-when-you-visit-a-website',
    '/topics',
    '/topics/science',
    '/authors/eliza-marsh',
    '/about',
    '/start-here',
    '/search?q=tides',
    '/feed.xml',
    '/sitemap.xml',
  ];
  for (const path of paths) {
    fixture.requests.length = 0;
    expect((await fetch(`${contentful.url}${path}`)).status).toBe(200);
    const requests = [...fixture.requests];
    expect({
      path,
      statuses: requests.map((request) => request.status).filter((status) => status !== 200),
    }).toEqual({ path, statuses: [] });
    expect(requests.length).toBeLessThanOrEqual(4);
    for (const request of requests) {
      expect(request.cost).toBeLessThanOrEqual(11_000);
      expect(request.queryBytes).toBeLessThanOrEqual(8 * 1024);
    }
  }
});
