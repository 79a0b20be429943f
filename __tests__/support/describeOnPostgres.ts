/**
 * A describe block that runs against a real PostgreSQL server
 * (TEST_DATABASE_URL, started by scripts/ci-postgres.sh). Without one it is
 * skipped with a message, except in CI, where its absence fails the run.
 */
export function describeOnPostgres(title: string, body: (serverUrl: string) => void): void {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) describe(title, () => body(serverUrl));
  else if (process.env.CI)
    it(`${title}: has a PostgreSQL server to test against in CI`, () => {
      throw new Error(
        'TEST_DATABASE_URL is not set: run `eval "$(bash scripts/ci-postgres.sh)"` first.',
      );
    });
  else
    it.skip(`${title}: runs against PostgreSQL 15 when TEST_DATABASE_URL is set (see scripts/ci-postgres.sh)`, () => {});
}
