import { sourceRenderer } from '../support/sourceRenderer';
import { startTestServer, type TestServer } from '../support/testServer';

/**
 * Issue 26 (3): behind a trusted proxy, `X-Forwarded-Proto` names the
 * protocol of canonical and Open Graph URLs, and only `http` or `https` is
 * taken; the reader cache never answers one origin with a page rendered for
 * another.
 */
let site: TestServer;

beforeAll(async () => {
  site = await startTestServer({
    mode: 'production',
    serveClient: true,
    renderer: sourceRenderer(),
    trustProxy: 1,
    readerCacheTtlMs: 60_000,
  });
});
afterAll(() => site.close());

const canonicalOf = async (path: string, headers: Record<string, string> = {}) => {
  const html = await (await fetch(`${site.url}${path}`, { headers })).text();
  return /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null;
};

describe('the protocol of a page’s URLs', () => {
  const host = () => new URL(site.url).host;

  it.each(['javascript', 'data', 'ftp', 'https:evil', ''])(
    'is not taken from X-Forwarded-Proto "%s", and the next reader gets a clean page',
    async (proto) => {
      const path = `/articles/reading-the-tides?proto=${encodeURIComponent(proto)}`;
      expect(await canonicalOf(path, { 'X-Forwarded-Proto': proto })).toBe(
        `http://${host()}/articles/reading-the-tides`,
      );
      expect(await canonicalOf(path)).toBe(`http://${host()}/articles/reading-the-tides`);
    },
  );

  it('is a trusted proxy’s https, and a plain reader of the same URL is not given that page', async () => {
    const path = '/topics/science';
    expect(await canonicalOf(path, { 'X-Forwarded-Proto': 'https' })).toBe(
      `https://${host()}/topics/science`,
    );
    expect(await canonicalOf(path)).toBe(`http://${host()}/topics/science`);
    expect(await canonicalOf(path, { 'X-Forwarded-Proto': 'HTTPS, http' })).toBe(
      `https://${host()}/topics/science`,
    );
  });
});
