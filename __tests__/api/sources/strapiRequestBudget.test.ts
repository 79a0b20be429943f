import { createStrapiSource } from '../../../api/sources/strapi/strapiSource';
import { sourceRenderer } from '../../support/sourceRenderer';
import { describeOnStrapi } from '../../support/strapiUnderTest';
import { startTestServer, type TestServer } from '../../support/testServer';

/**
 * What a page costs the real Strapi (docs/sources.md, "Few requests"):
 * everything one Folio request asks in the same tick is one GraphQL request
 * to Strapi, so an article page, server-rendered and uncached, costs Strapi
 * at most two: the article with everything inside it, then its related
 * reading. What the pages say is the source contract's
 * (contract.strapi.test.ts).
 */
describeOnStrapi('what a page costs Strapi', (_, settings) => {
  let site: TestServer;
  const requests: string[] = [];
  const countingFetch: typeof fetch = (input, init) => {
    requests.push(String(init?.body ?? ''));
    return fetch(input, init);
  };

  beforeAll(async () => {
    site = await startTestServer({
      searchRefreshMs: 0,
      serveClient: true,
      renderer: sourceRenderer(),
      contentSource: (db) =>
        createStrapiSource(settings, db, () => undefined, { fetch: countingFetch }),
    });
  }, 60_000);
  afterAll(async () => {
    await site?.close();
  });

  it('an uncached article page costs Strapi at most two requests', async () => {
    requests.length = 0;
    const response = await fetch(`${site.url}/articles/how-a-pin-tumbler-lock-works`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('How a pin tumbler lock works');
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.length).toBeLessThanOrEqual(2);
  });
});
