import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSchema, createYoga } from 'graphql-yoga';
import {
  createCmsBatch,
  MAX_CMS_ANSWER_BYTES,
  readShape,
  ShapeError,
  type CmsService,
} from '../../../api/sources/cms/cmsGraphQL';
import { startFaultServer, type FaultServer } from '../../support/faultServer';

/**
 * Issue 20: what Folio sends a CMS and how it reads the answer
 * (api/sources/cms/cmsGraphQL.ts): one request per tick whatever the number of
 * pieces, the default body with a Bearer token, and every failure a reader's
 * SOURCE_* error with the cause in the log.
 */
interface Logged {
  fields: Record<string, unknown>;
  message: string;
}

function serviceAt(url: string, logged: Logged[], overrides: Partial<CmsService> = {}): CmsService {
  return {
    name: 'TestCMS',
    url,
    token: (preview) => (preview ? 'preview-token' : 'reader-token'),
    log: (fields, message) => logged.push({ fields, message }),
    ...overrides,
  };
}

describe('against a real GraphQL server', () => {
  let server: Server;
  let url: string;
  const bodies: { operationName: string; query: string; variables: Record<string, unknown> }[] = [];
  const tokens: string[] = [];
  beforeAll(async () => {
    const yoga = createYoga({
      schema: createSchema({
        typeDefs:
          'type Query { article(slug: String!): Article  articles(limit: Int!): [Article!]! broken: Article }  type Article { slug: String! title: String! }',
        resolvers: {
          Query: {
            article: (_: unknown, { slug }: { slug: string }) =>
              slug === 'missing' ? null : { slug, title: `Title of ${slug}` },
            articles: (_: unknown, { limit }: { limit: number }) =>
              Array.from({ length: limit }, (_, index) => ({
                slug: `a${index}`,
                title: `A${index}`,
              })),
            broken: () => {
              throw new Error('the CMS failed here');
            },
          },
        },
      }),
      logging: false,
      maskedErrors: false,
      plugins: [
        {
          onRequest: ({ request }: { request: Request }) =>
            void tokens.push(String(request.headers.get('authorization'))),
          onParams: ({ params }: { params: unknown }) =>
            void bodies.push(params as (typeof bodies)[number]),
        },
      ],
    });
    server = createServer(yoga);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    bodies.length = 0;
    tokens.length = 0;
  });

  it('sends what one tick asks as one request, each piece under its own alias and variables', async () => {
    const batch = createCmsBatch(serviceAt(url, []), false);
    const field = 'article(slug: $slug) { slug title }';
    const [first, second, list] = await Promise.all([
      batch.query<{ title: string }>({ field, variables: { slug: ['String!', 'tides'] } }),
      batch.query<{ title: string }>({ field, variables: { slug: ['String!', 'bread'] } }),
      batch.query<{ slug: string }[]>({
        field: 'articles(limit: $limit) { ...Card }',
        variables: { limit: ['Int!', 3] },
        fragments: ['fragment Card on Article { slug }'],
      }),
    ]);
    expect(first.title).toBe('Title of tides');
    expect(second.title).toBe('Title of bread');
    expect(list.map((article) => article.slug)).toEqual(['a0', 'a1', 'a2']);
    expect(batch.requests).toBe(1);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      operationName: 'FolioContent',
      variables: { q0_slug: 'tides', q1_slug: 'bread', q2_limit: 3 },
    });
    expect(bodies[0]!.query).toContain('q1: article(slug: $q1_slug)');
    expect(tokens).toEqual(['Bearer reader-token']);
  });

  it('sends the next tick as the next request, with the preview token for a previewer', async () => {
    const batch = createCmsBatch(serviceAt(url, []), true);
    await batch.query({
      field: 'article(slug: $slug) { slug }',
      variables: { slug: ['String!', 'one'] },
    });
    await batch.query({
      field: 'article(slug: $slug) { slug }',
      variables: { slug: ['String!', 'two'] },
    });
    expect(batch.requests).toBe(2);
    expect(tokens).toEqual(['Bearer preview-token', 'Bearer preview-token']);
  });

  it('splits a tick over the service’s cost limit into as many requests as it needs, in the order asked', async () => {
    const batch = createCmsBatch(serviceAt(url, [], { maxCost: 10 }), false);
    const ask = (slug: string, cost: number) =>
      batch.query<{ title: string }>({
        field: 'article(slug: $slug) { title }',
        variables: { slug: ['String!', slug] },
        cost,
      });
    // 4 + 4 fit, a third 4 does not; 11 alone is over the limit and goes alone.
    const titles = await Promise.all([
      ask('a', 4),
      ask('b', 4),
      ask('c', 4),
      ask('d', 11),
      ask('e', 2),
    ]);
    expect(titles.map((article) => article.title)).toEqual([
      'Title of a',
      'Title of b',
      'Title of c',
      'Title of d',
      'Title of e',
    ]);
    expect(batch.requests).toBe(4);
    expect(bodies.map((body) => Object.values(body.variables))).toEqual([
      ['a', 'b'],
      ['c'],
      ['d'],
      ['e'],
    ]);
  });

  it('keeps a tick that fits the cost limit one request', async () => {
    const batch = createCmsBatch(serviceAt(url, [], { maxCost: 10 }), false);
    await Promise.all(
      ['a', 'b', 'c'].map((slug, index) =>
        batch.query({
          field: 'article(slug: $slug) { title }',
          variables: { slug: ['String!', slug] },
          cost: index + 2,
        }),
      ),
    );
    expect(batch.requests).toBe(1);
  });

  it('splits a tick whose query text would be over the service’s size limit, each request within it', async () => {
    const maxQueryBytes = 400;
    const batch = createCmsBatch(serviceAt(url, [], { maxQueryBytes }), false);
    const slugs = Array.from({ length: 12 }, (_, index) => `slug-${index}`);
    const titles = await Promise.all(
      slugs.map((slug) =>
        batch.query<{ title: string }>({
          field: 'article(slug: $slug) { slug title }',
          variables: { slug: ['String!', slug] },
        }),
      ),
    );
    expect(titles.map((article) => article.title)).toEqual(slugs.map((slug) => `Title of ${slug}`));
    expect(batch.requests).toBeGreaterThan(1);
    expect(bodies).toHaveLength(batch.requests);
    for (const body of bodies)
      expect(Buffer.byteLength(body.query)).toBeLessThanOrEqual(maxQueryBytes);
    expect(bodies.flatMap((body) => Object.values(body.variables))).toEqual(slugs);
  });

  it('gives a piece that failed its own error, and the others their values', async () => {
    const logged: Logged[] = [];
    const batch = createCmsBatch(serviceAt(url, logged), false);
    const [good, bad, missing] = await Promise.allSettled([
      batch.query({
        field: 'article(slug: $slug) { slug }',
        variables: { slug: ['String!', 'fine'] },
      }),
      batch.query({ field: 'broken { slug }' }),
      batch.query({
        field: 'article(slug: $slug) { slug }',
        variables: { slug: ['String!', 'missing'] },
      }),
    ]);
    expect(good).toEqual({ status: 'fulfilled', value: { slug: 'fine' } });
    expect(bad).toMatchObject({
      status: 'rejected',
      reason: { name: 'ContentError', code: 'SOURCE_BAD_RESPONSE' },
    });
    // Not there is an answer, not a failure.
    expect(missing).toEqual({ status: 'fulfilled', value: null });
    expect(logged).toEqual([
      {
        fields: expect.objectContaining({
          source: 'TestCMS',
          field: 'broken',
          errors: ['the CMS failed here'],
        }),
        message: 'TestCMS answered with errors',
      },
    ]);
  });
});

describe('faults', () => {
  let fault: FaultServer | undefined;
  afterEach(async () => {
    await fault?.close();
    fault = undefined;
  });
  const ask = (service: CmsService) =>
    createCmsBatch(service, false).query({
      field: 'article(slug: $slug) { slug }',
      variables: { slug: ['String!', 'x'] },
    });

  type Step = (request: unknown, response: import('node:http').ServerResponse) => void;
  const faults: { what: string; step: Step; code: string; message: string }[] = [
    {
      what: 'a 503',
      step: (_, response) => response.writeHead(503).end('busy'),
      code: 'SOURCE_UNAVAILABLE',
      message: 'TestCMS answered HTTP 503',
    },
    {
      what: 'a 401 (a token the CMS refuses)',
      step: (_, response) => response.writeHead(401).end('{"errors":[]}'),
      code: 'SOURCE_UNAVAILABLE',
      message: 'TestCMS answered HTTP 401',
    },
    {
      what: 'HTML',
      step: (_, response) => response.writeHead(200).end('<html>'),
      code: 'SOURCE_BAD_RESPONSE',
      message: 'TestCMS answered something that is not JSON',
    },
    {
      what: 'JSON without data or errors',
      step: (_, response) => response.writeHead(200).end('{"hello":1}'),
      code: 'SOURCE_BAD_RESPONSE',
      message: 'TestCMS answered JSON with neither data nor errors',
    },
    {
      what: 'data without the field asked',
      step: (_, response) => response.writeHead(200).end('{"data":null}'),
      code: 'SOURCE_BAD_RESPONSE',
      message: 'TestCMS answered nothing for article',
    },
    {
      what: 'an answer that says it is past the size Folio reads',
      step: (_, response) =>
        response.writeHead(200, { 'Content-Length': String(MAX_CMS_ANSWER_BYTES + 1) }).end(),
      code: 'SOURCE_BAD_RESPONSE',
      message: 'TestCMS answered more than 32 MB',
    },
    {
      what: 'an answer streamed past the size Folio reads, never ending',
      step: (_, response) => {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        const chunk = `"${'a'.repeat(1024 * 1024)}",`;
        const more = () => {
          while (!response.destroyed && response.write(chunk));
          if (!response.destroyed) response.once('drain', more);
        };
        response.write('{"data":{"q0":[');
        more();
      },
      code: 'SOURCE_BAD_RESPONSE',
      message: 'TestCMS answered more than 32 MB',
    },
  ];
  it.each(faults)(
    '$what is the reader’s $code, logged as what it was',
    async ({ step, code, message }) => {
      fault = await startFaultServer([step]);
      const logged: Logged[] = [];
      await expect(ask(serviceAt(fault.url, logged))).rejects.toMatchObject({
        name: 'ContentError',
        code,
      });
      expect(logged.map((entry) => entry.message)).toEqual([message]);
    },
  );

  it('a CMS that does not answer in time is SOURCE_UNAVAILABLE after the timeout', async () => {
    fault = await startFaultServer([() => undefined]);
    const logged: Logged[] = [];
    const started = Date.now();
    await expect(ask(serviceAt(fault.url, logged, { timeoutMs: 300 }))).rejects.toMatchObject({
      name: 'ContentError',
      code: 'SOURCE_UNAVAILABLE',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(logged[0]).toMatchObject({
      message: 'TestCMS could not be reached',
      fields: { cause: 'no answer in 300 ms' },
    });
  });

  it('a CMS that is down is SOURCE_UNAVAILABLE, and the log says why', async () => {
    const logged: Logged[] = [];
    // A port that was free a moment ago: nothing listens there now.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(ask(serviceAt(`http://127.0.0.1:${port}/graphql`, logged))).rejects.toMatchObject({
      name: 'ContentError',
      code: 'SOURCE_UNAVAILABLE',
    });
    expect(String(logged[0]?.fields.cause)).toContain('ECONNREFUSED');
  });
});

it('an unexpected shape is logged with the field and is the reader’s SOURCE_BAD_RESPONSE; other errors pass', () => {
  const logged: Logged[] = [];
  const service = {
    name: 'TestCMS',
    log: (fields: Record<string, unknown>, message: string) => logged.push({ fields, message }),
  };
  expect(() =>
    readShape(service, () => {
      throw new ShapeError('article.heroImage.width');
    }),
  ).toThrow(expect.objectContaining({ name: 'ContentError', code: 'SOURCE_BAD_RESPONSE' }));
  expect(logged).toEqual([
    {
      fields: { source: 'TestCMS', field: 'article.heroImage.width' },
      message: 'TestCMS answered an unexpected shape at article.heroImage.width',
    },
  ]);
  expect(() =>
    readShape(service, () => {
      throw new RangeError('not a shape problem');
    }),
  ).toThrow(RangeError);
  expect(readShape(service, () => 42)).toBe(42);
});
