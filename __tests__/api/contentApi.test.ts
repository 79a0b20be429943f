import ArticlePageQuery from '@generated/ArticlePageQuery.graphql';
import { toGlobalId } from '../../api/model/globalId';
import { startTestServer, type TestServer } from '../support/testServer';

const PREVIEW_TOKEN = 'test-preview-token';
// The seed's unpublished articles (content/articles): a draft, a scheduled one, an archived one.
const UNPUBLISHED = ['the-four-day-week', 'how-elevators-decide', 'summer-reading-2025'];

let api: TestServer;
beforeAll(async () => {
  api = await startTestServer({ previewToken: PREVIEW_TOKEN });
});
afterAll(() => api.close());

const LIST = `query List($first: Int!) {
  articles(first: $first) { edges { node { id title heroImage { url resizedUrl(width: 640, format: WEBP) } authors { name avatar { url } } topics { name articleCount } } } }
}`;

describe('GraphiQL in development', () => {
  it('is served whole from the installed package: no script or style from another origin', async () => {
    const response = await fetch(`${api.url}/graphql`, { headers: { Accept: 'text/html' } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('GraphiQL');
    expect(html.length).toBeGreaterThan(100_000);
    expect(html).not.toMatch(/<script[^>]+src=["']https?:|<link[^>]+href=["']https?:/);
  });
});

describe('batching', () => {
  // 12 for the content, one for its versions in other languages (the switcher and hreflang),
  // and one for readers' votes, which stay in Folio's own table whatever the source (api/readerData/votes.ts).
  it('answers the article page (rich text with links, embeds and images) in 14 SQL statements, its rich-text links in one round', async () => {
    const before = api.db.statementCount;
    const { status, body } = await api.graphql<{ article: { slug: string } }>({
      doc_id: ArticlePageQuery.params.id,
      operationName: 'ArticlePageQuery',
      variables: { slug: 'reading-the-tides', locale: 'en' },
    });
    expect(status).toBe(200);
    expect(body.data!.article.slug).toBe('reading-the-tides');
    expect(api.db.statementCount - before).toBeLessThanOrEqual(14);
  });

  it('costs the same number of SQL statements for 3 and for 12 articles with authors, topics and images', async () => {
    const statementsFor = async (first: number) => {
      const before = api.db.statementCount;
      const { data, errors } = await api.query<{ articles: { edges: unknown[] } }>(LIST, { first });
      expect(errors).toBeUndefined();
      expect(data!.articles.edges).toHaveLength(first);
      return api.db.statementCount - before;
    };
    const three = await statementsFor(3);
    const twelve = await statementsFor(12);
    console.log(`SQL statements: 3 articles → ${three}, 12 articles → ${twelve}`);
    expect(twelve).toBe(three);
    expect(twelve).toBeLessThanOrEqual(7);
  });
});

describe('pagination', () => {
  it('walks every published article newest first with cursors, without repeats', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    let dates: string[] = [];
    for (let page = 0; page < 10; page += 1) {
      type Page = {
        articles: {
          totalCount: number;
          edges: { node: { slug: string; publishedAt: string } }[];
          pageInfo: { hasNextPage: boolean; endCursor: string };
        };
      };
      const { data }: { data?: Page | null } = await api.query<Page>(
        'query($after: String) { articles(first: 12, after: $after) { totalCount edges { node { slug publishedAt } } pageInfo { hasNextPage endCursor } } }',
        { after },
      );
      seen.push(...data!.articles.edges.map((edge) => edge.node.slug));
      dates = dates.concat(data!.articles.edges.map((edge) => edge.node.publishedAt));
      if (!data!.articles.pageInfo.hasNextPage) {
        expect(seen).toHaveLength(data!.articles.totalCount);
        break;
      }
      after = data!.articles.pageInfo.endCursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(30);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it.each([51, -1])('refuses first: %d with BAD_USER_INPUT', async (first) => {
    const { errors } = await api.query(
      'query($first: Int) { articles(first: $first) { edges { cursor } } }',
      { first },
    );
    expect(errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('refuses a cursor it did not give out', async () => {
    const { errors } = await api.query(
      '{ articles(first: 2, after: "bm9wZQ") { edges { cursor } } }',
    );
    expect(errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('readers never see unpublished content', () => {
  it.each(UNPUBLISHED)(
    '%s: not by slug, node id, lists, topic and author pages, search, related reading, rich-text links or page blocks',
    async (slug) => {
      const preview = await api.query<{ article: { id: string; title: string } | null }>(
        'query($slug: String!) { article(slug: $slug) { id title } }',
        { slug },
        { 'X-Preview-Token': PREVIEW_TOKEN },
      );
      const article = preview.data!.article!;
      expect(article).not.toBeNull();

      const ask = (query: string) =>
        api.query<Record<string, unknown>>(query, { slug, id: article.id, q: article.title });
      const answers = await Promise.all([
        ask(`query($slug: String!, $id: ID!, $q: String!) {
        article(slug: $slug) { id }
        node(id: $id) { id }
        articles(first: 50) { edges { node { id } } }
        search(query: $q, first: 50) { edges { node { id } } }
      }`),
        ask(
          '{ topics(first: 20) { edges { node { articles(first: 50) { edges { node { id } } } } } } }',
        ),
        ask(
          '{ authors(first: 20) { edges { node { articles(first: 50) { edges { node { id } } } } } } }',
        ),
        ask('{ articles(first: 50) { edges { node { related(first: 20) { id } } } } }'),
        ask(
          '{ articles(first: 50) { edges { node { body { links { entries { block { ... on Node { id } } inline { ... on Node { id } } hyperlink { ... on Node { id } } } } } } } } }',
        ),
        ask(`{
        home: page(slug: "home") { blocks { ... on FeaturedArticlesBlock { articles { id } } ... on ArticleListBlock { articles { id } } } }
        start: page(slug: "start-here") { blocks { ... on FeaturedArticlesBlock { articles { id } } ... on ArticleListBlock { articles { id } } } }
      }`),
      ]);
      const errors = answers.flatMap((answer) => answer.errors ?? []);
      const reader = { errors: errors.length > 0 ? errors : undefined, data: answers[0]!.data! };
      expect(reader.errors).toBeUndefined();
      expect(reader.data!.article).toBeNull();
      expect(reader.data!.node).toBeNull();
      // Every answer, not a merge of them: several share field names.
      expect(JSON.stringify(answers.map((answer) => answer.data))).not.toContain(article.id);
      expect(JSON.stringify(answers.map((answer) => answer.data)).length).toBeGreaterThan(2000);
    },
  );

  it('a wrong preview token is refused with FORBIDDEN', async () => {
    const { errors, data } = await api.query(
      '{ article(slug: "the-four-day-week") { title } }',
      {},
      { 'X-Preview-Token': 'guess' },
    );
    expect(errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(JSON.stringify(data ?? null)).not.toContain('four');
  });

  it('preview shows drafts in lists, and the viewer knows it is previewing', async () => {
    const { data } = await api.query<{
      viewer: { isPreview: boolean };
      articles: { edges: { node: { slug: string } }[] };
    }>(
      '{ viewer { isPreview } articles(first: 50) { edges { node { slug } } } }',
      {},
      { Authorization: `Bearer ${PREVIEW_TOKEN}` },
    );
    expect(data!.viewer.isPreview).toBe(true);
    expect(data!.articles.edges.map((edge) => edge.node.slug)).toEqual(
      expect.arrayContaining(UNPUBLISHED),
    );
  });
});

describe('limits on query text (development)', () => {
  it('refuses a query nested too deep', async () => {
    const nested = 'related(first: 1) { '.repeat(12) + 'id' + ' }'.repeat(12);
    const { errors } = await api.query(`{ article(slug: "reading-the-tides") { ${nested} } }`);
    expect(errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COMPLEX');
  });

  it('refuses a query that would cost too much, and accepts a reasonable one', async () => {
    const costly = await api.query(
      '{ articles(first: 50) { edges { node { related(first: 50) { related(first: 50) { title } } } } } }',
    );
    expect(costly.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COMPLEX');
    const fine = await api.query(
      '{ articles(first: 12) { edges { node { title related(first: 3) { title } } } } }',
    );
    expect(fine.errors).toBeUndefined();
  });
});

describe('search', () => {
  it('ranks matches and returns highlighted snippets as spans', async () => {
    const { data } = await api.query<{
      search: {
        totalCount: number;
        edges: { snippet: { text: string; highlighted: boolean }[]; node: { slug: string } }[];
      };
    }>(
      '{ search(query: "tides moon") { totalCount edges { snippet { text highlighted } node { slug } } } }',
    );
    expect(data!.search.edges[0]!.node.slug).toBe('reading-the-tides');
    const highlighted = data!.search.edges[0]!.snippet.filter((span) => span.highlighted).map(
      (span) => span.text.toLowerCase(),
    );
    expect(highlighted.some((text) => text.startsWith('tide') || text.startsWith('moon'))).toBe(
      true,
    );
  });

  it('a snippet keeps the spacing around links and the names of entries placed in a sentence', async () => {
    const { data } = await api.query<{
      search: { edges: { snippet: { text: string }[]; node: { slug: string } }[] };
    }>('{ search(query: "explainers") { edges { snippet { text } node { slug } } } }');
    const hit = data!.search.edges.find((edge) => edge.node.slug === 'radiocarbon-dating')!;
    const text = hit.snippet.map((span) => span.text).join('');
    // content/articles/radiocarbon-dating.md: "see [Reading the tides](article:…), and … browse :embed{entry="topic:science"}."
    expect(text).toContain(
      'see Reading the tides, and for more explainers like this, browse Science',
    );
  });

  it('counts every match on every page, past the last one too', async () => {
    type Search = {
      search: {
        totalCount: number;
        edges: { node: { slug: string } }[];
        pageInfo: { hasNextPage: boolean; endCursor: string | null };
      };
    };
    const SOME = 'tides or bread or light or water or time';
    const SEARCH =
      'query($q: String!, $first: Int!, $after: String) { search(query: $q, first: $first, after: $after) { totalCount edges { node { slug } } pageInfo { hasNextPage endCursor } } }';
    const slugs: string[] = [];
    const totals: number[] = [];
    let after: string | null = null;
    for (let page = 0; page < 20; page += 1) {
      const { data }: { data?: Search | null } = await api.query<Search>(SEARCH, {
        q: SOME,
        first: 3,
        after,
      });
      totals.push(data!.search.totalCount);
      slugs.push(...data!.search.edges.map((edge) => edge.node.slug));
      if (!data!.search.pageInfo.hasNextPage) break;
      after = data!.search.pageInfo.endCursor;
    }
    expect(slugs.length).toBeGreaterThan(3);
    expect(new Set(totals)).toEqual(new Set([slugs.length]));
    // An offset cursor past the last match: no rows, and still the full count.
    const past = await api.query<Search>(SEARCH, {
      q: SOME,
      first: 3,
      after: Buffer.from(JSON.stringify({ o: slugs.length + 5 })).toString('base64url'),
    });
    expect(past.data!.search.edges).toEqual([]);
    expect(past.data!.search.totalCount).toBe(slugs.length);
    const none = await api.query<Search>(SEARCH, { q: 'zzzqqqxx', first: 3, after: null });
    expect(none.data!.search.totalCount).toBe(0);
  });

  it.each([
    '"the moon"',
    'tides -moon or bread',
    "foo & | ! :* ( ) <-> \\ ' ;",
    `${'x'.repeat(40)} "unclosed ${'y'.repeat(49)}`,
    "'; DROP TABLE articles; --",
  ])('never fails on %j', async (query) => {
    const response = await api.graphql({
      query:
        'query($q: String!) { search(query: $q, first: 10) { totalCount edges { node { id } } } }',
      variables: { q: query },
    });
    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
  });
});

describe('rich text links and related articles', () => {
  it('resolves what an article body embeds, by global id', async () => {
    const { data } = await api.query<{
      article: {
        body: {
          json: { content: { nodeType: string; data: { target?: { sys: { id: string } } } }[] };
          links: { entries: { block: { id: string }[] }; assets: { block: { id: string }[] } };
        };
      };
    }>(
      '{ article(slug: "reading-the-tides") { body { json links { entries { block { ... on Node { id } } } assets { block { id } } } } } }',
    );
    const body = data!.article.body;
    const embedded = body.json.content
      .filter((node) => node.nodeType === 'embedded-entry-block')
      .map((node) => node.data.target!.sys.id);
    expect(embedded.length).toBeGreaterThan(0);
    expect(body.links.entries.block.map((entry) => entry.id).sort()).toEqual(
      [...new Set(embedded)].sort(),
    );
    expect(body.links.assets.block.length).toBeGreaterThan(0);
  });

  it('relates articles that share topics, never the article itself', async () => {
    const { data } = await api.query<{
      article: {
        id: string;
        topics: { slug: string }[];
        related: { id: string; topics: { slug: string }[] }[];
      };
    }>(
      '{ article(slug: "reading-the-tides") { id topics { slug } related(first: 3) { id topics { slug } } } }',
    );
    const mine = new Set(data!.article.topics.map((topic) => topic.slug));
    expect(data!.article.related).toHaveLength(3);
    for (const related of data!.article.related) {
      expect(related.id).not.toBe(data!.article.id);
      expect(related.topics.some((topic) => mine.has(topic.slug))).toBe(true);
    }
  });
});

describe('mutations', () => {
  it('rateArticle counts a vote; an unknown or unpublished article is refused', async () => {
    const { data } = await api.query<{ article: { id: string; helpfulCount: number } }>(
      '{ article(slug: "reading-the-tides") { id helpfulCount } }',
    );
    const vote = await api.query<{ rateArticle: { article: { helpfulCount: number } } }>(
      'mutation($id: ID!) { rateArticle(articleId: $id, helpful: true) { article { helpfulCount } } }',
      {
        id: data!.article.id,
      },
    );
    expect(vote.data!.rateArticle.article.helpfulCount).toBe(data!.article.helpfulCount + 1);
    const draft = await api.query(
      'mutation($id: ID!) { rateArticle(articleId: $id, helpful: true) { article { id } } }',
      { id: toGlobalId('Article', 999999) },
    );
    expect(draft.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const junk = await api.query(
      'mutation { rateArticle(articleId: "nope", helpful: false) { article { id } } }',
    );
    expect(junk.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('subscribeToNewsletter: BAD_USER_INPUT, then ALREADY_SUBSCRIBED, then RATE_LIMITED after 5 attempts an hour', async () => {
    const subscribe = (email: string) =>
      api.query<{ subscribeToNewsletter: { email: string } }>(
        'mutation($email: String!) { subscribeToNewsletter(email: $email) { email subscribedAt } }',
        { email },
      );
    expect((await subscribe('not-an-address')).errors?.[0]?.extensions?.code).toBe(
      'BAD_USER_INPUT',
    );
    expect((await subscribe('two@@example.com')).errors?.[0]?.extensions?.code).toBe(
      'BAD_USER_INPUT',
    );
    expect((await subscribe('  Reader@Example.COM ')).data?.subscribeToNewsletter.email).toBe(
      'Reader@example.com',
    );
    expect((await subscribe('Reader@example.com')).errors?.[0]?.extensions?.code).toBe(
      'ALREADY_SUBSCRIBED',
    );
    expect((await subscribe('another@example.com')).data?.subscribeToNewsletter.email).toBe(
      'another@example.com',
    );
    // Five attempts so far from this address: the sixth is refused, even a valid one.
    expect((await subscribe('third@example.com')).errors?.[0]?.extensions?.code).toBe(
      'RATE_LIMITED',
    );
  });
});

describe('images', () => {
  const get = (path: string) => fetch(`${api.url}${path}`);

  it('resizes to an allowed width and format, cached for a year', async () => {
    const response = await get('/images/hero-reading-the-tides.jpg?w=640&fm=webp');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toContain('immutable');
    const sharp = (await import('sharp')).default;
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(meta.width).toBe(640);
    expect(meta.format).toBe('webp');
  });

  it('never upscales past the original', async () => {
    const response = await get('/images/avatar-eliza-marsh.jpg?w=1920');
    const sharp = (await import('sharp')).default;
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(512);
  });

  it.each([
    ['/images/hero-reading-the-tides.jpg?w=500', 400],
    ['/images/hero-reading-the-tides.jpg?fm=gif', 400],
    ['/images/no-such-image.jpg', 404],
    ['/images/..%2F..%2Fpackage.json', 404],
    ['/images/%2e%2e/content/site.json', 404],
  ])('%s answers %d', async (path, status) => {
    expect((await get(path)).status).toBe(status);
  });

  it('refuses a width outside docs/content-model.md#limits-and-constants in resizedUrl', async () => {
    const { errors } = await api.query(
      '{ article(slug: "reading-the-tides") { heroImage { resizedUrl(width: 500) } } }',
    );
    expect(errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
