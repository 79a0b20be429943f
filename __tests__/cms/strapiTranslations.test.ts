import { createStrapiSource } from '../../api/sources/strapi/strapiSource';
import { sourceRenderer } from '../support/sourceRenderer';
import { describeOnStrapi, strapiWriter } from '../support/strapiUnderTest';
import { startTestServer, type TestServer } from '../support/testServer';

/**
 * A document a writer made in Strapi in German alone: a translation whose
 * original (the default locale's version) is missing. Folio serves it
 * nowhere, as content/ refuses such a file and the crawlers skip it, logged
 * (docs/sources.md#the-source-contract): not in German lists, not at its own
 * address, while the German versions of English documents are served.
 */
describeOnStrapi('a document Strapi holds in German alone', (_variables, settings) => {
  const mark = Date.now().toString(36);
  const article = { title: `Nur auf Deutsch ${mark}`, slug: `nur-auf-deutsch-${mark}` };
  const topic = { name: `Nur deutsches Thema ${mark}`, slug: `nur-deutsches-thema-${mark}` };
  const made: string[] = [];
  let site: TestServer;

  const strapi = strapiWriter(settings);
  const page = async (path: string) => {
    const response = await fetch(`${site.url}${path}`);
    return { status: response.status, html: await response.text() };
  };

  beforeAll(async () => {
    const made1 = await strapi('POST', '/api/articles?locale=de&status=published', {
      data: {
        ...article,
        summary: 'Ein Artikel ohne englisches Original.',
        // The newest of all: first in every German list that would show it.
        publicationDate: new Date(Date.now() - 60_000).toISOString(),
      },
    });
    made.push(`/api/articles/${(made1!.data as { documentId: string }).documentId}?locale=de`);
    const made2 = await strapi('POST', '/api/topics?locale=de', {
      data: { ...topic, description: 'Ein Thema ohne englisches Original.' },
    });
    made.push(`/api/topics/${(made2!.data as { documentId: string }).documentId}?locale=de`);
    site = await startTestServer({
      mode: 'production',
      serveClient: true,
      renderer: sourceRenderer(),
      contentSource: (db) => createStrapiSource(settings, db, () => undefined),
    });
  }, 60_000);
  afterAll(async () => {
    for (const url of made) await strapi('DELETE', url);
    await site?.close();
  });

  it('is in no German list, and not at its own address', async () => {
    const articles = await page('/de/articles');
    expect(articles.status).toBe(200);
    expect(articles.html).toContain('Alle Artikel');
    expect(articles.html.includes(article.title)).toBe(false);
    expect((await page(`/de/articles/${article.slug}`)).status).toBe(404);

    const topics = await page('/de/topics');
    expect(topics.status).toBe(200);
    expect(topics.html.includes(topic.name)).toBe(false);
    expect((await page(`/de/topics/${topic.slug}`)).status).toBe(404);
  });

  it('while German versions of English documents are served', async () => {
    expect((await page('/de/articles/die-gezeiten-lesen')).status).toBe(200);
    expect((await page('/de/topics/natur')).status).toBe(200);
  });
});
