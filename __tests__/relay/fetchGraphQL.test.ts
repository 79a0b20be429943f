import ArticlePageQuery from '@generated/ArticlePageQuery.graphql';
import type { RequestParameters } from 'relay-runtime';
import { createFetchGraphQL, GRAPHQL_ACCEPT, GraphQLTransportError } from '../../src/relay/fetchGraphQL';

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

const noCacheConfig = {};

describe('fetchGraphQL request shape (SPEC §6)', () => {
  it('POSTs JSON {operationName, variables, doc_id} with the persisted id and GraphQL headers', async () => {
    const { calls, fetch } = recordingFetch(200, JSON.stringify({ data: { article: null } }));
    const fetchFn = createFetchGraphQL({ endpoint: '/graphql', fetch });
    const params = ArticlePageQuery.params;
    expect(params.id).toMatch(/^[0-9a-f]{64}$/);

    const result = await fetchFn(params, { slug: 'reading-the-tides' }, noCacheConfig, null);

    expect(result).toEqual({ data: { article: null } });
    expect(calls).toHaveLength(1);
    const [{ url, init }] = calls as [Call];
    expect(url).toBe('/graphql');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', Accept: GRAPHQL_ACCEPT });
    expect(JSON.parse(init.body as string)).toEqual({
      operationName: 'ArticlePageQuery',
      variables: { slug: 'reading-the-tides' },
      doc_id: params.id,
    });
  });

  it('sends the query text when an operation has no persisted id', async () => {
    const { calls, fetch } = recordingFetch(200, JSON.stringify({ data: { site: null } }));
    const params = { ...ArticlePageQuery.params, id: null, text: 'query X { site { title } }', name: 'X', cacheID: 'x' } as RequestParameters;
    await createFetchGraphQL({ endpoint: '/api', fetch })(params, {}, noCacheConfig, null);
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ operationName: 'X', variables: {}, query: 'query X { site { title } }' });
  });

  it('rejects a body that is not JSON with a transport error', async () => {
    const { fetch } = recordingFetch(200, '<html>oops</html>');
    const fetchFn = createFetchGraphQL({ endpoint: '/graphql', fetch });
    await expect(fetchFn(ArticlePageQuery.params, { slug: 'x' }, noCacheConfig, null)).rejects.toBeInstanceOf(GraphQLTransportError);
  });

  it('rejects JSON that is neither data nor errors', async () => {
    const { fetch } = recordingFetch(200, '{}');
    const fetchFn = createFetchGraphQL({ endpoint: '/graphql', fetch });
    await expect(fetchFn(ArticlePageQuery.params, { slug: 'x' }, noCacheConfig, null)).rejects.toThrow(/not a GraphQL response/);
  });

  it('turns an error status with a GraphQL errors array into a transport error carrying the status', async () => {
    const { fetch } = recordingFetch(400, JSON.stringify({ errors: [{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }] }));
    const fetchFn = createFetchGraphQL({ endpoint: '/graphql', fetch });
    await expect(fetchFn(ArticlePageQuery.params, { slug: 'x' }, noCacheConfig, null)).rejects.toMatchObject({ status: 400, message: 'PersistedQueryNotFound' });
  });
});
