import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ArticlePageQuery from '@generated/ArticlePageQuery.graphql';
import HelpfulVoteMutation from '@generated/HelpfulVoteMutation.graphql';
import { MAX_BODY_BYTES, MAX_VARIABLES_DEPTH } from '../../api/queryLimits';
import { articleVoteBudget } from '../../api/readerData/rateLimits';
import { startTestServer, type TestServer } from '../support/testServer';

/** docs/http-and-cache.md#security-headers and issue 13: what the API does with hostile or broken requests, on the real server. */
const PREVIEW_TOKEN = 'hardening-token';
const PARTNER = 'https://partner.example';
let production: TestServer;
let development: TestServer;

beforeAll(async () => {
  [production, development] = await Promise.all([
    startTestServer({ mode: 'production', previewToken: PREVIEW_TOKEN, corsOrigins: [PARTNER] }),
    startTestServer({ mode: 'development', previewToken: PREVIEW_TOKEN }),
  ]);
});
afterAll(() => Promise.all([production.close(), development.close()]));

type Errors = { message: string; extensions?: Record<string, unknown> }[];
const post = (
  server: TestServer,
  body: BodyInit,
  headers: Record<string, string> = {},
  init: RequestInit = {},
) =>
  fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { Accept: 'application/json', ...headers },
    body,
    ...init,
  });

/** `{"a":{"a":…1…}}`, built as text: the object would be too deep for JSON.stringify. */
const nestedJson = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

async function helpfulCount(slug: string): Promise<number> {
  const { body } = await production.graphql<{ article: { helpfulCount: number } }>({
    doc_id: ArticlePageQuery.params.id,
    operationName: 'ArticlePageQuery',
    variables: { slug },
  });
  return body.data!.article.helpfulCount;
}

describe('only proven successes are publicly cacheable', () => {
  it.each(['no-such-query', '__proto__'])(
    'a GET for the unknown doc_id %j is private, no-store, every time',
    async (docId) => {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const response = await fetch(
          `${production.url}/graphql?${new URLSearchParams({ doc_id: docId, variables: '{}' })}`,
        );
        expect(response.status).toBeLessThan(500);
        expect(response.headers.get('cache-control')).toBe('private, no-store');
        expect(((await response.json()) as { errors: Errors }).errors[0]?.extensions?.code).toBe(
          'PERSISTED_QUERY_NOT_FOUND',
        );
      }
    },
  );

  it('a GET refused for its variables is private; a reader answer without errors stays public', async () => {
    const refused = await fetch(
      production.persistedGetUrl(ArticlePageQuery, { slug: 'x'.repeat(11_000) }),
    );
    expect(refused.status).toBe(400);
    expect(refused.headers.get('cache-control')).toBe('private, no-store');
    const good = await fetch(
      production.persistedGetUrl(ArticlePageQuery, { slug: 'reading-the-tides' }),
    );
    expect(good.status).toBe(200);
    expect(good.headers.get('cache-control')).toMatch(/^public/);
  });
});

describe('no cross-site writes (CSRF) and CORS for configured origins only', () => {
  const vote = async () => {
    const { body } = await production.graphql<{ article: { id: string } }>({
      doc_id: ArticlePageQuery.params.id,
      operationName: 'ArticlePageQuery',
      variables: { slug: 'why-the-sky-is-blue' },
    });
    return {
      doc_id: HelpfulVoteMutation.params.id!,
      operationName: 'HelpfulVoteMutation',
      variables: JSON.stringify({ articleId: body.data!.article.id, helpful: true }),
    };
  };

  it.each([
    [
      'application/x-www-form-urlencoded',
      (fields: Record<string, string>) => new URLSearchParams(fields),
    ],
    [
      'multipart/form-data',
      (fields: Record<string, string>) =>
        Object.entries(fields).reduce(
          (form, [key, value]) => (form.append(key, value), form),
          new FormData(),
        ),
    ],
    [
      'text/plain',
      (fields: Record<string, string>) =>
        JSON.stringify({ ...fields, variables: JSON.parse(fields.variables!) }),
    ],
  ] as const)('a %s POST is refused with 415 and runs no mutation', async (contentType, encode) => {
    const before = await helpfulCount('why-the-sky-is-blue');
    const body = encode(await vote());
    const response = await post(
      production,
      body,
      contentType === 'multipart/form-data'
        ? { Origin: 'https://evil.example' }
        : { 'Content-Type': contentType, Origin: 'https://evil.example' },
    );
    expect(response.status).toBe(415);
    const answer = (await response.json()) as { errors: Errors };
    expect(answer.errors[0]?.extensions?.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(answer.errors[0]?.message).toMatch(/application\/json/);
    expect(await helpfulCount('why-the-sky-is-blue')).toBe(before);
  });

  it('gives an unknown origin no CORS headers, and never allows credentials', async () => {
    const evil = await production.graphql(
      { doc_id: ArticlePageQuery.params.id, variables: { slug: 'reading-the-tides' } },
      { Origin: 'https://evil.example' },
    );
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    expect(evil.headers.get('access-control-allow-credentials')).toBeNull();
    const preflight = await fetch(`${production.url}/graphql`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://evil.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('allows a configured origin (FOLIO_CORS_ORIGINS) without credentials', async () => {
    const preflight = await fetch(`${production.url}/graphql`, {
      method: 'OPTIONS',
      headers: {
        Origin: PARTNER,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe(PARTNER);
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const answer = await production.graphql(
      { doc_id: ArticlePageQuery.params.id, variables: { slug: 'reading-the-tides' } },
      { Origin: PARTNER },
    );
    expect(answer.headers.get('access-control-allow-origin')).toBe(PARTNER);
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    expect(answer.headers.get('vary')).toMatch(/Origin/);
  });

  it('gives each origin its own CORS answer to a reader GET, from the reader cache too', async () => {
    const url = production.persistedGetUrl(ArticlePageQuery, { slug: 'desire-paths' });
    for (let round = 0; round < 2; round += 1) {
      const partner = await fetch(url, { headers: { Origin: PARTNER } });
      expect(partner.status).toBe(200);
      expect(partner.headers.get('cache-control')).toMatch(/^public/);
      expect(partner.headers.get('access-control-allow-origin')).toBe(PARTNER);
      expect(partner.headers.get('access-control-allow-credentials')).toBeNull();
      expect(partner.headers.get('vary')).toMatch(/Origin/);
      const evil = await fetch(url, { headers: { Origin: 'https://evil.example' } });
      expect(evil.headers.get('access-control-allow-origin')).toBeNull();
      expect(evil.headers.get('vary')).toMatch(/Origin/);
      const sameSite = await fetch(url);
      expect(sameSite.headers.get('access-control-allow-origin')).toBeNull();
    }
  });
});

describe('bad input is a clear client error, never a server error', () => {
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    'doc_id %j is an unknown persisted query',
    async (docId) => {
      const { status, body } = await production.graphql({ doc_id: docId, variables: {} });
      expect(status).toBe(200);
      expect(body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    },
  );

  it(`refuses a body over ${MAX_BODY_BYTES / 1024} kB with 413, with or without Content-Length`, async () => {
    const big = JSON.stringify({
      doc_id: ArticlePageQuery.params.id,
      variables: { slug: 'x'.repeat(MAX_BODY_BYTES) },
    });
    const declared = await post(production, big, { 'Content-Type': 'application/json' });
    expect(declared.status).toBe(413);
    expect(((await declared.json()) as { errors: Errors }).errors[0]?.extensions?.code).toBe(
      'PAYLOAD_TOO_LARGE',
    );
    const bytes = new TextEncoder().encode(big);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 16_384)
          controller.enqueue(bytes.slice(at, at + 16_384));
        controller.close();
      },
    });
    const chunked = await post(production, stream, { 'Content-Type': 'application/json' }, {
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
  });

  it.each([
    ['variables', '%7Bx'],
    ['variables', '%5B1%2C'],
    ['extensions', '%7B%22persistedQuery%22'],
  ])('answers a GET whose %s parameter is not JSON with 400, as a POST', async (name, value) => {
    const url = `${production.url}/graphql?doc_id=${ArticlePageQuery.params.id}&${name}=${value}`;
    const response = await fetch(url, { headers: { Accept: 'application/json' } });
    expect(response.status).toBe(400);
    expect(response.headers.get('cache-control')).toMatch(/no-store/);
    expect(await response.json()).toEqual({
      errors: [
        {
          message: `The \`${name}\` parameter is not valid JSON.`,
          extensions: { code: 'BAD_REQUEST' },
        },
      ],
    });
  });

  it('answers malformed JSON with 400 and a fixed message, not the parser’s words', async () => {
    const response = await post(production, '{"doc_id": "x", ', {
      'Content-Type': 'application/json',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      errors: [
        { message: 'The request body is not valid JSON.', extensions: { code: 'BAD_REQUEST' } },
      ],
    });
  });

  it.each([
    [
      'POST, 15,000 levels deep',
      () =>
        post(
          production,
          `{"doc_id":"${ArticlePageQuery.params.id}","variables":{"slug":${nestedJson(15_000)}}}`,
          { 'Content-Type': 'application/json' },
        ),
    ],
    [
      `POST, ${MAX_VARIABLES_DEPTH + 1} levels deep`,
      () =>
        post(
          production,
          `{"doc_id":"${ArticlePageQuery.params.id}","variables":${nestedJson(MAX_VARIABLES_DEPTH + 1)}}`,
          { 'Content-Type': 'application/json' },
        ),
    ],
    [
      'GET, 500 levels deep',
      () =>
        fetch(
          `${production.url}/graphql?${new URLSearchParams({ doc_id: ArticlePageQuery.params.id!, variables: nestedJson(500) })}`,
        ),
    ],
    [
      'POST, 20 kB of variables',
      () =>
        production
          .graphql({ doc_id: ArticlePageQuery.params.id, variables: { slug: 'x'.repeat(20_000) } })
          .then((answer) => new Response(JSON.stringify(answer.body), { status: answer.status })),
    ],
  ])('refuses variables %s with BAD_USER_INPUT', async (_label, send) => {
    const response = await send();
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: Errors }).errors[0]?.extensions?.code).toBe(
      'BAD_USER_INPUT',
    );
    // The server is still answering.
    expect(
      (
        await production.graphql({
          doc_id: ArticlePageQuery.params.id,
          variables: { slug: 'reading-the-tides' },
        })
      ).status,
    ).toBe(200);
  });

  it.each(['tides\u0000', '\u0000', 'ti\u0000des', 'tides\u0007\u001b[31m', 'tides\ud800'])(
    'searches %j without an error',
    async (query) => {
      const { errors } = await development.query(
        'query($q: String!) { search(query: $q, first: 3) { totalCount edges { node { slug } } } }',
        { q: query },
      );
      expect(errors).toBeUndefined();
    },
  );

  const cursor = (value: unknown) =>
    Buffer.from(typeof value === 'string' ? value : JSON.stringify(value), 'utf8').toString(
      'base64url',
    );
  const CURSORS = [
    ['{o:1e20}', cursor({ o: 1e20 })],
    ['{o:-1}', cursor({ o: -1 })],
    ['{o:1.5}', cursor({ o: 1.5 })],
    ['{o:"NaN"}', cursor({ o: 'NaN' })],
    ['["1",1e300]', cursor(['1', 1e300])],
    ['[date, 2^31]', cursor(['2025-01-01T00:00:00.000Z', 2 ** 31])],
    ['[year 275760, 1]', cursor(['+275760-09-13T00:00:00.000Z', 1])],
    ['[Feb 30, 1]', cursor(['2025-02-30T00:00:00.000Z', 1])],
    ['[-1e308 ms]', cursor([-1e308, 1])],
    ['not JSON', cursor('{o:1')],
    ['not base64', '%%%'],
    ['long', 'A'.repeat(5_000)],
  ];
  it.each(CURSORS)(
    'refuses the cursor %s everywhere with BAD_USER_INPUT "The cursor is not valid."',
    async (_label, after) => {
      const { data, errors } = await development.query(
        `query($after: String!) {
        articles(first: 2, after: $after) { edges { cursor } }
        authors(first: 2, after: $after) { edges { cursor } }
        topics(first: 2, after: $after) { edges { cursor } }
        search(query: "tides", first: 2, after: $after) { edges { cursor } }
      }`,
        { after },
      );
      expect(data ?? null).toBeNull();
      expect(errors?.length).toBeGreaterThan(0);
      for (const error of errors!)
        expect(error).toMatchObject({
          message: 'The cursor is not valid.',
          extensions: { code: 'BAD_USER_INPUT' },
        });
    },
  );

  it('still pages with the cursors it gives out', async () => {
    type Pages = {
      articles: { edges: { node: { slug: string } }[]; pageInfo: { endCursor: string } };
      authors: { edges: { node: { slug: string } }[]; pageInfo: { endCursor: string } };
    };
    const first = await development.query<Pages>(
      '{ articles(first: 2) { edges { node { slug } } pageInfo { endCursor } } authors(first: 1) { edges { node { slug } } pageInfo { endCursor } } }',
    );
    const next = await development.query<Pages>(
      'query($a: String!, $b: String!) { articles(first: 2, after: $a) { edges { node { slug } } pageInfo { endCursor } } authors(first: 1, after: $b) { edges { node { slug } } pageInfo { endCursor } } }',
      {
        a: first.data!.articles.pageInfo.endCursor,
        b: first.data!.authors.pageInfo.endCursor,
      },
    );
    expect(next.errors).toBeUndefined();
    expect(next.data!.articles.edges).toHaveLength(2);
    expect(next.data!.articles.edges[0]!.node.slug).not.toBe(
      first.data!.articles.edges[0]!.node.slug,
    );
    expect(next.data!.authors.edges).toHaveLength(1);
  });

  it.each([
    'fm=__proto__',
    'fm=constructor',
    'fm=toString',
    'fm=gif',
    'fm=webp&fm=png',
    'w=abc',
    'w=0x280',
    'w=640&w=320',
    'w=__proto__',
  ])('/images/…?%s is a 400 with a short message, and writes no cache file', async (query) => {
    const cacheDir = path.join(tmpdir(), `folio-images-${process.pid}`, 'image-cache');
    const files = () => (existsSync(cacheDir) ? readdirSync(cacheDir).sort() : []);
    const before = files();
    const response = await fetch(`${production.url}/images/hero-reading-the-tides.jpg?${query}`);
    expect(response.status).toBe(400);
    expect((await response.text()).length).toBeLessThan(200);
    expect(files()).toEqual(before);
  });
});

describe('votes are limited per article and client address, in SQL', () => {
  const articleId = async (slug: string) => {
    const { body } = await production.graphql<{ article: { id: string } }>({
      doc_id: ArticlePageQuery.params.id,
      operationName: 'ArticlePageQuery',
      variables: { slug },
    });
    return body.data!.article.id;
  };
  const vote = (id: string, helpful = true) =>
    production.graphql<{ rateArticle: { article: { helpfulCount: number } } }>({
      doc_id: HelpfulVoteMutation.params.id,
      operationName: 'HelpfulVoteMutation',
      variables: { articleId: id, helpful },
    });
  const budget = articleVoteBudget('0').limit;

  it(`counts ${budget} votes an hour from one address, all at once or one by one, and refuses the rest clearly`, async () => {
    const before = await helpfulCount('how-gps-finds-you');
    const id = await articleId('how-gps-finds-you');
    // Sent together, as a script would: the budget holds under concurrency.
    const answers = await Promise.all(Array.from({ length: budget * 3 }, () => vote(id)));
    const counted = answers.filter(({ body }) => body.data?.rateArticle);
    const refused = answers.filter(
      ({ body }) => body.errors?.[0]?.extensions?.code === 'RATE_LIMITED',
    );
    expect(counted).toHaveLength(budget);
    expect(refused).toHaveLength(budget * 2);
    expect(refused[0]!.status).toBe(200);
    expect(refused[0]!.body.errors![0]!.message).toMatch(/too many votes/i);
    expect(await helpfulCount('how-gps-finds-you')).toBe(before + budget);
    // Not helpful shares the article's budget.
    expect((await vote(id, false)).body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
  });

  it('leaves the same reader a vote on another article', async () => {
    const before = await helpfulCount('the-water-tower');
    const { body } = await vote(await articleId('the-water-tower'));
    expect(body.errors).toBeUndefined();
    expect(body.data!.rateArticle.article.helpfulCount).toBe(before + 1);
  });

  it('keeps the budget in the database that every worker shares', async () => {
    const { rows } = await production.db.query<{ used: number }>(
      "SELECT used FROM rate_limit_windows WHERE budget LIKE 'vote:%' AND client = '127.0.0.1' ORDER BY used DESC",
    );
    expect(rows[0]?.used).toBe(budget);
  });
});
