import { checkSourceAccess } from '../../../api/sources/createContentSource';
import { createStrapiSource } from '../../../api/sources/strapi/strapiSource';
import { sourceRenderer } from '../../support/sourceRenderer';
import { describeOnStrapi } from '../../support/strapiUnderTest';
import { startTestServer } from '../../support/testServer';

/**
 * When Folio cannot read the real Strapi (docs/sources.md, "Starting" and
 * "Failures are reader states"): a token Strapi refuses stops the start,
 * naming the variable; a Strapi that does not answer is a reader state, the
 * 503 page, and the log names Strapi.
 */
describeOnStrapi('when Strapi refuses Folio or does not answer', (_, settings) => {
  it('a token Strapi refuses stops the start, naming FOLIO_STRAPI_TOKEN', async () => {
    await expect(checkSourceAccess({ ...settings, token: 'not-a-token' })).rejects.toThrow(
      /^FOLIO_STRAPI_TOKEN was refused by Strapi .* \(HTTP 401\)/,
    );
    await expect(checkSourceAccess(settings)).resolves.toBeUndefined();
  });

  it('Strapi not answering: the 503 page with Retry-After, and the log names Strapi', async () => {
    const logged: string[] = [];
    const down = await startTestServer({
      serveClient: true,
      renderer: sourceRenderer(),
      mode: 'production',
      readerCacheTtlMs: 0,
      searchRefreshMs: 0,
      // Port 9 (discard): nothing listens there.
      contentSource: (db) =>
        createStrapiSource({ ...settings, url: 'http://127.0.0.1:9' }, db, (fields, message) =>
          logged.push(`${String(fields.source)}: ${message}`),
        ),
    });
    try {
      const response = await fetch(`${down.url}/articles/reading-the-tides`);
      expect(response.status).toBe(503);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await response.text()).not.toMatch(/\bat [\w.<>]+ \(|node_modules|ECONNREFUSED/);
      expect(logged).toContain('Strapi: Strapi could not be reached');
    } finally {
      await down.close();
    }
  });
});
