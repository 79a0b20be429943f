import { Client } from 'pg';
import { describeOnPostgres } from '../../support/describeOnPostgres';
import { startTestServer, type TestServer } from '../../support/testServer';

/**
 * The same data layer and SQL against a real PostgreSQL 15 (Debian's), as
 * `DATABASE_URL` deployments run it. CI starts one with scripts/ci-postgres.sh.
 */

describeOnPostgres('the content API on a real PostgreSQL server', (url) => {
  let api: TestServer;
  beforeAll(async () => {
    const client = new Client({ connectionString: url });
    await client.connect();
    await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    await client.end();
    api = await startTestServer({ databaseUrl: url });
  });
  afterAll(() => api?.close());

  it('is PostgreSQL 15', async () => {
    const { rows } = await api.db.query<{ server_version: string }>('SHOW server_version');
    expect(rows[0]!.server_version).toMatch(/^15\./);
    expect(api.db.kind).toBe('postgres');
  });

  it("opens its connections with Folio's settings: the statement timeout and its name", async () => {
    const { rows } = await api.db.query<{ statement_timeout: string; application_name: string }>(
      "SELECT current_setting('statement_timeout') AS statement_timeout, current_setting('application_name') AS application_name",
    );
    // The default, 5 s (settings/postgresSettings.ts), unless the environment sets FOLIO_PG_STATEMENT_TIMEOUT_MS.
    expect(rows[0]!.application_name).toBe('folio');
    if (!process.env.FOLIO_PG_STATEMENT_TIMEOUT_MS) expect(rows[0]!.statement_timeout).toBe('5s');
  });

  it('migrates, seeds, and serves the article list with the same statement count at 3 and 12', async () => {
    const list =
      'query($first: Int!) { articles(first: $first) { totalCount edges { node { title authors { name } topics { name } heroImage { url } } } } }';
    const count = async (first: number) => {
      const before = api.db.statementCount;
      const { data, errors } = await api.query<{
        articles: { totalCount: number; edges: unknown[] };
      }>(list, { first });
      expect(errors).toBeUndefined();
      expect(data!.articles.edges).toHaveLength(first);
      expect(data!.articles.totalCount).toBeGreaterThanOrEqual(30);
      return api.db.statementCount - before;
    };
    expect(await count(12)).toBe(await count(3));
  });

  it('searches, paginates and hides drafts the same way', async () => {
    const { data, errors } = await api.query<{
      search: { edges: { node: { slug: string } }[] };
      draft: unknown;
      page: { blocks: unknown[] };
    }>(
      '{ search(query: "\\"the moon\\" tides") { edges { node { slug } } } draft: article(slug: "the-four-day-week") { id } page(slug: "home") { blocks { __typename } } }',
    );
    expect(errors).toBeUndefined();
    expect(data!.search.edges[0]?.node.slug).toBe('reading-the-tides');
    expect(data!.draft).toBeNull();
    expect(data!.page.blocks.length).toBeGreaterThan(3);
  });
});
