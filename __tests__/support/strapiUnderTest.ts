import { variablesOf } from '../../e2e/support/contentSources';

/**
 * A describe block that runs against the repo's real Strapi (cms/strapi),
 * named by `FOLIO_TEST_STRAPI`: the one line of variables `npm run
 * cms:strapi` prints (.ci/run starts it and sets this). Without it the block
 * is skipped with a message, except in CI, where its absence fails the run.
 */
export function describeOnStrapi(title: string, body: (variables: Record<string, string>) => void): void {
  const line = process.env.FOLIO_TEST_STRAPI;
  if (line) describe(title, () => body(variablesOf(line)));
  else if (process.env.CI)
    it(`${title}: has a Strapi to test against in CI`, () => {
      throw new Error('FOLIO_TEST_STRAPI is not set: .ci/run starts `npm run cms:strapi` and sets it to the line it prints.');
    });
  else it.skip(`${title}: runs against the local Strapi when FOLIO_TEST_STRAPI holds the line \`npm run cms:strapi\` prints`, () => {});
}
