import ArticlePageQuery from '@generated/ArticlePageQuery.graphql';
import NewsletterSignupBlockMutation from '@generated/NewsletterSignupBlockMutation.graphql';
import type { GraphQLResponse, RequestParameters, Variables } from 'relay-runtime';
import {
  GraphQLResponseError,
  HttpStatusError,
  MalformedResponseError,
  NoResponseError,
  TimeoutError,
  UnknownPersistedQueryError,
  UnparseableResponseError,
} from '../../../src/relay/errors';
import { createFetchGraphQL, type FetchGraphQLOptions } from '../../../src/relay/fetchGraphQL';
import {
  answer,
  hang,
  json,
  reset,
  startFaultServer,
  type FaultServer,
  type FaultStep,
} from '../../support/faultServer';

const article = { data: { article: { id: 'QXJ0aWNsZTox', slug: 'tides' } } };
const query = ArticlePageQuery.params;
const mutation = NewsletterSignupBlockMutation.params;
// Short delays keep the suite fast; the real ones are checked in their own test.
const fast = { retryPolicy: { delaysMs: [20, 40], maxRetryAfterMs: 2000 }, timeoutMs: 300 };

let server: FaultServer;
afterEach(() => server?.close());

async function call(
  script: FaultStep[],
  params: RequestParameters = query,
  options: Partial<FetchGraphQLOptions> = fast,
  variables: Variables = { slug: 'tides' },
) {
  server = await startFaultServer(script);
  const fetchFn = createFetchGraphQL({ endpoint: server.url, ...options });
  const observable = fetchFn(params, variables, {}, null);
  return new Promise<GraphQLResponse>((resolve, reject) => {
    if (!('subscribe' in observable)) throw new Error('expected an observable');
    observable.subscribe({ next: (value) => resolve(value as GraphQLResponse), error: reject });
  });
}

describe('the error catalogue against a misbehaving server (docs/errors.md#error-catalogue)', () => {
  it('500: HttpStatusError with status and body excerpt, not retried', async () => {
    const error = await call([
      answer(500, '<h1>Internal Server Error</h1>', { 'Content-Type': 'text/html' }),
    ]).catch((e) => e);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(error).toMatchObject({ status: 500, bodyExcerpt: '<h1>Internal Server Error</h1>' });
    expect(server.requests).toHaveLength(1);
  });

  it('502 then 200: the retry succeeds', async () => {
    await expect(
      call([answer(502, 'Bad Gateway', { 'Content-Type': 'text/plain' }), json(200, article)]),
    ).resolves.toEqual(article);
    expect(server.requests).toHaveLength(2);
  });

  it('503 every time: gives up after two retries', async () => {
    await expect(call([answer(503, '')])).rejects.toMatchObject({ status: 503 });
    expect(server.requests).toHaveLength(3);
  });

  it('429 with Retry-After: waits as long as it says, then succeeds', async () => {
    const started = Date.now();
    await expect(
      call([
        json(429, { errors: [{ message: 'slow down' }] }, { 'Retry-After': '1' }),
        json(200, article),
      ]),
    ).resolves.toEqual(article);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(server.requests).toHaveLength(2);
  });

  it('429 with a Retry-After beyond the bound: no retry, the reader gets the error', async () => {
    const error = await call([answer(429, '', { 'Retry-After': '3600' })]).catch((e) => e);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(error.retryAfterMs).toBe(3_600_000);
    expect(server.requests).toHaveLength(1);
  });

  it('an HTML body with status 200: UnparseableResponseError, not retried', async () => {
    await expect(
      call([
        answer(200, '<!doctype html><p>Welcome to the captive portal</p>', {
          'Content-Type': 'text/html',
        }),
      ]),
    ).rejects.toBeInstanceOf(UnparseableResponseError);
    expect(server.requests).toHaveLength(1);
  });

  it('truncated JSON: UnparseableResponseError', async () => {
    await expect(call([answer(200, '{"data":{"article":{"id":"QXJ0')])).rejects.toBeInstanceOf(
      UnparseableResponseError,
    );
  });

  it('{}: MalformedResponseError', async () => {
    await expect(call([json(200, {})])).rejects.toBeInstanceOf(MalformedResponseError);
    expect(server.requests).toHaveLength(1);
  });

  it('a reset connection: NoResponseError, retried twice', async () => {
    await expect(call([reset])).rejects.toBeInstanceOf(NoResponseError);
    expect(server.requests).toHaveLength(3);
  });

  it('a reset, then an answer: the retry succeeds', async () => {
    await expect(call([reset, json(200, article)])).resolves.toEqual(article);
  });

  it('a hang past the timeout: TimeoutError after three attempts', async () => {
    const error = await call([hang]).catch((e) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.timeoutMs).toBe(300);
    expect(server.requests).toHaveLength(3);
  });

  it('errors with data: null: GraphQLResponseError carrying extensions.code', async () => {
    const error = await call([
      json(200, {
        data: null,
        errors: [{ message: 'Not allowed', extensions: { code: 'FORBIDDEN' } }],
      }),
    ]).catch((e) => e);
    expect(error).toBeInstanceOf(GraphQLResponseError);
    expect(error.code).toBe('FORBIDDEN');
    expect(server.requests).toHaveLength(1);
  });

  it('errors with partial data: handed to Relay as they are', async () => {
    const partial = {
      data: { article: { id: 'QXJ0aWNsZTox', related: null } },
      errors: [{ message: 'related failed', path: ['article', 'related'] }],
    };
    await expect(call([json(200, partial)])).resolves.toEqual(partial);
  });

  it('a root field that failed (null with its own error): GraphQLResponseError, not "not found"', async () => {
    const failed = {
      data: { site: { title: 'Folio' }, article: null },
      errors: [
        {
          message: 'The content service is not answering',
          path: ['article'],
          extensions: { code: 'SOURCE_UNAVAILABLE' },
        },
      ],
    };
    const error = await call([json(200, failed)]).catch((e) => e);
    expect(error).toBeInstanceOf(GraphQLResponseError);
    expect(error.code).toBe('SOURCE_UNAVAILABLE');
  });

  it('an unknown doc_id: UnknownPersistedQueryError, not retried', async () => {
    const error = await call([
      json(400, {
        errors: [
          { message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } },
        ],
      }),
    ]).catch((e) => e);
    expect(error).toBeInstanceOf(UnknownPersistedQueryError);
    expect(error.docId).toBe(query.id);
    expect(server.requests).toHaveLength(1);
  });

  it('a mutation that fails is sent exactly once, even on a retryable status', async () => {
    await expect(
      call([answer(503, '')], mutation, fast, { email: 'reader@example.com' }),
    ).rejects.toBeInstanceOf(HttpStatusError);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.method).toBe('POST');
  });

  it('a mutation whose connection resets is not sent again', async () => {
    await expect(
      call([reset], mutation, { ...fast, queriesAsGet: true }, { email: 'reader@example.com' }),
    ).rejects.toBeInstanceOf(NoResponseError);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.method).toBe('POST');
  });

  it('uses the delays of docs/content-model.md#limits-and-constants by default: 0.5 s then 1.5 s', async () => {
    const started = Date.now();
    await expect(
      call([answer(503, ''), answer(503, ''), json(200, article)], query, {}),
    ).resolves.toEqual(article);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    expect(server.requests).toHaveLength(3);
  });
});
