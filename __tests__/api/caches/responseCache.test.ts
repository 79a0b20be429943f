import ArticlePageQuery from '@generated/ArticlePageQuery.graphql';
import HelpfulVoteMutation from '@generated/HelpfulVoteMutation.graphql';
import SearchPageQuery from '@generated/SearchPageQuery.graphql';
import SearchResultsPaginationQuery from '@generated/SearchResultsPaginationQuery.graphql';
import { startTestServer, type TestServer } from '../../support/testServer';

/** The production API keeps readers' answers for a while (api/createContentApi.ts). */
const PREVIEW_TOKEN = 'cache-test-token';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ mode: 'production', previewToken: PREVIEW_TOKEN });
});
afterAll(() => server.close());

const articleUrl = (slug: string) => server.persistedGetUrl(ArticlePageQuery, { slug });

async function readArticle(slug: string, headers: Record<string, string> = {}) {
  const before = server.db.statementCount;
  const response = await fetch(articleUrl(slug), { headers });
  const body = (await response.json()) as {
    data: { article: { id: string; title: string; helpfulCount: number } | null };
  };
  return { body, statements: server.db.statementCount - before };
}

it('answers the same reader query again without running SQL, with the same body', async () => {
  const first = await readArticle('reading-the-tides');
  const second = await readArticle('reading-the-tides');
  expect(first.statements).toBeGreaterThan(0);
  expect(second.statements).toBe(0);
  expect(second.body).toEqual(first.body);
});

it('never serves a preview answer to a reader, nor a reader answer to a previewer', async () => {
  const reader = await readArticle('the-four-day-week');
  expect(reader.body.data.article).toBeNull();

  const preview = await readArticle('the-four-day-week', { 'X-Preview-Token': PREVIEW_TOKEN });
  expect(preview.body.data.article?.title).toMatch(/four-day week/);
  expect(preview.statements).toBeGreaterThan(0);

  const readerAgain = await readArticle('the-four-day-week');
  expect(readerAgain.body.data.article).toBeNull();
});

it('a helpful vote drops the kept answers that show that article', async () => {
  const before = await readArticle('why-the-sky-is-blue');
  const article = before.body.data.article!;
  const vote = await server.graphql({
    doc_id: HelpfulVoteMutation.params.id,
    operationName: 'HelpfulVoteMutation',
    variables: { articleId: article.id, helpful: true },
  });
  expect(vote.body.errors).toBeUndefined();
  const after = await readArticle('why-the-sky-is-blue');
  expect(after.statements).toBeGreaterThan(0);
  expect(after.body.data.article?.helpfulCount).toBe(article.helpfulCount + 1);
});

describe('readers’ counts are kept as long as readers’ answers (api/caches/readerCounts.ts)', () => {
  /** The SQL the API runs while `run` does. */
  async function statementsDuring(run: () => Promise<unknown>): Promise<string[]> {
    const seen: string[] = [];
    const original = server.db.query;
    server.db.query = ((sql: string, params?: unknown[]) => {
      seen.push(sql);
      return original.call(server.db, sql, params);
    }) as typeof original;
    try {
      await run();
    } finally {
      server.db.query = original;
    }
    return seen;
  }
  const counts = (statements: string[]) => statements.filter((sql) => /count\(\*\)/.test(sql));
  type Search = { search: { totalCount: number; pageInfo: { endCursor: string } } };
  const search = (query: string, headers: Record<string, string> = {}) =>
    server.graphql<Search>(
      { doc_id: SearchPageQuery.params.id, operationName: 'SearchPageQuery', variables: { query } },
      headers,
    );
  const nextPage = (query: string, cursor: string, headers: Record<string, string> = {}) =>
    server.graphql<Search>(
      {
        doc_id: SearchResultsPaginationQuery.params.id,
        operationName: 'SearchResultsPaginationQuery',
        variables: { query, count: 2, cursor },
      },
      headers,
    );

  it('a reader’s next page of results reuses the count of the first: no count statement', async () => {
    let first: Search | undefined;
    const firstStatements = await statementsDuring(
      async () => (first = (await search('the')).body.data!),
    );
    expect(counts(firstStatements)).toHaveLength(1);
    let second: Search | undefined;
    const secondStatements = await statementsDuring(
      async () => (second = (await nextPage('the', first!.search.pageInfo.endCursor)).body.data!),
    );
    expect(secondStatements.length).toBeGreaterThan(0);
    expect(counts(secondStatements)).toHaveLength(0);
    expect(second!.search.totalCount).toBe(first!.search.totalCount);
  });

  it('a preview counts every time (its counts include drafts)', async () => {
    const headers = { Authorization: `Bearer ${PREVIEW_TOKEN}` };
    const first = (await search('week', headers)).body.data!;
    const again = await statementsDuring(() =>
      nextPage('week', first.search.pageInfo.endCursor, headers),
    );
    expect(counts(again)).toHaveLength(1);
  });
});
