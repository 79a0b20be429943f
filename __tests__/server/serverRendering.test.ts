import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import HelpfulVoteMutation from '@generated/HelpfulVoteMutation.graphql';
import { openSite, type RunningServer } from '../../harness/siteServer';
import { createLogger } from '../../server/ops/logger';
import { sourceRenderer } from '../support/sourceRenderer';
import { startTestServer, type TestServer } from '../support/testServer';

const PREVIEW_TOKEN = 'preview-secret';
const ARTICLE = '/articles/reading-the-tides';
const DRAFT = '/articles/the-four-day-week';

let site: TestServer;

beforeAll(async () => {
  site = await startTestServer({
    mode: 'production',
    serveClient: true,
    renderer: sourceRenderer(),
    previewToken: PREVIEW_TOKEN,
  });
});
afterAll(() => site.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${site.url}${path}`, { headers, redirect: 'manual' });

/** The JSON of every `<script type="…">` of that type in the document. */
function scripts(html: string, type: string): unknown[] {
  return [
    ...html.matchAll(
      new RegExp(`<script type="${type.replace('+', '\\+')}"[^>]*>([^<]*)</script>`, 'g'),
    ),
  ].map((match) => JSON.parse(match[1]!));
}

/** The JSON of the script element with this id. */
function jsonById(html: string, id: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(
    html,
  );
  return match ? JSON.parse(match[1]!) : undefined;
}

function meta(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  return new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1];
}

describe('a server-rendered article', () => {
  let html: string;
  let response: Response;
  beforeAll(async () => {
    response = await get(ARTICLE);
    html = await response.text();
  });

  it('arrives as a complete document: its text, title and description', () => {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toMatch(/<h1[^>]*>Reading the tides<\/h1>/);
    expect(html).toContain('<title>Reading the tides — Folio</title>');
    expect(meta(html, 'name', 'description')).toMatch(/Twice a day the sea rises/);
    // The body's text, not a skeleton.
    expect(html).not.toContain('page-skeleton');
  });

  it('names itself with absolute URLs: canonical, Open Graph, Twitter card', () => {
    expect(html).toContain(`<link rel="canonical" href="${site.url}${ARTICLE}"/>`);
    expect(meta(html, 'property', 'og:type')).toBe('article');
    expect(meta(html, 'property', 'og:title')).toBe('Reading the tides');
    expect(meta(html, 'property', 'og:image')).toMatch(new RegExp(`^${site.url}/images/`));
    expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(html).toContain(
      '<link rel="alternate" type="application/atom+xml" title="Folio" href="/feed.xml"/>',
    );
  });

  it('describes itself in JSON-LD: a BlogPosting and its breadcrumbs', () => {
    const [posting, breadcrumbs] = scripts(html, 'application/ld+json') as Record<
      string,
      unknown
    >[];
    expect(posting).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Reading the tides',
      author: [expect.objectContaining({ '@type': 'Person' })],
    });
    expect(Date.parse(posting!.datePublished as string)).not.toBeNaN();
    expect(Date.parse(posting!.dateModified as string)).not.toBeNaN();
    expect((posting!.image as string[])[0]).toMatch(new RegExp(`^${site.url}/images/`));
    expect(breadcrumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, item: `${site.url}/` },
        { position: 2 },
        { position: 3, item: `${site.url}${ARTICLE}` },
      ],
    });
  });

  it('preloads its largest image with its srcset', () => {
    expect(html).toMatch(
      /<link rel="preload" as="image" imageSrcSet="[^"]*320w[^"]*" imageSizes="[^"]+" fetchPriority="high"\/>/,
    );
  });

  it('carries the records it was rendered from, for the browser store', () => {
    const bootstrap = jsonById(html, 'folio-bootstrap') as
      | {
          hydrate: boolean;
          site: { origin: string };
          records: Record<string, { __typename?: string; slug?: string }>;
        }
      | undefined;
    expect(bootstrap!.hydrate).toBe(true);
    expect(bootstrap!.site.origin).toBe(site.url);
    expect(
      Object.values(bootstrap!.records).some(
        (record) => record.__typename === 'Article' && record.slug === 'reading-the-tides',
      ),
    ).toBe(true);
    expect(Object.values(bootstrap!.records).some((record) => record.__typename === 'Site')).toBe(
      true,
    );
  });

  it('names its own code and styles and the entry, for the loader to add after the page has loaded', () => {
    const scriptList = jsonById(html, 'folio-scripts');
    expect(scriptList).toEqual(['/assets/article.js', '/assets/runtime.js', '/assets/main.js']);
    expect(html).not.toMatch(/<script[^>]* src=/);
    expect(html).toContain('<link rel="stylesheet" href="/assets/article.css"/>');
  });

  it('may be kept by a CDN, revalidated by its ETag, and says what it varies by', async () => {
    expect(response.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=300, stale-if-error=600',
    );
    expect(response.headers.get('vary')).toMatch(/Cookie/);
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await get(ARTICLE, { 'If-None-Match': etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('carries the security headers', () => {
    expect(response.headers.get('content-security-policy')).toMatch(
      /script-src 'self' 'sha256-[^']+'/,
    );
    expect(response.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('honest status codes', () => {
  it.each([
    ['an unknown article', '/articles/no-such-article'],
    ['an invalid slug', '/articles/Not_A_Slug'],
    ['an unknown path', '/no/such/path'],
    ['a draft, to a reader', DRAFT],
    ['a bad percent-escape', '/articles/%ZZ'],
    ['a bad percent-escape at the top', '/%E0%A4%A'],
  ])('%s is a 404 with the not-found page', async (_name, path) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Page not found<\/h1>/);
    expect(meta(html, 'name', 'robots')).toBe('noindex');
    expect(html).not.toMatch(/at \S+ \(|node_modules|\/work\//);
  });

  it('a path that is not valid UTF-8 is the not-found page in its locale, with nothing written outside the log (issue 36)', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const response = await get('/de/%ff');
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain('<html lang="de">');
      expect(html).toMatch(/<h1[^>]*>Seite nicht gefunden<\/h1>/);
      expect(warn).not.toHaveBeenCalled();
      expect(error).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });

  it('a method no route takes is a 405 in Folio’s words, with Folio’s security headers (issue 36)', async () => {
    for (const path of ['/', ARTICLE, '/no/such/path']) {
      const response = await fetch(`${site.url}${path}`, { method: 'DELETE' });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(await response.text()).toBe('This method is not allowed here.\n');
    }
  });

  it.each([
    ['a request line Node cannot parse', 'GET /\x01 HTTP/1.1\r\nHost: x\r\n\r\n', 400],
    [
      'headers over Node’s limit',
      `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
    ],
  ])('%s gets its status with the security headers (issue 36)', async (_name, raw, status) => {
    const answer = await rawRequest(site.url, raw);
    expect(answer).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    expect(answer).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/i);
    expect(answer).toMatch(/\r\nContent-Security-Policy: [^\r]*frame-ancestors 'none'/i);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
  });

  it('every route of the table renders its page', async () => {
    for (const [path, heading] of [
      ['/', 'How things work, explained with care'],
      ['/articles', 'All articles'],
      ['/topics', 'Topics'],
      ['/topics/science', 'Science'],
      ['/authors/eliza-marsh', 'Eliza Marsh'],
      ['/search?q=tides', 'Search'],
      ['/about', 'About Folio'],
    ]) {
      const response = await get(path!);
      expect([path, response.status]).toEqual([path, 200]);
      expect(await response.text()).toContain(`>${heading}</h1>`);
    }
  });

  it('search results are in the HTML, so the search form works without JavaScript', async () => {
    const html = await (await get('/search?q=tides')).text();
    expect(html).toContain('action="/search"');
    expect(html).toContain('href="/articles/reading-the-tides"');
  });
});

describe('preview with the HttpOnly cookie', () => {
  async function enterPreview(): Promise<string> {
    const response = await get(`/preview?token=${PREVIEW_TOKEN}&to=${encodeURIComponent(DRAFT)}`);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(DRAFT);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^folio_preview=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    return cookie.split(';')[0]!;
  }

  it('shows the draft to the previewer alone, and no cache hands it to a reader', async () => {
    const cookie = await enterPreview();
    // A reader first, so a shared cache would hold the reader's page.
    expect((await get(DRAFT)).status).toBe(404);
    const preview = await get(DRAFT, { Cookie: cookie });
    expect(preview.status).toBe(200);
    expect(preview.headers.get('cache-control')).toBe('private, no-store');
    const html = await preview.text();
    expect(html).toContain('>What the four-day week trials actually found</h1>');
    expect(html).toContain('Exit preview');
    // And after it: nothing the preview rendered is served to a reader.
    const reader = await get(DRAFT);
    expect(reader.status).toBe(404);
    expect(await reader.text()).not.toContain('Exit preview');
  });

  it('a wrong token sets no cookie and shows nothing', async () => {
    const response = await get(`/preview?token=wrong&to=${encodeURIComponent(DRAFT)}`);
    expect(response.status).toBe(403);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('a stale preview cookie is dropped and the page is a reader’s, never shared', async () => {
    const response = await get(DRAFT, { Cookie: 'folio_preview=old-token' });
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('set-cookie')).toMatch(/^folio_preview=;/);
  });

  it('HTTP basic auth in front of a staging site is not a preview token', async () => {
    const response = await get(ARTICLE, { Authorization: 'Basic dXNlcjpwYXNz' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  // As written in the query string: %09 is a tab (browsers drop it), %5C a backslash (browsers read a slash).
  it.each([
    '/%09/evil.example/x',
    '/%0A/evil.example',
    '//evil.example/x',
    '/%5Cevil.example',
    '%2F%2Fevil.example',
    'https://evil.example/',
  ])('never redirects off the site (to=%s)', async (to) => {
    const response = await get(`/preview?token=${PREVIEW_TOKEN}&to=${to}`);
    const location = response.headers.get('location')!;
    expect(new URL(location, site.url).origin).toBe(site.url);
    expect(location).not.toMatch(/evil/);
  });

  it('exit clears the cookie and comes back as a reader', async () => {
    const response = await get(`/preview/exit?to=${encodeURIComponent(DRAFT)}`);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(DRAFT);
    expect(response.headers.get('set-cookie')).toMatch(
      /^folio_preview=;.*Expires=Thu, 01 Jan 1970/,
    );
  });
});

describe('a render leaves nothing behind', () => {
  const timers = () =>
    process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;

  it('holds no timer (and so no request’s store) once the page is sent', async () => {
    // A first render of each route warms what stays for good (module state, keep-alive sockets).
    for (const path of [ARTICLE, '/articles', '/topics/science'])
      await (await get(`${path}?warm=1`)).text();
    const before = timers();
    // Each a new URL: rendered, not answered from the kept pages.
    for (let n = 0; n < 6; n += 1) {
      for (const path of [ARTICLE, '/articles', '/topics/science']) {
        const response = await get(`${path}?render=${n}`);
        expect(response.status).toBe(200);
        await response.text();
      }
    }
    // react-relay holds each query a component reads for 5 minutes, waiting for a commit that never comes on a
    // server, unless the environment says it is one: two timers per render, each keeping that render's records.
    expect(timers() - before).toBeLessThan(3);
  });
});

describe('kept pages follow the content', () => {
  it('a helpful vote refreshes the kept article page', async () => {
    const counts = async () => {
      const html = await (await get(ARTICLE)).text();
      const bootstrap = jsonById(html, 'folio-bootstrap') as
        | {
            records: Record<
              string,
              { __typename?: string; slug?: string; id?: string; helpfulCount?: number }
            >;
          }
        | undefined;
      return Object.values(bootstrap!.records).find(
        (record) => record.__typename === 'Article' && record.slug === 'reading-the-tides',
      )!;
    };
    const before = await counts();
    const vote = await site.graphql({
      operationName: 'HelpfulVoteMutation',
      doc_id: HelpfulVoteMutation.params.id,
      variables: { articleId: before.id, helpful: true },
    });
    expect(vote.body.errors).toBeUndefined();
    expect((await counts()).helpfulCount).toBe(before.helpfulCount! + 1);
  });
});

describe('when the content service fails', () => {
  let upstream: Server;
  let upstreamUrl: string;
  let mode: 'down' | 'slow' | 'broken';
  let forwarding: RunningServer;
  const logLines: { level: string; msg: string; err?: { message?: string } }[] = [];

  beforeAll(async () => {
    upstream = createServer((request, response) => {
      if (mode === 'slow') return; // never answers
      if (mode === 'down') {
        response.writeHead(503, { 'Content-Type': 'text/plain' }).end('overloaded');
        return;
      }
      // An answer whose article lacks what the page needs: rendering fails.
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(
        JSON.stringify({
          data: {
            site: null,
            viewer: null,
            article: { __typename: 'Article', id: 'x', slug: 'reading-the-tides' },
          },
        }),
      );
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/graphql`;
    forwarding = await openSite({
      port: 0,
      dataDir: 'memory://',
      mode: 'production',
      serveClient: true,
      renderer: sourceRenderer(),
      upstream: { url: upstreamUrl, timeoutMs: 10_000 },
      renderTimeoutMs: 400,
      logger: createLogger(
        { logLevel: 'info', logFormat: 'json' },
        {
          write: (line: string) =>
            void logLines.push(JSON.parse(line) as (typeof logLines)[number]),
        },
      ),
    });
  });
  afterAll(async () => {
    upstream.closeAllConnections();
    upstream.close();
    await forwarding.close();
  });

  async function page(path: string) {
    const response = await fetch(`${forwarding.url}${path}`);
    const html = await response.text();
    const bootstrap = jsonById(html, 'folio-bootstrap') as { hydrate: boolean } | undefined;
    return { response, html, bootstrap: bootstrap! };
  }

  it('answers 503 with Retry-After and the reader’s error state when the service is down', async () => {
    mode = 'down';
    const { response, html, bootstrap } = await page(ARTICLE);
    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(html).toMatch(/<h1>The server had a problem<\/h1>/);
    // The browser starts afresh instead of hydrating an error.
    expect(bootstrap.hydrate).toBe(false);
  });

  it('answers 504 within its timeout when the service does not answer', async () => {
    mode = 'slow';
    const started = Date.now();
    const { response, html } = await page(ARTICLE);
    expect(response.status).toBe(504);
    expect(Date.now() - started).toBeLessThan(5_000);
    // The forwarder gives up with the renderer and answers 504 itself; either way the reader is told.
    expect(html).toMatch(/<h1>(Can’t reach the server|The server had a problem)<\/h1>/);
  });

  it('answers 500 with a rendered error page when rendering fails, with no stack', async () => {
    mode = 'broken';
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    const { response, html, bootstrap } = await page(ARTICLE);
    errors.mockRestore();
    // Why is said once, in the JSON log, never on stderr beside it (issue 36).
    expect(errors).not.toHaveBeenCalled();
    const told = logLines.filter((line) => line.msg === 'could not render the page');
    expect(told.map((line) => [line.level, typeof line.err?.message])).toEqual([
      ['error', 'string'],
    ]);
    expect(response.status).toBe(500);
    expect(html).toContain('<h1>Something went wrong</h1>');
    expect(jsonById(html, 'folio-scripts')).toEqual(['/assets/runtime.js', '/assets/main.js']);
    expect(bootstrap.hydrate).toBe(false);
    expect(html).not.toMatch(/TypeError|at \S+ \(|\/work\//);
  });
});

/** Sends `raw` bytes as they are and reads the answer until the server closes the connection. */
function rawRequest(url: string, raw: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(raw));
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}
