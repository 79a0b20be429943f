import type { RunningFixture } from '../../../cms/contentful/fixture/fixtureServer';
import { startContentfulUnderTest } from '../../support/contentfulUnderTest';
import { sourceRenderer } from '../../support/sourceRenderer';
import { startTestServer, type TestServer } from '../../support/testServer';
import { LOCALE_CODES } from '../../../shared/locales';

/**
 * What a page costs Contentful (docs/sources.md, "Few requests"), over the
 * Contentful fixture, which measures each request as Contentful would: a
 * few requests per server-rendered page, each within Contentful's query
 * complexity (11,000 entries and assets) and size (8 KB) limits. What the
 * pages say is the source contract's (contract.contentful.test.ts).
 */
let fixture: RunningFixture;
let site: TestServer;

beforeAll(async () => {
  const underTest = await startContentfulUnderTest();
  fixture = underTest.fixture;
  site = await startTestServer({
    mode: 'production',
    serveClient: true,
    renderer: sourceRenderer(),
    readerCacheTtlMs: 0,
    searchRefreshMs: 0,
    contentSource: underTest.source(),
  });
});
afterAll(async () => {
  await site?.close();
  await fixture?.close();
});

it('a few requests to Contentful a page, each within its complexity and size limits', async () => {
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
    expect((await fetch(`${site.url}${path}`)).status).toBe(200);
    const requests = [...fixture.requests];
    expect({
      path,
      statuses: requests.map((request) => request.status).filter((status) => status !== 200),
    }).toEqual({ path, statuses: [] });
    // The sitemap lists every locale's documents: at most three requests per locale.
    const budget = path === '/sitemap.xml' ? 3 * LOCALE_CODES.length : 4;
    expect({ path, requests: requests.length }).toEqual({
      path,
      requests: Math.min(requests.length, budget),
    });
    for (const request of requests) {
      expect(request.cost).toBeLessThanOrEqual(11_000);
      expect(request.queryBytes).toBeLessThanOrEqual(8 * 1024);
    }
  }
});
