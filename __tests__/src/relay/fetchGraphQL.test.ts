import ArticlePageQuery from '@generated/ArticlePageQuery.graphql';
import type { GraphQLResponse, RequestParameters, Variables } from 'relay-runtime';
import {
  MalformedResponseError,
  UnknownPersistedQueryError,
  UnparseableResponseError,
} from '../../../src/relay/errors';
import {
  createFetchGraphQL,
  GRAPHQL_ACCEPT,
  type FetchGraphQLOptions,
} from '../../../src/relay/fetchGraphQL';

interface Call {
  url: string;
  init: RequestInit;
}

function recordingFetch(status: number, body: string) {
  const calls: Call[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(body, { status, headers: { 'Content-Type': 'application/json' } });
  }) as unknown as typeof globalThis.fetch;
  return { calls, fetch };
}

function run(
  options: FetchGraphQLOptions,
  params: RequestParameters,
  variables: Variables,
): Promise<GraphQLResponse> {
  const result = createFetchGraphQL(options)(params, variables, {}, null);
  return new Promise((resolve, reject) => {
    if (!('subscribe' in result)) throw new Error('fetchGraphQL returns an observable');
    result.subscribe({ next: (value) => resolve(value as GraphQLResponse), error: reject });
  });
}

describe('fetchGraphQL request shape (docs/http-and-cache.md#graphql-transport)', () => {
  it('POSTs JSON {operationName, variables, doc_id} with the persisted id and GraphQL headers', async () => {
    const { calls, fetch } = recordingFetch(200, JSON.stringify({ data: { article: null } }));
    const params = ArticlePageQuery.params;
    expect(params.id).toMatch(/^[0-9a-f]{64}$/);

    const result = await run({ endpoint: '/graphql', fetch }, params, {
      slug: 'reading-the-tides',
    });

    expect(result).toEqual({ data: { article: null } });
    expect(calls).toHaveLength(1);
    const [{ url, init }] = calls as [Call];
    expect(url).toBe('/graphql');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({
      'Content-Type': 'application/json',
      Accept: GRAPHQL_ACCEPT,
    });
    expect(JSON.parse(init.body as string)).toEqual({
      operationName: 'ArticlePageQuery',
      variables: { slug: 'reading-the-tides' },
      doc_id: params.id,
    });
  });

  it('sends the query text when an operation has no persisted id', async () => {
    const { calls, fetch } = recordingFetch(200, JSON.stringify({ data: { site: null } }));
    const params = {
      ...ArticlePageQuery.params,
      id: null,
      text: 'query X { site { title } }',
      name: 'X',
      cacheID: 'x',
    } as RequestParameters;
    await run({ endpoint: '/api', fetch }, params, {});
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({
      operationName: 'X',
      variables: {},
      query: 'query X { site { title } }',
    });
  });

  it('sends queries as GET with doc_id and variables in the URL when configured', async () => {
    const { calls, fetch } = recordingFetch(200, JSON.stringify({ data: { article: null } }));
    await run({ endpoint: '/graphql', fetch, queriesAsGet: true }, ArticlePageQuery.params, {
      slug: 'tides',
    });
    const url = new URL(calls[0]!.url, 'http://folio.test');
    expect(calls[0]!.init.method).toBe('GET');
    expect(calls[0]!.init.body).toBeUndefined();
    expect(url.pathname).toBe('/graphql');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      operationName: 'ArticlePageQuery',
      variables: '{"slug":"tides"}',
      doc_id: ArticlePageQuery.params.id,
    });
  });

  it('keeps partial data (data with errors) for Relay', async () => {
    const payload = {
      data: { article: { id: 'a', title: 'T' } },
      errors: [{ message: 'related failed', path: ['article', 'related'] }],
    };
    const { fetch } = recordingFetch(200, JSON.stringify(payload));
    await expect(
      run({ endpoint: '/graphql', fetch }, ArticlePageQuery.params, { slug: 'x' }),
    ).resolves.toEqual(payload);
  });

  it.each([
    ['an HTML page', 200, '<html>oops</html>', UnparseableResponseError],
    ['JSON with neither data nor errors', 200, '{}', MalformedResponseError],
    [
      'an unknown persisted id',
      200,
      JSON.stringify({
        errors: [
          { message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } },
        ],
      }),
      UnknownPersistedQueryError,
    ],
  ])('turns %s into its typed error', async (_label, status, body, type) => {
    const { fetch } = recordingFetch(status, body);
    await expect(
      run({ endpoint: '/graphql', fetch }, ArticlePageQuery.params, { slug: 'x' }),
    ).rejects.toBeInstanceOf(type);
  });
});
