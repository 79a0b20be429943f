import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import ArticlePageQuery from '@generated/ArticlePageQuery.graphql';
import HelpfulVoteMutation from '@generated/HelpfulVoteMutation.graphql';
import { RememberedAnswers } from '../../api/answerCompression';
import { startTestServer, type TestServer } from '../support/testServer';

/** The API compresses its own answers (api/answerCompression.ts); fetch would hide that, so these read raw bytes. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ mode: 'production' });
});
afterAll(() => server.close());

const CHROMIUM = 'gzip, deflate, br, zstd';

const articleUrl = (slug: string) => server.persistedGetUrl(ArticlePageQuery, { slug });

function get(url: string, acceptEncoding?: string) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    const headers: Record<string, string> = {
      Accept: 'application/graphql-response+json, application/json;q=0.9',
    };
    if (acceptEncoding !== undefined) headers['Accept-Encoding'] = acceptEncoding;
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

function decode(answer: {
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}): unknown {
  const encoding = answer.headers['content-encoding'];
  const text =
    encoding === 'br'
      ? brotliDecompressSync(answer.body)
      : encoding === 'gzip'
        ? gunzipSync(answer.body)
        : answer.body;
  return JSON.parse(text.toString('utf8'));
}

it('sends brotli to a browser, gzip where only gzip is accepted, plain text otherwise — the same answer each time', async () => {
  const url = articleUrl('reading-the-tides');
  const plain = await get(url);
  const brotli = await get(url, CHROMIUM);
  const gzip = await get(url, 'gzip');
  const refused = await get(url, 'br;q=0, gzip;q=0, identity');
  expect([plain.status, brotli.status, gzip.status, refused.status]).toEqual([200, 200, 200, 200]);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(brotli.headers['content-encoding']).toBe('br');
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(refused.headers['content-encoding']).toBeUndefined();
  for (const answer of [brotli, gzip]) {
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(plain.body.length / 2);
    expect(decode(answer)).toEqual(decode(plain));
  }
  // The CDN header of a cacheable GET survives the new response.
  expect(brotli.headers['cache-control']).toMatch(/public/);
});

it('leaves small answers alone', async () => {
  const answer = await get(articleUrl('no-such-article'), CHROMIUM);
  expect(answer.status).toBe(200);
  expect(answer.body.length).toBeLessThan(1024);
  expect(answer.headers['content-encoding']).toBeUndefined();
  expect((decode(answer) as { data: { article: unknown } }).data.article).toBeNull();
});

it('never sends remembered bytes once the answer has changed (a helpful vote)', async () => {
  const url = articleUrl('why-the-sky-is-blue');
  const before = decode(await get(url, CHROMIUM)) as {
    data: { article: { id: string; helpfulCount: number } };
  };
  const again = decode(await get(url, CHROMIUM));
  expect(again).toEqual(before);
  const vote = await server.graphql({
    doc_id: HelpfulVoteMutation.params.id,
    operationName: 'HelpfulVoteMutation',
    variables: { articleId: before.data.article.id, helpful: true },
  });
  expect(vote.body.errors).toBeUndefined();
  const after = decode(await get(url, CHROMIUM)) as typeof before;
  expect(after.data.article.helpfulCount).toBe(before.data.article.helpfulCount + 1);
});

describe('RememberedAnswers', () => {
  it('keeps what fits its budget and lets the least recently used go first', () => {
    const answers = new RememberedAnswers(100);
    answers.set('a'.repeat(30), 30, Buffer.alloc(10));
    answers.set('b'.repeat(30), 30, Buffer.alloc(10));
    expect(answers.get('a'.repeat(30))).toBeDefined(); // a is now the most recent
    answers.set('c'.repeat(30), 30, Buffer.alloc(10)); // 120 bytes: b goes
    expect(answers.get('b'.repeat(30))).toBeUndefined();
    expect(answers.get('a'.repeat(30))).toBeDefined();
    expect(answers.get('c'.repeat(30))).toBeDefined();
  });
});
