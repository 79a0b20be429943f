import type { CmsService } from './cms/cmsGraphQL';
import { createContentfulSource } from './contentful/contentfulSource';
import type { ContentSourceFactory } from './contentSource';
import { createEmbeddedSource } from './embedded/embeddedSource';
import { createStrapiSource } from './strapi/strapiSource';
import type { SourceSettings } from '../../settings/sourceSettings';

/**
 * The content source the settings name, made over Folio's own database once
 * it is open (readers' writes and a CMS's search index live there whatever the source).
 */
export function contentSourceFor(
  settings: SourceSettings,
  log: CmsService['log'],
): ContentSourceFactory {
  switch (settings.kind) {
    case 'embedded':
      return createEmbeddedSource;
    case 'contentful':
      return (db) => createContentfulSource(settings, db, log);
    case 'strapi':
      return (db) => createStrapiSource(settings, db, log);
  }
}

/** A token the CMS refuses, and what it said; null when the CMS took it (or could not be asked: a CMS that is down is a reader state, not a start-up error). */
async function refusal(
  url: string,
  token: string,
  preview: boolean,
  fetchImpl: typeof fetch,
): Promise<number | null> {
  try {
    const response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      // The smallest query every GraphQL API answers; Contentful also checks a preview token only with `preview: true`.
      body: JSON.stringify({
        query: preview
          ? '{ assetCollection(limit: 0, preview: true) { total } }'
          : '{ __typename }',
      }),
      signal: AbortSignal.timeout(5_000),
    });
    return response.status === 401 || response.status === 403 ? response.status : null;
  } catch {
    return null;
  }
}

/**
 * Before serving: a token the CMS refuses stops the start with one line
 * naming the variable (issue 20), instead of a site whose every page is a 503.
 * Returns what it could not check (the CMS did not answer), for the log.
 */
export async function checkSourceAccess(
  settings: SourceSettings,
  fetchImpl: typeof fetch = globalThis.fetch,
): Promise<void> {
  const checks: [variable: string, url: string, token: string, preview: boolean][] = [];
  if (settings.kind === 'strapi')
    checks.push(['FOLIO_STRAPI_TOKEN', `${settings.url}/graphql`, settings.token, false]);
  if (settings.kind === 'contentful') {
    checks.push([
      'FOLIO_CONTENTFUL_DELIVERY_TOKEN',
      settings.graphqlUrl,
      settings.deliveryToken,
      false,
    ]);
    if (settings.previewToken)
      checks.push([
        'FOLIO_CONTENTFUL_PREVIEW_TOKEN',
        settings.graphqlUrl,
        settings.previewToken,
        true,
      ]);
  }
  for (const [variable, url, token, preview] of checks) {
    const status = await refusal(url, token, preview, fetchImpl);
    if (status !== null)
      throw new Error(
        `${variable} was refused by ${settings.kind === 'strapi' ? 'Strapi' : 'Contentful'} at ${url} (HTTP ${status}): check the token.`,
      );
  }
}
