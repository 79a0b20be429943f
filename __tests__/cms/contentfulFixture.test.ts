import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import path from 'node:path';
import { parse } from 'graphql';
import {
  ARTICLE_FRAGMENTS,
  ASSET,
  AUTHOR,
  BYLINE_LIMIT,
  CARD_FRAGMENTS,
  COST,
  LINKED_ENTRY,
  PAGE_FRAGMENTS,
  TOPIC,
} from '../../api/sources/contentful/contentfulQueries';
import { readContentModel } from '../../cms/contentful/contentModel';
import { contentfulId } from '../../cms/contentful/demoSpace';
import { queryCost } from '../../cms/contentful/fixture/complexity';
import type { RunningFixture } from '../../cms/contentful/fixture/fixtureServer';
import { buildFixtureSchema } from '../../cms/contentful/fixture/schema';
import {
  startContentfulUnderTest,
  type ContentfulUnderTest,
  type Logged,
} from '../support/contentfulUnderTest';
import { sourceRenderer } from '../support/sourceRenderer';
import { startTestServer, type TestServer } from '../support/testServer';

/**
 * Folio over the Contentful fixture (cms/contentful/fixture): the fixture
 * answers Contentful's GraphQL Content API over the seed as a Contentful
 * space holds it, and Folio's own API reads it through the Contentful source.
 * What readers and previewers get must be what the embedded source gives
 * (the source contract in __tests__/api/sources/contract/ checks every method).
 */
const PREVIEW_TOKEN = 'folio-preview';
const preview = { 'X-Preview-Token': PREVIEW_TOKEN };
const ROOT = path.resolve(__dirname, '../..');

let contentful: ContentfulUnderTest;
let fixture: RunningFixture;
let logged: Logged[];
let site: TestServer;

beforeAll(async () => {
  contentful = await startContentfulUnderTest();
  ({ fixture, logged } = contentful);
  site = await startTestServer({
    mode: 'development',
    serveClient: true,
    renderer: sourceRenderer(),
    previewToken: PREVIEW_TOKEN,
    contentSource: contentful.source(),
  });
});
afterAll(async () => {
  await site?.close();
  await fixture?.close();
});
beforeEach(() => {
  logged.length = 0;
});

interface Named {
  __typename: string;
  slug?: string;
  name?: string;
  title?: string;
}
interface ArticleAnswer {
  article: {
    id: string;
    title: string;
    publishedAt: string | null;
    authors: { name: string; avatar: { url: string } | null }[];
    topics: { slug: string }[];
    heroImage: { url: string; width: number } | null;
    body: {
      json: unknown;
      links: {
        entries: { block: Named[]; inline: Named[]; hyperlink: Named[] };
        assets: { block: { id: string; url: string }[]; hyperlink: { id: string }[] };
      };
    };
    related: { slug: string }[];
  } | null;
}

const ARTICLE = `query Article($slug: String!) {
  article(slug: $slug) {
    id title publishedAt
    authors { name avatar { url } }
    topics { slug }
    heroImage { url width }
    body {
      json
      links {
        entries {
          block { __typename ... on Article { slug title } ... on CodeBlock { language } ... on PullQuote { quote } }
          inline { __typename ... on Article { slug } ... on Author { name } ... on Topic { name } ... on Page { title } }
          hyperlink { __typename ... on Article { slug } ... on Author { name } ... on Topic { name } ... on Page { title } }
        }
        assets { block { id url } hyperlink { id } }
      }
    }
    related(first: 3) { slug }
  }
}`;

/** The distinct targets of a rich-text document, by node type. */
function targetsOf(document: unknown): Map<string, Set<string>> {
  const targets = new Map<string, Set<string>>();
  const walk = (node: unknown) => {
    const { nodeType, data, content } = (node ?? {}) as {
      nodeType?: string;
      data?: { target?: { sys?: { id?: string } } };
      content?: unknown[];
    };
    const id = data?.target?.sys?.id;
    if (nodeType && id) targets.set(nodeType, (targets.get(nodeType) ?? new Set()).add(id));
    content?.forEach(walk);
  };
  walk(document);
  return targets;
}

describe('the fixture itself', () => {
  it('prints exactly one line of variables on stdout when ready, logs on stderr, and stops on SIGTERM', async () => {
    // As the browser tests start it (harness/contentSources.ts): its own process group, stopped as one.
    const child = spawn('npx', ['tsx', 'cms/contentful/fixture/start.ts'], {
      cwd: ROOT,
      env: { ...process.env, FOLIO_CONTENTFUL_FIXTURE_PORT: '0' },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const started = Date.now();
    while (!stdout.includes('\n') && Date.now() - started < 30_000 && child.exitCode === null)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const lines = stdout.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    const variables = Object.fromEntries(
      lines[0]!.split(' ').map((pair) => pair.split('=', 2) as [string, string]),
    );
    expect(Object.keys(variables)).toEqual([
      'FOLIO_CONTENT_SOURCE',
      'FOLIO_CONTENTFUL_SPACE_ID',
      'FOLIO_CONTENTFUL_DELIVERY_TOKEN',
      'FOLIO_CONTENTFUL_PREVIEW_TOKEN',
      'FOLIO_CONTENTFUL_GRAPHQL_URL',
      // Where Folio serves, for the recipe's `env $(cat contentful.env) npm start` (cms/contentful/README.md).
      'PORT',
    ]);
    expect(variables.FOLIO_CONTENT_SOURCE).toBe('contentful');
    for (const value of Object.values(variables)) expect(value).toMatch(/^[^\s=]+$/);
    expect(variables.FOLIO_CONTENTFUL_GRAPHQL_URL).toMatch(
      new RegExp(
        `^http://127\\.0\\.0\\.1:\\d+/content/v1/spaces/${variables.FOLIO_CONTENTFUL_SPACE_ID}/environments/master$`,
      ),
    );
    expect(stderr).toMatch(/fixture/);
    // The URL it printed answers, with the token it printed.
    const answer = await fetch(variables.FOLIO_CONTENTFUL_GRAPHQL_URL!, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${variables.FOLIO_CONTENTFUL_DELIVERY_TOKEN}`,
      },
      body: JSON.stringify({ query: '{ siteCollection(limit: 1) { items { title } } }' }),
    });
    expect(await answer.json()).toEqual({
      data: { siteCollection: { items: [{ title: 'Folio' }] } },
    });
    process.kill(-child.pid!, 'SIGTERM');
    await once(child, 'exit');
    // npx may exit before the fixture under it has closed its port and said so: wait for both, a while.
    const answers = () =>
      fetch(variables.FOLIO_CONTENTFUL_GRAPHQL_URL!, { method: 'POST' }).then(
        () => true,
        () => false,
      );
    for (let waited = 0; (await answers()) && waited < 10_000; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await answers()).toBe(false);
    expect(stderr).toMatch(/SIGTERM: stopping/);
    expect(stdout.split('\n').filter(Boolean)).toHaveLength(1);
  }, 60_000);

  const ask = (
    query: string,
    token = fixture.deliveryToken,
    variables: Record<string, unknown> = {},
  ) =>
    fetch(fixture.graphqlUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    }).then(async (response) => ({
      status: response.status,
      body: (await response.json()) as {
        data?: Record<string, { total?: number; items?: Record<string, unknown>[] } | null> | null;
        errors?: {
          message: string;
          extensions: { contentful: { code: string; requestId: string } };
        }[];
      },
    }));

  it("refuses a wrong token with Contentful's error shape, and preview: true with the delivery token", async () => {
    const wrong = await ask('{ articleCollection { total } }', 'not-a-token');
    expect(wrong.status).toBe(401);
    expect(wrong.body.errors![0]!.extensions.contentful).toEqual({
      code: 'ACCESS_TOKEN_INVALID',
      requestId: expect.any(String),
    });
    const previewWithDelivery = await ask('{ articleCollection(preview: true) { total } }');
    expect(previewWithDelivery.status).toBe(401);
    expect(previewWithDelivery.body.errors![0]!.extensions.contentful.code).toBe(
      'ACCESS_TOKEN_INVALID',
    );
  });

  it('shows drafts only with preview: true and the preview token; a scheduled article is published in Contentful’s terms', async () => {
    const query = `query($preview: Boolean) { articleCollection(where: { slug_in: ["the-four-day-week", "summer-reading-2025", "how-elevators-decide"] }, order: [slug_ASC], preview: $preview) { total items { slug publicationDate sys { publishedAt } } } }`;
    const delivered = await ask(query);
    expect(delivered.body.data!.articleCollection!.items!.map((item) => item.slug)).toEqual([
      'how-elevators-decide',
    ]);
    const previewed = await ask(query, fixture.previewToken, { preview: true });
    expect(previewed.body.data!.articleCollection!.items!.map((item) => item.slug)).toEqual([
      'how-elevators-decide',
      'summer-reading-2025',
      'the-four-day-week',
    ]);
    expect(previewed.body.data!.articleCollection!.items![2]!.sys).toEqual({ publishedAt: null });
  });

  it('pages collections with skip, limit and total; limit defaults to 100 and may not pass 1000', async () => {
    const first = await ask(
      '{ articleCollection(limit: 5, order: [publicationDate_DESC]) { total skip limit items { slug } } }',
    );
    expect(first.body.data!.articleCollection).toMatchObject({ total: 34, skip: 0, limit: 5 });
    expect(first.body.data!.articleCollection!.items).toHaveLength(5);
    const all = await ask('{ articleCollection { limit items { sys { id } } } }');
    expect(all.body.data!.articleCollection).toMatchObject({ limit: 100 });
    const tooMany = await ask('{ topicCollection(limit: 1001) { total } }');
    expect(tooMany.body.data!.topicCollection).toBeNull();
    expect(tooMany.body.errors![0]!.message).toMatch(/limit/);
  });

  it('refuses a query costlier than 11,000 entries and assets, as Contentful does', async () => {
    const answer = await ask(
      '{ articleCollection(limit: 20) { items { body { links { entries { block { sys { id } } } } } } } }',
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors![0]!.extensions.contentful.code).toBe('TOO_COMPLEX_QUERY');
    expect(answer.body.errors![0]!.message).toContain(
      'maximum allowed complexity for a query is 11000 but it was 20020',
    );
  });

  it('reads locales as Contentful does: on collections and fields, links in their parent’s, the fallback chain unless turned off, filters on the locale’s own values', async () => {
    const german = await ask(
      `{ articleCollection(where: { slug: "die-gezeiten-lesen" }, locale: "de-DE") { items { slug title english: title(locale: "en-US") publicationDate sys { locale } topicsCollection { items { slug } } authorsCollection { items { slug name } } } } }`,
    );
    expect(german.body.errors).toBeUndefined();
    expect(german.body.data!.articleCollection!.items).toEqual([
      {
        slug: 'die-gezeiten-lesen',
        title: 'Die Gezeiten lesen',
        english: 'Reading the tides',
        // Not localized: the one value, in every locale.
        publicationDate: '2025-06-10T07:30:00.000Z',
        sys: { locale: 'de-DE' },
        topicsCollection: { items: [{ slug: 'natur' }, { slug: 'wissenschaft' }] },
        authorsCollection: { items: [{ slug: 'eliza-marsh', name: 'Eliza Marsh' }] },
      },
    ]);
    // `where` matches the locale's own values: the English slug is not German's, and only translations have a German slug.
    const count = async (where: string) =>
      (await ask(`{ articleCollection(where: ${where}, locale: "de-DE") { total } }`)).body.data!
        .articleCollection!.total;
    expect(await count('{ slug: "reading-the-tides" }')).toBe(0);
    expect(await count('{ slug_exists: true }')).toBe(9);
    // An untranslated entry falls back to en-US field by field, unless the fallback is turned off.
    const desire = contentfulId('article', 'desire-paths');
    const untranslated = await ask(
      `{ fallback: article(id: "${desire}", locale: "de-DE") { title slug own: slug(useFallbackLocale: false) }
         none: articleCollection(where: { sys: { id: "${desire}" } }, locale: "de-DE", useFallbackLocale: false) { items { title } } }`,
    );
    expect(untranslated.body.data).toEqual({
      fallback: { title: 'Desire paths', slug: 'desire-paths', own: null },
      none: { items: [{ title: null }] },
    });
    const unknown = await ask('{ articleCollection(locale: "fr-FR") { total } }');
    expect(unknown.body.errors![0]!.extensions.contentful.code).toBe('UNKNOWN_LOCALE');
  });

  it('answers a link it cannot resolve with null and UNRESOLVABLE_LINK, the rest of the answer intact', async () => {
    // The draft's hero image is itself a draft: the Delivery API cannot follow the link to it.
    const answer = await ask(
      `{ articleCollection(where: { slug: "the-four-day-week" }, preview: true) { items { slug heroImage(preview: false) { url } } } }`,
      fixture.previewToken,
    );
    expect(answer.body.data!.articleCollection!.items).toEqual([
      { slug: 'the-four-day-week', heroImage: null },
    ]);
    expect(answer.body.errors![0]!.extensions.contentful.code).toBe('UNRESOLVABLE_LINK');
  });

  it('answers GET as POST, and automatic persisted queries by their hash', async () => {
    const query = '{ topicCollection(limit: 1, order: [name_ASC]) { items { name } } }';
    const expected = { data: { topicCollection: { items: [{ name: 'Cities' }] } } };
    const get = await fetch(`${fixture.graphqlUrl}?${new URLSearchParams({ query })}`, {
      headers: { Authorization: `Bearer ${fixture.deliveryToken}` },
    });
    expect(await get.json()).toEqual(expected);
    const sha256Hash = createHash('sha256').update(query).digest('hex');
    const persisted = (body: Record<string, unknown>) =>
      fetch(fixture.graphqlUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${fixture.deliveryToken}`,
        },
        body: JSON.stringify(body),
      }).then((response) => response.json());
    const extensions = { persistedQuery: { sha256Hash, version: 1 } };
    expect(await persisted({ extensions })).toMatchObject({
      errors: [{ message: 'PersistedQueryNotFound' }],
    });
    expect(await persisted({ query, extensions })).toEqual(expected);
    expect(await persisted({ extensions })).toEqual(expected);
  });

  it('serves the image files at the URLs its assets give', async () => {
    const answer = await ask(
      '{ assetCollection(limit: 1, order: [fileName_ASC]) { items { url contentType width } } }',
    );
    const asset = answer.body.data!.assetCollection!.items![0]!;
    expect(asset.url).toMatch(new RegExp(`^${fixture.origin}/images/`));
    const file = await fetch(asset.url as string);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe(asset.contentType);
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });
});

describe('Folio over the fixture', () => {
  it('reads an article by slug with its authors, topics, hero image, body links and related reading', async () => {
    const { data, errors } = await site.query<ArticleAnswer>(ARTICLE, {
      slug: 'what-happens-when-you-visit-a-website',
    });
    expect(errors).toBeUndefined();
    const article = data!.article!;
    expect(article.title).toBe('What happens when you visit a website');
    expect(article.publishedAt).toBe('2025-08-14T09:00:00.000Z');
    expect(article.authors).toEqual([
      { name: 'Noor Haddad', avatar: { url: expect.stringMatching(/^\/images\/.+\?v=/) } },
    ]);
    expect(article.topics.map((topic) => topic.slug)).toEqual(['technology']);
    expect(article.heroImage).toEqual({
      url: expect.stringMatching(/^\/images\//),
      width: expect.any(Number),
    });
    // Every embed and link of the seed's body is there (none of them is a draft), typed, with what its component shows.
    const { entries, assets } = article.body.links;
    const targets = targetsOf(article.body.json);
    expect(targets.get('embedded-entry-block')?.size).toBeGreaterThan(0);
    expect(entries.block).toHaveLength(targets.get('embedded-entry-block')?.size ?? 0);
    expect(entries.inline).toHaveLength(targets.get('embedded-entry-inline')?.size ?? 0);
    expect(entries.hyperlink).toHaveLength(targets.get('entry-hyperlink')?.size ?? 0);
    expect(assets.block).toHaveLength(targets.get('embedded-asset-block')?.size ?? 0);
    expect(assets.hyperlink).toHaveLength(targets.get('asset-hyperlink')?.size ?? 0);
    expect(entries.block.map((entry) => entry.__typename)).toContain('CodeBlock');
    for (const entry of [...entries.inline, ...entries.hyperlink])
      expect(entry.slug ?? entry.name ?? entry.title).toEqual(expect.any(String));
    expect(article.related.length).toBeGreaterThan(0);
    // The image file comes from the fixture, through Folio's /images.
    const image = await fetch(`${site.url}${article.heroImage!.url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
  });

  it('shows a draft only with Folio’s preview token', async () => {
    const reader = await site.query<ArticleAnswer>(ARTICLE, { slug: 'the-four-day-week' });
    expect(reader.data!.article).toBeNull();
    const previewer = await site.query<ArticleAnswer>(
      ARTICLE,
      { slug: 'the-four-day-week' },
      preview,
    );
    expect(previewer.data!.article!.title).toBe('What the four-day week trials actually found');
    expect(previewer.data!.article!.publishedAt).toBeNull();
    expect((await fetch(`${site.url}/articles/the-four-day-week`)).status).toBe(404);
    const page = await fetch(`${site.url}/articles/the-four-day-week`, { headers: preview });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('What the four-day week trials actually found');
  });

  it('keeps the scheduled article from readers everywhere, and shows it in preview', async () => {
    const slug = 'how-elevators-decide';
    expect((await site.query<ArticleAnswer>(ARTICLE, { slug })).data!.article).toBeNull();
    expect(
      (await site.query<ArticleAnswer>(ARTICLE, { slug }, preview)).data!.article!.publishedAt,
    ).toBe('2027-10-14T08:00:00.000Z');
    expect((await fetch(`${site.url}/articles/${slug}`)).status).toBe(404);
    const lists = await site.query<{
      articles: { edges: { node: { slug: string } }[] };
      topic: { articles: { edges: { node: { slug: string } }[] } };
    }>(
      `{ articles(first: 50) { edges { node { slug } } } topic(slug: "cities") { articles(first: 50) { edges { node { slug } } } } }`,
    );
    expect(lists.data!.articles.edges.map((edge) => edge.node.slug)).not.toContain(slug);
    expect(lists.data!.topic.articles.edges.map((edge) => edge.node.slug)).not.toContain(slug);
    for (const crawled of ['/feed.xml', '/sitemap.xml', '/sitemap-articles-1.xml']) {
      const response = await fetch(`${site.url}${crawled}`);
      if (response.status === 404) continue;
      expect(await response.text()).not.toContain(slug);
    }
  });

  it('says when the next scheduled article is due, so no cache keeps a page past it', async () => {
    const next = await site.source.nextScheduled();
    const { data } = await site.query<{ article: { id: string } | null }>(
      `{ article(slug: "how-elevators-decide") { id } }`,
      {},
      preview,
    );
    expect(next).toEqual({
      at: '2027-10-14T08:00:00.000Z',
      articleIds: [Buffer.from(data!.article!.id, 'base64url').toString().split(':')[1]],
    });
  });

  it('pages the article list newest first with its total, to the last article and no further', async () => {
    type Page = {
      articles: {
        totalCount: number;
        pageInfo: { hasNextPage: boolean; endCursor: string | null };
        edges: { node: { slug: string; publishedAt: string } }[];
      };
    };
    const seen: { slug: string; publishedAt: string }[] = [];
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const answer: { data?: Page | null } = await site.query<Page>(
        `query($after: String) { articles(first: 12, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { slug publishedAt } } } }`,
        { after },
      );
      const { articles } = answer.data!;
      expect(articles.totalCount).toBe(33);
      seen.push(...articles.edges.map((edge) => edge.node));
      pages += 1;
      if (!articles.pageInfo.hasNextPage) break;
      after = articles.pageInfo.endCursor;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(33);
    expect(new Set(seen.map((article) => article.slug)).size).toBe(33);
    const dates = seen.map((article) => article.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('finds and highlights with Folio’s search, over what readers may see', async () => {
    type Search = {
      search: {
        totalCount: number;
        edges: { node: { slug: string }; snippet: { text: string; highlighted: boolean }[] }[];
      };
    };
    const { data } = await site.query<Search>(
      `{ search(query: "tides") { totalCount edges { node { slug } snippet { text highlighted } } } }`,
    );
    expect(data!.search.totalCount).toBeGreaterThan(0);
    expect(data!.search.edges[0]!.node.slug).toBe('reading-the-tides');
    expect(
      data!.search.edges[0]!.snippet.some((span) => span.highlighted && /tide/i.test(span.text)),
    ).toBe(true);
    const drafts = await site.query<Search>(
      `{ search(query: "four-day week") { edges { node { slug } } } }`,
    );
    expect(drafts.data!.search.edges.map((edge) => edge.node.slug)).not.toContain(
      'the-four-day-week',
    );
  });

  it('renders a composed page block by block, featured articles and rich text with its embeds', async () => {
    type PageAnswer = {
      page: {
        title: string;
        blocks: ({
          __typename: string;
          articles?: { slug: string }[];
          body?: {
            links: { entries: { block: unknown[]; hyperlink: unknown[]; inline: unknown[] } };
          };
        } | null)[];
      };
    };
    const { data, errors } = await site.query<PageAnswer>(
      `{ page(slug: "start-here") { title blocks { __typename ... on FeaturedArticlesBlock { articles { slug } } ... on RichTextBlock { body { links { entries { block { __typename } inline { __typename } hyperlink { __typename } } } } } } } }`,
    );
    expect(errors).toBeUndefined();
    expect(data!.page.blocks.map((block) => block!.__typename)).toEqual([
      'HeroBlock',
      'RichTextBlock',
      'FeaturedArticlesBlock',
      'ArticleListBlock',
      'ArticleListBlock',
      'ArticleListBlock',
      'CalloutBlock',
    ]);
    expect(data!.page.blocks[2]!.articles!.map((article) => article.slug)).toEqual([
      'reading-the-tides',
      'how-traffic-lights-decide',
      'why-the-sky-is-blue',
      'what-happens-when-you-visit-a-website',
      'the-maillard-reaction',
      'the-dovetail-joint',
      'the-door-that-explains-itself',
      'the-checklist',
    ]);
    const { entries } = data!.page.blocks[1]!.body!.links;
    expect(entries.block.length + entries.inline.length + entries.hyperlink.length).toBeGreaterThan(
      0,
    );
  });

  it('asks Contentful within its limits: at most 11,000 entries and assets and 8 KB of query per request', async () => {
    fixture.requests.length = 0;
    for (const path of [
      '/',
      '/start-here',
      '/articles/what-happens-when-you-visit-a-website',
      '/topics',
      '/search?q=light',
      '/feed.xml',
    ])
      expect((await fetch(`${site.url}${path}`)).status).toBe(200);
    expect(fixture.requests.length).toBeGreaterThan(0);
    expect(fixture.requests.filter((request) => request.status !== 200)).toEqual([]);
    expect(Math.max(...fixture.requests.map((request) => request.cost))).toBeLessThanOrEqual(
      11_000,
    );
    expect(Math.max(...fixture.requests.map((request) => request.queryBytes))).toBeLessThanOrEqual(
      8 * 1024,
    );
    expect(logged).toEqual([]);
  });

  it('reads the same page by slug and by id in one request without asking Contentful twice', async () => {
    // A source of its own: nothing typed yet.
    const reader = contentful
      .source()(null as never)
      .reader({ preview: false });
    fixture.requests.length = 0;
    const slug = 'start-here';
    const pages = await Promise.all([
      reader.page({ slug }),
      reader.page({ slug }),
      reader.page({ id: contentfulId('page', slug) }),
    ]);
    expect(pages[0]?.slug).toBe(slug);
    expect(pages[1]).toEqual(pages[0]);
    expect(pages[2]).toEqual(pages[0]);
    // The page by slug and by id together, then the entries its rich text links to: each asked once.
    expect(fixture.requests.map((request) => request.rootFields)).toEqual([
      ['pageCollection', 'pageCollection'],
      ['entryCollection'],
    ]);
  });

  it('asks for many whole articles at once in as many requests as the limits need, each within them', async () => {
    const { data } = await site.query<{ articles: { edges: { node: { slug: string } }[] } }>(
      `{ articles(first: 12) { edges { node { slug } } } }`,
    );
    const slugs = data!.articles.edges.map((edge) => edge.node.slug);
    expect(slugs).toHaveLength(12);
    fixture.requests.length = 0;
    // Twelve whole articles cost 12 × 1,033: more than one request may.
    const answer = await site.query<Record<string, { slug: string } | null>>(
      `{ ${slugs.map((slug, index) => `a${index}: article(slug: "${slug}") { slug }`).join(' ')} }`,
    );
    expect(answer.errors).toBeUndefined();
    expect(Object.values(answer.data!).map((article) => article?.slug)).toEqual(slugs);
    expect(fixture.requests.map((request) => request.status)).toEqual([200, 200]);
    for (const request of fixture.requests) expect(request.cost).toBeLessThanOrEqual(11_000);
    expect(logged).toEqual([]);
  });
});

describe('what each piece Folio asks costs (contentfulQueries.ts)', () => {
  const schema = buildFixtureSchema(readContentModel());
  const costOf = (field: string, fragments: readonly string[]) =>
    queryCost(schema, parse(`query Piece { ${field} }\n${fragments.join('\n')}`), 'Piece', {});
  it.each([
    [
      'card',
      COST.card,
      'articleCollection(limit: 1) { items { ...FolioArticleCard } }',
      CARD_FRAGMENTS,
    ],
    [
      'article',
      COST.article,
      'articleCollection(limit: 1) { items { ...FolioArticle } }',
      ARTICLE_FRAGMENTS,
    ],
    ['page', COST.page, 'pageCollection(limit: 1) { items { ...FolioPage } }', PAGE_FRAGMENTS],
    [
      'author',
      COST.author,
      'authorCollection(limit: 1) { items { ...FolioAuthor } }',
      [ASSET, AUTHOR],
    ],
    ['topic', COST.plain, 'topicCollection(limit: 1) { items { ...FolioTopic } }', [TOPIC]],
    ['asset', COST.plain, 'assetCollection(limit: 1) { items { ...FolioAsset } }', [ASSET]],
    [
      'linked entry',
      COST.plain,
      'entryCollection(limit: 1) { items { ...FolioLinkedEntry } }',
      [TOPIC, LINKED_ENTRY],
    ],
    [
      'sitemap article',
      COST.sitemapArticle,
      `articleCollection(limit: 1) { items { sys { publishedAt } authorsCollection(limit: ${BYLINE_LIMIT}) { items { slug } } topicsCollection(limit: ${BYLINE_LIMIT}) { items { slug } } } }`,
      [],
    ],
  ] as const)('one %s costs what the fixture counts', (_, cost, field, fragments) => {
    expect(costOf(field, fragments)).toBe(cost);
  });
});
