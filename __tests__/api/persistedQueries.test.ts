import ArticlePageQuery from '@generated/ArticlePageQuery.graphql';
import SearchPageQuery from '@generated/SearchPageQuery.graphql';
import { fetchQuery, type RequestParameters } from 'relay-runtime';
import type { ArticlePageQuery as ArticlePageQueryType } from '@generated/ArticlePageQuery.graphql';
import { GraphQLResponseError, UnknownPersistedQueryError } from '../../src/relay/errors';
import { createFolioEnvironment } from '../../src/relay/environment';
import { createFetchGraphQL } from '../../src/relay/fetchGraphQL';
import { startTestServer, type TestServer } from '../support/testServer';

/**
 * The contract where it lives: the production API on a random port, reached
 * through the client's real fetchFunction and Relay environment, by persisted id.
 */
let api: TestServer;
beforeAll(async () => {
  api = await startTestServer({ mode: 'production' });
});
afterAll(() => api.close());

function recordingFetch() {
  const requests: { url: string; method: string; body: unknown }[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    requests.push({
      url: String(input),
      method: init?.method ?? 'GET',
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    return fetch(input, init);
  };
  return { requests, fetchImpl };
}

type StoreRecord = Record<string, unknown>;

describe('the article query by persisted id, through the real fetchFunction', () => {
  it('sends {operationName, variables, doc_id} and stores the article', async () => {
    const { requests, fetchImpl } = recordingFetch();
    const environment = createFolioEnvironment({
      endpoint: `${api.url}/graphql`,
      fetch: fetchImpl,
    });
    const data = await fetchQuery<ArticlePageQueryType>(environment, ArticlePageQuery, {
      slug: 'reading-the-tides',
    }).toPromise();

    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      body: {
        operationName: 'ArticlePageQuery',
        variables: { slug: 'reading-the-tides' },
        doc_id: ArticlePageQuery.params.id,
      },
    });
    expect(requests[0]!.body).not.toHaveProperty('query');
    expect(data?.article?.slug).toBe('reading-the-tides');

    const records = Object.values(environment.getStore().getSource().toJSON()) as StoreRecord[];
    const article = records.find(
      (record) => record.__typename === 'Article' && record.slug === 'reading-the-tides',
    );
    expect(article?.title).toBe('Reading the tides');
    const authors = records.filter((record) => record.__typename === 'Author');
    expect(authors.map((author) => author.name)).toContain('Eliza Marsh');
  });

  it('works as a GET with doc_id and variables in the URL, cacheable by a CDN', async () => {
    const response = await fetch(
      api.persistedGetUrl(ArticlePageQuery, { slug: 'reading-the-tides' }),
      {
        headers: { Accept: 'application/json' },
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/public, max-age=\d+, s-maxage=\d+/);
    expect(
      ((await response.json()) as { data: { article: { slug: string } } }).data.article.slug,
    ).toBe('reading-the-tides');

    const environment = createFolioEnvironment({
      endpoint: `${api.url}/graphql`,
      queriesAsGet: true,
    });
    const data = await fetchQuery(environment, SearchPageQuery, {
      query: '"the moon" tides',
    }).toPromise();
    expect(data).toBeTruthy();
  });

  it('answers an unknown persisted id with PERSISTED_QUERY_NOT_FOUND, which the client reads as a new version', async () => {
    const { status, body } = await api.graphql({
      operationName: 'Old',
      variables: {},
      doc_id: 'f'.repeat(64),
    });
    expect(status).toBe(200);
    expect(body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');

    const fetchFn = createFetchGraphQL({ endpoint: `${api.url}/graphql` });
    const params = { ...ArticlePageQuery.params, id: 'f'.repeat(64) } as RequestParameters;
    const result = fetchFn(params, { slug: 'x' }, {}, null);
    const error = await new Promise((resolve) =>
      'subscribe' in result ? result.subscribe({ error: resolve }) : resolve(null),
    );
    expect(error).toBeInstanceOf(UnknownPersistedQueryError);
  });

  it('refuses query text in production with PERSISTED_QUERY_ONLY', async () => {
    const { status, body } = await api.graphql({ query: '{ site { title } }', variables: {} });
    expect(status).toBe(400);
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_ONLY');

    const params = {
      ...ArticlePageQuery.params,
      id: null,
      text: 'query ArticlePageQuery { site { title } }',
    } as RequestParameters;
    const result = createFetchGraphQL({ endpoint: `${api.url}/graphql` })(params, {}, {}, null);
    const error = await new Promise((resolve) =>
      'subscribe' in result ? result.subscribe({ error: resolve }) : resolve(null),
    );
    expect(error).toBeInstanceOf(GraphQLResponseError);
    expect((error as GraphQLResponseError).code).toBe('PERSISTED_QUERY_ONLY');
  });

  it('never runs a mutation sent as GET', async () => {
    const response = await fetch(
      `${api.url}/graphql?${new URLSearchParams({ query: 'mutation { rateArticle(articleId: "x", helpful: true) { article { id } } }' })}`,
    );
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });
});
