/**
 * The API in several locales (docs/decisions.md#locales), over the embedded source: a
 * translation is a row of its own, read by its own slug in its own locale,
 * never mixed into another; its id names its locale; nested objects are read
 * in their parent's locale; search stems the locale's language. Over the
 * seed's German versions (content/*.de.md).
 */
import { fromGlobalId } from '../../api/model/globalId';
import { HOME_PAGE_SLUG } from '../../shared/sitePaths';
import { startTestServer, type TestServer } from '../support/testServer';

let server: TestServer;

// The seed's German versions (content/*.de.md), published with the rest of content/.
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const ARTICLE = `query ($slug: String!, $locale: String) {
  article(slug: $slug, locale: $locale) {
    id locale slug title
    translations { locale slug }
    authors { name bio }
    topics { name slug locale }
  }
}`;

interface ArticleAnswer {
  article: {
    id: string;
    locale: string;
    slug: string;
    title: string;
    translations: { locale: string; slug: string }[];
    authors: { name: string; bio: string }[];
    topics: { name: string; slug: string; locale: string }[];
  } | null;
}

describe('an article in two locales', () => {
  it('is read by its own slug in its own locale, with its authors and topics in that locale', async () => {
    const { data, errors } = await server.query<ArticleAnswer>(ARTICLE, {
      slug: 'die-gezeiten-lesen',
      locale: 'de',
    });
    expect(errors).toBeUndefined();
    expect(data!.article).toMatchObject({
      locale: 'de',
      slug: 'die-gezeiten-lesen',
      title: 'Die Gezeiten lesen',
      translations: [
        { locale: 'en', slug: 'reading-the-tides' },
        { locale: 'de', slug: 'die-gezeiten-lesen' },
      ],
      authors: [{ name: 'Eliza Marsh', bio: expect.stringContaining('Feldbiologin') }],
      topics: [
        { name: 'Natur', slug: 'natur', locale: 'de' },
        { name: 'Wissenschaft', slug: 'wissenschaft', locale: 'de' },
      ],
    });
    // Its id names its locale: one store may hold both versions without either overwriting the other.
    expect(fromGlobalId(data!.article!.id)?.locale).toBe('de');
    const english = await server.query<ArticleAnswer>(ARTICLE, { slug: 'reading-the-tides' });
    expect(english.data!.article!.id).not.toBe(data!.article!.id);
    expect(english.data!.article!.translations).toEqual(data!.article!.translations);
    expect(english.data!.article!.topics[0]!.locale).toBe('en');
    expect(english.data!.article!.authors[0]!.bio).not.toContain('Feldbiologin');
  });

  it('is never found in another locale, by either slug', async () => {
    for (const [slug, locale] of [
      ['die-gezeiten-lesen', undefined],
      ['die-gezeiten-lesen', 'en'],
      ['reading-the-tides', 'de'],
    ] as const) {
      const { data } = await server.query<ArticleAnswer>(ARTICLE, { slug, locale });
      expect(data!.article).toBeNull();
    }
  });

  it('node(id:) reads the version its id names', async () => {
    const { data } = await server.query<ArticleAnswer>(ARTICLE, {
      slug: 'die-gezeiten-lesen',
      locale: 'de',
    });
    const node = await server.query<{ node: { title: string } | null }>(
      'query ($id: ID!) { node(id: $id) { ... on Article { title } } }',
      { id: data!.article!.id },
    );
    expect(node.data!.node).toEqual({ title: 'Die Gezeiten lesen' });
  });

  it('lists and directories hold one locale', async () => {
    const { data } = await server.query<{
      articles: { edges: { node: { slug: string } }[] };
      topics: { edges: { node: { slug: string } }[] };
    }>(
      `query { articles(first: 50, locale: "de") { edges { node { slug } } }
               topics(first: 50, locale: "de") { edges { node { slug } } } }`,
    );
    const germanArticles = data!.articles.edges.map((edge) => edge.node.slug);
    expect(germanArticles).toContain('die-gezeiten-lesen');
    expect(germanArticles).not.toContain('reading-the-tides');
    expect(data!.topics.edges.map((edge) => edge.node.slug).sort()).toEqual([
      'essen',
      'natur',
      'wissenschaft',
    ]);
    const english = await server.query<{ articles: { edges: { node: { slug: string } }[] } }>(
      'query { articles(first: 50) { edges { node { slug } } } }',
    );
    expect(english.data!.articles.edges.map((edge) => edge.node.slug)).not.toContain(
      'die-gezeiten-lesen',
    );
  });

  it('search stems the locale’s language and stays in it', async () => {
    const search = (query: string, locale?: string) =>
      server.query<{ search: { edges: { node: { slug: string } }[] } }>(
        'query ($q: String!, $locale: String) { search(query: $q, locale: $locale) { edges { node { slug } } } }',
        { q: query, locale },
      );
    // German stemming: "Gezeit" finds "Gezeiten".
    const found = await search('Gezeit', 'de');
    const slugs = found.data!.search.edges.map((edge) => edge.node.slug);
    expect(slugs).toContain('die-gezeiten-lesen');
    expect(slugs).not.toContain('reading-the-tides');
    expect((await search('Gezeiten')).data!.search.edges).toEqual([]);
    // A topic placed in a German sentence lends its German name to the search text.
    const { rows } = await server.db.query<{ body_text: string }>(
      "SELECT body_text FROM articles WHERE slug = 'wie-voegel-ihren-weg-finden' AND locale = 'de'",
    );
    expect(rows[0]!.body_text).toContain('finden Sie unter Natur.');
    expect((await search('tides')).data!.search.edges.length).toBeGreaterThan(0);
  });

  it('whatever is read in a locale has an id of its own there: images, embeds, blocks', async () => {
    type Linked = { __typename: string; id: string; alt?: string };
    const read = (slug: string, locale: string) =>
      server.query<{
        article: {
          heroImage: { id: string; alt: string };
          body: {
            json: unknown;
            links: {
              entries: { block: Linked[]; inline: Linked[]; hyperlink: Linked[] };
              assets: { block: Linked[]; hyperlink: Linked[] };
            };
          };
        };
      }>(
        `query ($slug: String!, $locale: String) { article(slug: $slug, locale: $locale) {
          heroImage { id alt }
          body { json links {
            entries {
              block { ...Linked }
              inline { ...Linked }
              hyperlink { ...Linked }
            }
            assets { block { __typename id alt } hyperlink { __typename id alt } }
          } }
        } }
        fragment Linked on RichTextEntry {
          __typename
          ... on Article { id } ... on Author { id } ... on Topic { id } ... on Page { id }
          ... on CodeBlock { id } ... on PullQuote { id }
        }`,
        { slug, locale },
      );
    const [english, german] = await Promise.all([
      read('reading-the-tides', 'en'),
      read('die-gezeiten-lesen', 'de'),
    ]);
    expect(german.errors).toBeUndefined();
    const en = english.data!.article;
    const de = german.data!.article;
    // One image, two descriptions: two objects in the client's store.
    expect(fromGlobalId(de.heroImage.id)).toEqual({
      ...fromGlobalId(en.heroImage.id),
      locale: 'de',
    });
    expect(en.heroImage.alt).toMatch(/^Abstract illustration/);
    expect(de.heroImage.alt).toMatch(/^Abstrakte Illustration/);
    const linked = (article: typeof de) => [
      ...Object.values(article.body.links.entries).flat(),
      ...Object.values(article.body.links.assets).flat(),
    ];
    expect(
      linked(de)
        .map((link) => link.__typename)
        .sort(),
    ).toEqual(['Article', 'Article', 'Asset', 'CodeBlock', 'Topic']);
    expect(linked(de).every((link) => fromGlobalId(link.id)?.locale === 'de')).toBe(true);
    expect(linked(de).find((link) => link.__typename === 'Asset')?.alt).toMatch(/^Zeichnung/);
    const englishIds = new Set([en.heroImage.id, ...linked(en).map((link) => link.id)]);
    expect(linked(de).filter((link) => englishIds.has(link.id))).toEqual([]);
    // The document names its links by the ids `links` gives them, so the client finds each.
    const named = [...JSON.stringify(de.body.json).matchAll(/"id":"([A-Za-z0-9_-]+)"/g)].map(
      ([, id]) => id,
    );
    expect(named.length).toBeGreaterThanOrEqual(3);
    expect(named.filter((id) => !linked(de).some((link) => link.id === id))).toEqual([]);

    const blocksOf = async (locale: string) =>
      (
        await server.query<{ page: { blocks: { id: string }[] } }>(
          `query ($locale: String) { page(slug: "${HOME_PAGE_SLUG}", locale: $locale) { blocks {
            ... on HeroBlock { id } ... on RichTextBlock { id } ... on ArticleListBlock { id }
            ... on FeaturedArticlesBlock { id } ... on CalloutBlock { id } ... on ImageBlock { id }
            ... on NewsletterSignupBlock { id }
          } } }`,
          { locale },
        )
      ).data!.page.blocks.map((block) => block.id);
    const [englishBlocks, germanBlocks] = await Promise.all([blocksOf('en'), blocksOf('de')]);
    expect(germanBlocks.length).toBeGreaterThan(0);
    expect(germanBlocks.every((id) => fromGlobalId(id)?.locale === 'de')).toBe(true);
    expect(germanBlocks.filter((id) => englishBlocks.includes(id))).toEqual([]);
  });

  it('a locale the site does not have is a clear error', async () => {
    const { errors } = await server.query(ARTICLE, { slug: 'reading-the-tides', locale: 'fr' });
    expect(errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(errors?.[0]?.message).toBe('`locale` must be one of en, de.');
  });
});
