import { checkSourceAccess } from '../../api/sources/createContentSource';
import { createStrapiSource } from '../../api/sources/strapi/strapiSource';
import { fromGlobalId } from '../../api/model/globalId';
import { sourceRenderer } from '../support/sourceRenderer';
import { describeOnStrapi } from '../support/strapiUnderTest';
import { startTestServer, type TestServer } from '../support/testServer';

/**
 * Issue 20: Folio over the repo's real Strapi 5 (cms/strapi, its content
 * imported from content/ by `npm run cms:strapi`), beside the embedded
 * source over the same content/: a reader must not be able to tell them
 * apart. Ids are the only difference, and they are Strapi's documentIds.
 */
const PREVIEW_TOKEN = 'strapi-test-preview';
const preview = { 'X-Preview-Token': PREVIEW_TOKEN };

/** Every global id in an answer, replaced by its type: what is left is what a reader sees. */
function withoutIds(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (key, field: unknown) => {
      if (key === 'id' && typeof field === 'string') return fromGlobalId(field)?.type ?? field;
      if (key === 'cursor' || key === 'endCursor' || key === 'url' || key === 'resizedUrl')
        return undefined;
      return field;
    }),
  );
}

describeOnStrapi('the Strapi source', (_, settings) => {
  let strapi: TestServer;
  let embedded: TestServer;
  const strapiRequests: string[] = [];
  const countingFetch: typeof fetch = (input, init) => {
    strapiRequests.push(String(init?.body ?? ''));
    return fetch(input, init);
  };

  beforeAll(async () => {
    [strapi, embedded] = await Promise.all([
      startTestServer({
        previewToken: PREVIEW_TOKEN,
        searchRefreshMs: 0,
        serveClient: true,
        renderer: sourceRenderer(),
        contentSource: (db) =>
          createStrapiSource(settings, db, () => undefined, { fetch: countingFetch }),
      }),
      startTestServer({ previewToken: PREVIEW_TOKEN }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([strapi?.close(), embedded?.close()]);
  });

  const both = async <T>(
    query: string,
    vars: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) => {
    const [fromStrapi, fromEmbedded] = await Promise.all([
      strapi.query<T>(query, vars, headers),
      embedded.query<T>(query, vars, headers),
    ]);
    expect(fromStrapi.errors).toBeUndefined();
    expect(fromEmbedded.errors).toBeUndefined();
    return { strapi: fromStrapi.data!, embedded: fromEmbedded.data! };
  };

  it('ids are global ids of Strapi documentIds, and node(id:) finds them again', async () => {
    const { data } = await strapi.query<{ article: { id: string; authors: { id: string }[] } }>(
      '{ article(slug: "reading-the-tides") { id authors { id } } }',
    );
    const article = fromGlobalId(data!.article.id);
    expect(article).toEqual({ type: 'Article', id: expect.stringMatching(/^[a-z0-9]{24}$/) });
    const again = await strapi.query<{ node: { slug: string } }>(
      'query($id: ID!) { node(id: $id) { ... on Article { slug } } }',
      { id: data!.article.id },
    );
    expect(again.data!.node.slug).toBe('reading-the-tides');
    expect(fromGlobalId(data!.article.authors[0]!.id)?.type).toBe('Author');
  });

  it('an article reads the same as from the embedded source: byline, topics, SEO, related reading, and every embed its body links', async () => {
    const query = `query($slug: String!) { article(slug: $slug) {
      id slug title summary status publishedAt readingTimeMinutes
      heroImage { id width height alt contentType }
      authors { id slug name } topics { id slug name }
      seo { title description }
      related(first: 3) { slug }
      body { links {
        entries { block { __typename ... on CodeBlock { language code } ... on PullQuote { quote attribution } ... on Article { slug } } }
        assets { block { id alt width height } }
      } }
    } }`;
    for (const slug of ['reading-the-tides', 'how-a-pin-tumbler-lock-works', 'the-checklist']) {
      const found = await both<{ article: unknown }>(query, { slug });
      expect(withoutIds(found.strapi)).toEqual(withoutIds(found.embedded));
    }
  });

  it('links to Folio’s own entries inside text are links to the same pages (Strapi’s blocks have no entry links)', async () => {
    const query = `query($slug: String!) { article(slug: $slug) { body { json links { entries {
      inline { ... on Article { slug } ... on Topic { slug } ... on Author { slug } }
      hyperlink { ... on Article { slug } ... on Topic { slug } ... on Author { slug } }
    } } } } }`;
    type Linked = { slug?: string; __typename?: string };
    const uris = (node: {
      nodeType: string;
      data?: { uri?: string };
      content?: unknown[];
    }): string[] => [
      ...(node.nodeType === 'hyperlink' && node.data?.uri ? [node.data.uri] : []),
      ...(node.content ?? []).flatMap((child) => uris(child as never)),
    ];
    const found = await both<{
      article: {
        body: { json: never; links: { entries: { inline: Linked[]; hyperlink: Linked[] } } };
      };
    }>(query, { slug: 'reading-the-tides' });
    const linked = [
      ...found.embedded.article.body.links.entries.inline,
      ...found.embedded.article.body.links.entries.hyperlink,
    ];
    expect(linked).toHaveLength(2);
    const strapiUris = uris(found.strapi.article.body.json);
    for (const { slug } of linked)
      expect(strapiUris).toContainEqual(
        expect.stringMatching(new RegExp(`^/(articles|topics|authors)/${slug}$`)),
      );
  });

  it('the body carries the same text in the same nodes, whatever Strapi stores it as', async () => {
    // An inline entry shows its name (a topic chip); Strapi writes the same as a link with that name.
    const query =
      'query($slug: String!) { article(slug: $slug) { body { json links { entries { inline { ... on Node { id } ... on Topic { name } ... on Author { name } ... on Article { title } } } } } } }';
    type Json = {
      nodeType: string;
      value?: string;
      data?: { target?: { sys: { id: string } } };
      content?: Json[];
    };
    type Body = {
      json: Json;
      links: { entries: { inline: { id: string; name?: string; title?: string }[] } };
    };
    const nodeTypes = (node: Json): string[] => [
      ['embedded-entry-inline', 'entry-hyperlink'].includes(node.nodeType)
        ? 'hyperlink'
        : node.nodeType,
      ...(node.content ?? []).flatMap(nodeTypes),
    ];
    const shown = (body: Body) => {
      const names = new Map(
        body.links.entries.inline.map((entry) => [entry.id, entry.name ?? entry.title ?? '']),
      );
      const text = (node: Json): string =>
        node.nodeType === 'embedded-entry-inline'
          ? (names.get(node.data!.target!.sys.id) ?? '')
          : (node.value ?? '') + (node.content ?? []).map(text).join('');
      return text(body.json);
    };
    for (const slug of [
      'reading-the-tides',
      'how-a-pin-tumbler-lock-works',
      'why-meetings-run-long',
    ]) {
      const found = await both<{ article: { body: Body } }>(query, { slug });
      expect(shown(found.strapi.article.body)).toBe(shown(found.embedded.article.body));
      expect(new Set(nodeTypes(found.strapi.article.body.json))).toEqual(
        new Set(nodeTypes(found.embedded.article.body.json)),
      );
    }
  });

  it('lists read the same: every article newest first, topics with their counts, authors, and their pages', async () => {
    const query = `{
      articles(first: 50) { totalCount edges { node { slug publishedAt } } pageInfo { hasNextPage } }
      topics(first: 50) { totalCount edges { node { slug name articleCount articles(first: 5) { totalCount edges { node { slug } } } } } }
      authors(first: 50) { totalCount edges { node { slug name articles(first: 5) { totalCount edges { node { slug } } } } } }
    }`;
    const found = await both(query);
    expect(withoutIds(found.strapi)).toEqual(withoutIds(found.embedded));
  });

  it('pages read the same, block by block', async () => {
    const query = `query($slug: String!) { page(slug: $slug) { slug title seo { title description } blocks {
      __typename
      ... on HeroBlock { heading subheading callToAction { label url } image { alt } }
      ... on ArticleListBlock { heading articles { slug } }
      ... on FeaturedArticlesBlock { heading articles { slug } }
      ... on CalloutBlock { heading body tone link { label url } }
      ... on ImageBlock { caption picture: image { alt width } }
      ... on NewsletterSignupBlock { heading description buttonLabel }
    } } }`;
    for (const slug of ['home', 'about', 'start-here']) {
      const found = await both(query, { slug });
      expect(withoutIds(found.strapi)).toEqual(withoutIds(found.embedded));
    }
  });

  it('a draft and a scheduled article are not found by readers, and are by a previewer', async () => {
    const query =
      'query($slug: String!) { article(slug: $slug) { slug status } viewer { isPreview } }';
    for (const slug of ['the-four-day-week', 'how-elevators-decide']) {
      const reader = await strapi.query<{ article: unknown }>(query, { slug });
      expect(reader.data!.article).toBeNull();
      const previewer = await strapi.query<{
        article: { slug: string };
        viewer: { isPreview: boolean };
      }>(query, { slug }, preview);
      expect(previewer.data).toEqual({
        article: expect.objectContaining({ slug }),
        viewer: { isPreview: true },
      });
    }
  });

  it('search is ranked and highlighted from Folio’s index of Strapi’s articles', async () => {
    const query =
      '{ search(query: "tides moon", first: 3) { totalCount edges { node { slug } snippet { text highlighted } } } }';
    type Hit = { node: { slug: string }; snippet: { text: string; highlighted: boolean }[] };
    const { data } = await strapi.query<{ search: { totalCount: number; edges: Hit[] } }>(query);
    const best = data!.search.edges[0]!;
    expect(best.node.slug).toBe('reading-the-tides');
    expect(
      best.snippet.filter((span) => span.highlighted).map((span) => span.text.toLowerCase()),
    ).toEqual(expect.arrayContaining([expect.stringMatching(/^(tides?|moon)$/)]));
  });

  it('an uncached article page costs Strapi at most two requests', async () => {
    strapiRequests.length = 0;
    const response = await fetch(`${strapi.url}/articles/how-a-pin-tumbler-lock-works`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('How a pin tumbler lock works');
    expect(strapiRequests.length).toBeGreaterThan(0);
    expect(strapiRequests.length).toBeLessThanOrEqual(2);
  });

  it('the next scheduled publication is the scheduled article’s time, naming its documentId', async () => {
    const next = await strapi.source.nextScheduled();
    const { data } = await strapi.query<{ article: { id: string; publishedAt: string } }>(
      '{ article(slug: "how-elevators-decide") { id publishedAt } }',
      {},
      preview,
    );
    expect(next).toEqual({
      at: data!.article.publishedAt,
      articleIds: [fromGlobalId(data!.article.id)!.id],
    });
    expect(Date.parse(next!.at)).toBeGreaterThan(Date.now());
  });

  it('a token Strapi refuses stops the start, naming FOLIO_STRAPI_TOKEN', async () => {
    await expect(checkSourceAccess({ ...settings, token: 'not-a-token' })).rejects.toThrow(
      /^FOLIO_STRAPI_TOKEN was refused by Strapi .* \(HTTP 401\)/,
    );
    await expect(checkSourceAccess(settings)).resolves.toBeUndefined();
  });

  it('a Strapi that does not answer is the 503 page with Retry-After, and the log names Strapi', async () => {
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
