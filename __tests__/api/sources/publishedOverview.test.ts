import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createSchema, createYoga } from 'graphql-yoga';
import type { Database } from '../../../api/db/database';
import { readContentFiles } from '../../../api/publishing/readContentFiles';
import { createContentfulSource } from '../../../api/sources/contentful/contentfulSource';
import { MAX_COMPLEXITY } from '../../../api/sources/contentful/contentfulQueries';
import type { PublishedOverview } from '../../../api/sources/contentSource';
import { createStrapiSource } from '../../../api/sources/strapi/strapiSource';
import { startContentfulFixture } from '../../../cms/contentful/fixture/fixtureServer';
import { readSourceSettings } from '../../../settings/sourceSettings';
import { DEFAULT_LOCALE } from '../../../shared/locales';

/**
 * The sitemap's head (`publishedOverview`) lists every page, topic and
 * author, however many: a CMS's page size is no cut-off. Strapi answers at
 * most its `maxLimit` (100) whatever `limit` is asked, without a word;
 * Contentful's largest `limit` is 1,000.
 */

/** publishedOverview reads the CMS only; the source's search index is not touched. */
const noDatabase = new Proxy({} as Database, {
  get: () => {
    throw new Error('publishedOverview should not use the database');
  },
});

/** `<prefix>-0000`, `<prefix>-0001`, …: in slug order. */
const numbered = (prefix: string, count: number) => {
  const numbers = Array.from({ length: count }, (_, i) => String(i).padStart(4, '0'));
  return numbers.map((n) => `${prefix}-${n}`);
};
const slugsOf = (entries: readonly { slug: string }[]) => entries.map((entry) => entry.slug);
function newestOf(entries: PublishedOverview['topics'], slug: string | undefined) {
  return entries.find((entry) => entry.slug === slug)?.newestArticleUpdate;
}

describe('Strapi', () => {
  const STRAPI_MAX_LIMIT = 100;
  const STRAPI_DEFAULT_LIMIT = 12;
  // Each in the default locale alone (Strapi's `locale`, and no other version in `localizations`).
  const alone = { locale: DEFAULT_LOCALE, localizations: [] };
  const topics = numbered('topic', 250).map((slug) => ({
    documentId: `t-${slug}`,
    slug,
    ...alone,
  }));
  const authors = numbered('author', 130).map((slug) => ({
    documentId: `a-${slug}`,
    slug,
    ...alone,
  }));
  const pages = ['home', ...numbered('page', 119)].map((slug) => ({
    documentId: `p-${slug}`,
    slug,
    ...alone,
    updatedAt: '2026-01-02T00:00:00.000Z',
  }));
  // Article n names topic n and author n % 130; it was updated on day n of 2025.
  const articles = Array.from({ length: 230 }, (_, n) => ({
    documentId: `art-${n}`,
    slug: `article-${n}`,
    ...alone,
    publicationDate: new Date(Date.UTC(2025, 0, 1 + n)).toISOString(),
    updatedAt: new Date(Date.UTC(2025, 0, 1 + n, 12)).toISOString(),
    topics: [{ slug: topics[n]!.slug }],
    authors: [{ slug: authors[n % authors.length]!.slug }],
  }));

  /** Every `limit` Folio asked for, by root field. */
  const asked: { field: string; limit: number | undefined }[] = [];

  type Row = Record<string, unknown>;
  interface Args {
    pagination?: { start?: number; limit?: number };
    sort?: string[];
  }
  const bySort = (sort: string[]) => (a: Row, b: Row) => {
    for (const key of sort) {
      const [name, direction] = key.split(':') as [string, string];
      const order = String(a[name]).localeCompare(String(b[name]));
      if (order !== 0) return direction === 'desc' ? -order : order;
    }
    return 0;
  };
  /** As Strapi 5 pages: a `limit` past maxLimit is maxLimit, silently; none is defaultLimit. */
  function paged(field: string, rows: Row[], { pagination = {}, sort = [] }: Args) {
    asked.push({ field, limit: pagination.limit });
    const start = pagination.start ?? 0;
    const limit = Math.min(pagination.limit ?? STRAPI_DEFAULT_LIMIT, STRAPI_MAX_LIMIT);
    const nodes = [...rows].sort(bySort(sort)).slice(start, start + limit);
    return { nodes, total: rows.length, limit };
  }
  const connection = (field: string, rows: Row[]) => (_: unknown, args: Args) => {
    const { nodes, total, limit } = paged(field, rows, args);
    const pageInfo = { total, page: 1, pageSize: limit, pageCount: Math.ceil(total / limit) };
    return { nodes, pageInfo };
  };
  const plain = (field: string, rows: Row[]) => (_: unknown, args: Args) => {
    return paged(field, rows, args).nodes;
  };

  // Strapi's own schema, as the repo's Strapi (cms/strapi) serves it.
  const schemaFile = path.join(__dirname, '../../../cms/strapi/examples/schema.graphql');
  const yoga = createYoga({
    schema: createSchema({
      typeDefs: readFileSync(schemaFile, 'utf8'),
      resolvers: {
        Query: {
          articles_connection: connection('articles_connection', articles),
          pages_connection: connection('pages_connection', pages),
          topics_connection: connection('topics_connection', topics),
          authors_connection: connection('authors_connection', authors),
          pages: plain('pages', pages),
          topics: plain('topics', topics),
          authors: plain('authors', authors),
        },
      },
    }),
    logging: false,
    maskedErrors: false,
  });
  const strapiFetch: typeof fetch = async (input, init) => yoga.fetch(new Request(input, init));
  const logged: string[] = [];
  const log = (_: unknown, message: string) => void logged.push(message);
  const settings = {
    kind: 'strapi',
    url: 'http://strapi.test',
    token: 't',
    fileHosts: ['strapi.test'],
  } as const;
  const source = createStrapiSource(settings, noDatabase, log, { fetch: strapiFetch });

  it('lists every topic, author and page past Strapi’s maxLimit, maxLimit at a time', async () => {
    const overview = await source.publishedOverview(DEFAULT_LOCALE);
    expect(logged).toEqual([]);

    expect(slugsOf(overview.topics)).toEqual(slugsOf(topics));
    expect(slugsOf(overview.authors)).toEqual(slugsOf(authors));
    expect(slugsOf(overview.pages)).toEqual(slugsOf(pages));
    expect(overview.topics[0]?.versions).toEqual([{ locale: DEFAULT_LOCALE, slug: 'topic-0000' }]);
    expect(overview.articleCount).toBe(articles.length);
    expect(overview.newestArticleUpdate).toBe(articles.at(-1)!.updatedAt);

    // Dates past the first page of topics too: topic 229's article is the newest; 240 has none.
    expect(newestOf(overview.topics, 'topic-0229')).toBe(articles[229]!.updatedAt);
    expect(newestOf(overview.topics, 'topic-0240')).toBeNull();
    // Author 5 wrote articles 5 and 135.
    expect(newestOf(overview.authors, 'author-0005')).toBe(articles[135]!.updatedAt);

    expect(asked.length).toBeGreaterThan(0);
    for (const { limit } of asked) expect(limit).toBeLessThanOrEqual(STRAPI_MAX_LIMIT);
    // 250 topics: three pages of them.
    expect(asked.filter(({ field }) => field.startsWith('topics'))).toHaveLength(3);
  });
});

describe('Contentful (the fixture)', () => {
  const CONTENTFUL_MAX_LIMIT = 1000;
  const content = readContentFiles();
  const extraTopics = numbered('extra-topic', CONTENTFUL_MAX_LIMIT + 20);
  const extraAuthors = numbered('extra-author', CONTENTFUL_MAX_LIMIT + 5);
  content.topics.push(...extraTopics.map((slug) => ({ slug, name: slug, description: slug })));
  content.authors.push(...extraAuthors.map((slug) => ({ slug, name: slug, bio: slug })));

  let fixture: Awaited<ReturnType<typeof startContentfulFixture>>;
  beforeAll(async () => {
    fixture = await startContentfulFixture({ content });
  });
  afterAll(() => fixture.close());

  it('lists every topic and author past Contentful’s largest limit, within limits', async () => {
    const settings = readSourceSettings(fixture.env);
    if (settings.kind !== 'contentful') throw new Error('contentful settings expected');
    const logged: string[] = [];
    const log = (_: unknown, message: string) => void logged.push(message);
    const source = createContentfulSource(settings, noDatabase, log);
    fixture.requests.length = 0;

    const overview = await source.publishedOverview(DEFAULT_LOCALE);
    expect(logged).toEqual([]);

    const sorted = (slugs: string[]) => [...slugs].sort((a, b) => a.localeCompare(b));
    expect(sorted(slugsOf(overview.topics))).toEqual(sorted(slugsOf(content.topics)));
    expect(sorted(slugsOf(overview.authors))).toEqual(sorted(slugsOf(content.authors)));
    expect(overview.topics.length).toBeGreaterThan(CONTENTFUL_MAX_LIMIT);
    const published = content.pages.filter((page) => page.status === 'PUBLISHED');
    expect(sorted(slugsOf(overview.pages))).toEqual(sorted(slugsOf(published)));
    // The seed's topics keep their dates; the new ones have no articles.
    expect(newestOf(overview.topics, 'craft')).toEqual(expect.any(String));
    expect(newestOf(overview.topics, extraTopics[0])).toBeNull();

    for (const request of fixture.requests) {
      expect(request.status).toBe(200);
      expect(request.cost).toBeLessThanOrEqual(MAX_COMPLEXITY);
    }
    // The first page of each list goes in one request, the second pages in another.
    const roots = fixture.requests.map(({ rootFields }) => [...rootFields].sort());
    expect(roots.filter((fields) => fields.includes('topicCollection'))).toEqual([
      ['authorCollection', 'pageCollection', 'topicCollection'],
      ['authorCollection', 'topicCollection'],
    ]);
  });
});
