/**
 * The API in several locales (docs/decisions.md#locales), over the embedded source: a
 * translation is a row of its own, read by its own slug in its own locale,
 * never mixed into another; its id names its locale; nested objects are read
 * in their parent's locale; search stems the locale's language. The German
 * rows are written here directly: publishing translations from content/
 * comes with its own tests.
 */
import { fromGlobalId } from '../../api/model/globalId';
import { startTestServer, type TestServer } from '../support/testServer';

let server: TestServer;

const BODY = {
  nodeType: 'document',
  data: {},
  content: [
    {
      nodeType: 'paragraph',
      data: {},
      content: [
        {
          nodeType: 'text',
          value: 'Wer die Gezeiten lesen kann, weiß, wann das Wasser kommt.',
          marks: [],
          data: {},
        },
      ],
    },
  ],
};

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server;
  const one = async (sql: string, params: unknown[] = []) =>
    (await db.query<{ id: number }>(sql, params)).rows[0]!.id;
  const topic = await one(
    `INSERT INTO topics (locale, original_id, slug, name, description)
     SELECT 'de', id, 'wissenschaft', 'Wissenschaft', 'Wie die Welt funktioniert.' FROM topics WHERE slug = 'science' AND locale = 'en' RETURNING id`,
  );
  const author = await one(
    `INSERT INTO authors (locale, original_id, slug, name, bio, avatar_id)
     SELECT 'de', id, slug, name, 'Schreibt über das Meer.', avatar_id FROM authors WHERE slug = 'eliza-marsh' AND locale = 'en' RETURNING id`,
  );
  const article = await one(
    `INSERT INTO articles (locale, original_id, slug, title, summary, body, body_text, status, published_at, updated_at, hero_image_id, reading_time_minutes, text_search)
     SELECT 'de', id, 'die-gezeiten-lesen', 'Die Gezeiten lesen', 'Warum das Meer zweimal am Tag kommt.', $1, $2, 'PUBLISHED', published_at, updated_at, hero_image_id, 3, 'german'
     FROM articles WHERE slug = 'reading-the-tides' AND locale = 'en' RETURNING id`,
    [JSON.stringify(BODY), 'Wer die Gezeiten lesen kann, weiß, wann das Wasser kommt.'],
  );
  await db.query('INSERT INTO article_topics (article_id, topic_id, position) VALUES ($1, $2, 0)', [
    article,
    topic,
  ]);
  await db.query(
    'INSERT INTO article_authors (article_id, author_id, position) VALUES ($1, $2, 0)',
    [article, author],
  );
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
      authors: [{ name: 'Eliza Marsh', bio: 'Schreibt über das Meer.' }],
      topics: [{ name: 'Wissenschaft', slug: 'wissenschaft', locale: 'de' }],
    });
    // Its id names its locale: one store may hold both versions without either overwriting the other.
    expect(fromGlobalId(data!.article!.id)?.locale).toBe('de');
    const english = await server.query<ArticleAnswer>(ARTICLE, { slug: 'reading-the-tides' });
    expect(english.data!.article!.id).not.toBe(data!.article!.id);
    expect(english.data!.article!.translations).toEqual(data!.article!.translations);
    expect(english.data!.article!.topics[0]!.locale).toBe('en');
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
    expect(data!.articles.edges.map((edge) => edge.node.slug)).toEqual(['die-gezeiten-lesen']);
    expect(data!.topics.edges.map((edge) => edge.node.slug)).toEqual(['wissenschaft']);
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
    expect(found.data!.search.edges.map((edge) => edge.node.slug)).toEqual(['die-gezeiten-lesen']);
    expect((await search('Gezeiten')).data!.search.edges).toEqual([]);
    expect((await search('tides', 'de')).data!.search.edges).toEqual([]);
  });

  it('a locale the site does not have is a clear error', async () => {
    const { errors } = await server.query(ARTICLE, { slug: 'reading-the-tides', locale: 'fr' });
    expect(errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(errors?.[0]?.message).toBe('`locale` must be one of en, de.');
  });
});
