import ArticlePageQuery from '@generated/ArticlePageQuery.graphql';
import NewsletterSignupBlockMutation from '@generated/NewsletterSignupBlockMutation.graphql';
import type { GraphQLResponse, RequestParameters, Variables } from 'relay-runtime';
import { persistedQueryStore } from '../../../api/persistedQueries';
import { HttpStatusError, UnknownPersistedQueryError } from '../../../src/relay/errors';
import { createFetchGraphQL } from '../../../src/relay/fetchGraphQL';
import {
  answer,
  json,
  reset,
  startFaultServer,
  type FaultServer,
  type FaultStep,
} from '../../support/faultServer';
import { startTestServer, type TestServer } from '../../support/testServer';

/**
 * Forwarding mode: Folio's server in front of an external GraphQL service.
 * The client keeps sending persisted ids; the service receives query text.
 */
const persisted = persistedQueryStore();
const fast = { retryPolicy: { delaysMs: [10, 20], maxRetryAfterMs: 2000 }, timeoutMs: 3000 };

function call(
  endpoint: string,
  params: RequestParameters,
  variables: Variables,
): Promise<GraphQLResponse> {
  const observable = createFetchGraphQL({ endpoint, ...fast })(params, variables, {}, null);
  return new Promise((resolve, reject) => {
    if (!('subscribe' in observable)) throw new Error('expected an observable');
    observable.subscribe({ next: (value) => resolve(value as GraphQLResponse), error: reject });
  });
}

describe('forwarding to a real second GraphQL server', () => {
  let external: TestServer;
  let folio: TestServer;
  beforeAll(async () => {
    // The "external service": Folio's own content API in development mode, which takes query text.
    external = await startTestServer({ mode: 'development' });
    folio = await startTestServer({
      mode: 'production',
      upstream: { url: `${external.url}/graphql` },
    });
  });
  afterAll(async () => {
    await folio?.close();
    await external?.close();
  });

  it('answers the article query the client sends by persisted id', async () => {
    const result = (await call(`${folio.url}/graphql`, ArticlePageQuery.params, {
      slug: 'reading-the-tides',
    })) as { data: { article: { slug: string } } };
    expect(result.data.article.slug).toBe('reading-the-tides');
  });

  it('answers an unknown persisted id without bothering the service', async () => {
    await expect(
      call(
        `${folio.url}/graphql`,
        { ...ArticlePageQuery.params, id: 'e'.repeat(64) } as RequestParameters,
        { slug: 'x' },
      ),
    ).rejects.toBeInstanceOf(UnknownPersistedQueryError);
  });

  describe('refuses what the embedded API refuses, with the same words (issue 13)', () => {
    const vote = JSON.stringify({
      doc_id: NewsletterSignupBlockMutation.params.id,
      operationName: 'NewsletterSignupBlockMutation',
      variables: { email: 'forwarded@example.com' },
    });
    const post = (body: BodyInit, headers: Record<string, string>) =>
      fetch(`${folio.url}/graphql`, { method: 'POST', headers, body });
    const errorOf = async (response: Response) =>
      ((await response.json()) as { errors: { message: string; extensions: { code: string } }[] })
        .errors[0]!;
    const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

    it.each(['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x'])(
      'a %s POST is a 415, the same as the embedded API',
      async (contentType) => {
        const [forwarded, embedded] = await Promise.all([
          post(vote, { 'Content-Type': contentType }),
          fetch(`${external.url}/graphql`, {
            method: 'POST',
            headers: { 'Content-Type': contentType },
            body: vote,
          }),
        ]);
        expect(forwarded.status).toBe(415);
        expect(await errorOf(forwarded)).toEqual(await errorOf(embedded));
      },
    );

    it('a GET whose variables are not JSON is a 400, the same as the embedded API', async () => {
      const query = `?doc_id=${ArticlePageQuery.params.id}&variables=%7Bx`;
      const [forwarded, embedded] = await Promise.all([
        fetch(`${folio.url}/graphql${query}`),
        fetch(`${external.url}/graphql${query}`),
      ]);
      expect([forwarded.status, embedded.status]).toEqual([400, 400]);
      expect(await errorOf(forwarded)).toEqual(await errorOf(embedded));
    });

    it('a body over 100 kB is a 413, Content-Length or not', async () => {
      const big = JSON.stringify({
        doc_id: ArticlePageQuery.params.id,
        variables: { slug: 'x'.repeat(200_000) },
      });
      const declared = await post(big, { 'Content-Type': 'application/json' });
      expect(declared.status).toBe(413);
      expect((await errorOf(declared)).extensions.code).toBe('PAYLOAD_TOO_LARGE');
      const streamed = await fetch(`${folio.url}/graphql`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: new ReadableStream({
          start: (controller) => (
            controller.enqueue(new TextEncoder().encode(big)),
            controller.close()
          ),
        }),
        duplex: 'half',
      } as RequestInit);
      expect(streamed.status).toBe(413);
    });

    it.each([
      ['malformed JSON', '{"doc_id":', 'BAD_REQUEST'],
      ['a JSON array', '[1]', 'BAD_REQUEST'],
      [
        'variables 15,000 deep',
        `{"doc_id":"${ArticlePageQuery.params.id}","variables":${nested(15_000)}}`,
        'BAD_USER_INPUT',
      ],
    ])('%s is a 400 with a clear message', async (_, body, code) => {
      const response = await post(body, { 'Content-Type': 'application/json' });
      expect(response.status).toBe(400);
      const error = await errorOf(response);
      expect(error.extensions.code).toBe(code);
      expect(error.message).not.toMatch(/at position|Unexpected|SyntaxError/);
    });

    it('deep variables in a GET are a 400 too', async () => {
      const response = await fetch(
        `${folio.url}/graphql?${new URLSearchParams({ doc_id: ArticlePageQuery.params.id!, variables: nested(100) })}`,
      );
      expect(response.status).toBe(400);
      expect((await errorOf(response)).extensions.code).toBe('BAD_USER_INPUT');
    });
  });
});

describe('what the service receives, and its failures', () => {
  let upstream: FaultServer;
  let folio: TestServer | undefined;
  afterEach(async () => {
    await folio?.close();
    await upstream?.close();
  });

  async function forwardTo(script: FaultStep[]) {
    upstream = await startFaultServer(script);
    folio = await startTestServer({
      mode: 'production',
      upstream: { url: upstream.url, token: 'server-side-secret', timeoutMs: 500 },
    });
    return `${folio.url}/graphql`;
  }

  it('sends the default body {operationName, variables, query} with the token, as POST JSON', async () => {
    const endpoint = await forwardTo([json(200, { data: { article: null } })]);
    await call(endpoint, ArticlePageQuery.params, { slug: 'reading-the-tides' });
    expect(upstream.requests).toHaveLength(1);
    expect(upstream.requests[0]!.method).toBe('POST');
    expect(upstream.requests[0]!.headers).toMatchObject({
      authorization: 'Bearer server-side-secret',
      'content-type': 'application/json',
    });
    expect(JSON.parse(upstream.requests[0]!.body)).toEqual({
      operationName: 'ArticlePageQuery',
      variables: { slug: 'reading-the-tides' },
      query: persisted(ArticlePageQuery.params.id!),
    });
  });

  it('a service that is down becomes a retried 502', async () => {
    const endpoint = await forwardTo([reset]);
    const error = await call(endpoint, ArticlePageQuery.params, { slug: 'x' }).catch((e) => e);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(error.status).toBe(502);
    expect(upstream.requests).toHaveLength(3);
  });

  it('a service that answers HTML becomes a 502', async () => {
    const endpoint = await forwardTo([
      answer(200, '<html>maintenance</html>', { 'Content-Type': 'text/html' }),
      json(200, { data: { article: null } }),
    ]);
    await expect(call(endpoint, ArticlePageQuery.params, { slug: 'x' })).resolves.toEqual({
      data: { article: null },
    });
    expect(upstream.requests).toHaveLength(2);
  });

  it('a slow service becomes a 504', async () => {
    const endpoint = await forwardTo([() => {}]);
    const error = await call(endpoint, ArticlePageQuery.params, { slug: 'x' }).catch((e) => e);
    expect(error.status).toBe(504);
  });

  it('a failing mutation reaches the service exactly once', async () => {
    const endpoint = await forwardTo([answer(503, '', { 'Retry-After': '1' })]);
    await expect(
      call(endpoint, NewsletterSignupBlockMutation.params, { email: 'reader@example.com' }),
    ).rejects.toMatchObject({ status: 503 });
    expect(upstream.requests).toHaveLength(1);
  });
});
