import { RANKED_CANDIDATES } from '../../../../api/sources/embedded/search';
import { generateArticles } from '../../../../api/publishing/generate';
import { startTestServer, type TestServer } from '../../../support/testServer';

/**
 * A word found in most of a large archive (bench/RESULTS.md §7): the search
 * ranks only its newest RANKED_CANDIDATES matches, so its cost stays bounded,
 * while the count stays exact and paging ends where the ranked matches do.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await generateArticles(server.db, RANKED_CANDIDATES + 300);
}, 120_000);
afterAll(() => server.close());

type Search = {
  search: {
    totalCount: number;
    edges: { node: { publishedAt: string } }[];
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  };
};
const SEARCH =
  'query($q: String!, $after: String) { search(query: $q, first: 50, after: $after) { totalCount edges { node { publishedAt } } pageInfo { hasNextPage endCursor } } }';
const cursorAt = (offset: number) =>
  Buffer.from(JSON.stringify({ o: offset })).toString('base64url');

it('ranks the newest matches of a common word, counts all of them, and stops paging after the ranked ones', async () => {
  const { rows } = await server.db.query<{ n: number; oldest_ranked: Date }>(
    `WITH m AS (SELECT a.published_at FROM articles a WHERE a.status = 'PUBLISHED' AND a.published_at <= now() AND a.search_vector @@ websearch_to_tsquery('english', 'time') ORDER BY a.published_at DESC, a.id DESC)
     SELECT (SELECT count(*)::int FROM m) AS n, (SELECT published_at FROM m OFFSET ${RANKED_CANDIDATES - 1} LIMIT 1) AS oldest_ranked`,
  );
  const { n, oldest_ranked: oldestRanked } = rows[0]!;
  expect(n).toBeGreaterThan(RANKED_CANDIDATES);

  const first = await server.query<Search>(SEARCH, { q: 'time' });
  expect(first.errors).toBeUndefined();
  expect(first.data!.search.totalCount).toBe(n);
  for (const { node } of first.data!.search.edges)
    expect(new Date(node.publishedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(oldestRanked).getTime(),
    );

  const last = await server.query<Search>(SEARCH, {
    q: 'time',
    after: cursorAt(RANKED_CANDIDATES - 10),
  });
  expect(last.errors).toBeUndefined();
  expect(last.data!.search.edges).toHaveLength(10);
  expect(last.data!.search.pageInfo.hasNextPage).toBe(false);
});
