import { readFileSync } from 'node:fs';
import { dataFile } from '../../cms/strapi/lib/folio.js';
import { readSourceSettings, type SourceSettings } from '../../settings/sourceSettings';
import { variablesOf } from '../../harness/contentSources';

type StrapiSettings = Extract<SourceSettings, { kind: 'strapi' }>;

/**
 * A describe block that runs against the repo's real Strapi (cms/strapi),
 * named by `FOLIO_TEST_STRAPI`: the one line of variables `npm run
 * cms:strapi` prints (.ci/run starts it and sets this), given to the body
 * with the Strapi settings Folio's server reads from them. Without it the
 * block is skipped with a message, except in CI, where its absence fails
 * the run.
 */
export function describeOnStrapi(
  title: string,
  body: (variables: Record<string, string>, settings: StrapiSettings) => void,
): void {
  const line = process.env.FOLIO_TEST_STRAPI;
  if (line)
    describe(title, () => {
      const variables = variablesOf(line);
      const settings = readSourceSettings(variables);
      if (settings.kind !== 'strapi')
        throw new Error(`FOLIO_TEST_STRAPI names the ${settings.kind} source`);
      body(variables, settings);
    });
  else if (process.env.CI)
    it(`${title}: has a Strapi to test against in CI`, () => {
      throw new Error(
        'FOLIO_TEST_STRAPI is not set: .ci/run starts `npm run cms:strapi` and sets it to the line it prints.',
      );
    });
  else
    it.skip(`${title}: runs against the local Strapi when FOLIO_TEST_STRAPI holds the line \`npm run cms:strapi\` prints`, () => {});
}

/**
 * Strapi's REST API as a writer uses it, with the full-access token the
 * import writes with (cms/strapi/README.md): an answer other than 2xx throws
 * with Strapi's words; 204 gives null.
 */
export function strapiWriter(
  settings: StrapiSettings,
): (method: string, url: string, body?: unknown) => Promise<{ data: unknown } | null> {
  const importToken = readFileSync(dataFile('import-token'), 'utf8').trim();
  return async (method, url, body) => {
    const response = await fetch(`${settings.url}${url}`, {
      method,
      headers: { Authorization: `Bearer ${importToken}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(
        `Strapi answered ${response.status} to ${method} ${url}: ${await response.text()}`,
      );
    return response.status === 204 ? null : ((await response.json()) as { data: unknown });
  };
}
