/**
 * The one place that knows where the GraphQL endpoint is, and how to call it.
 *
 * Endpoint, in order of precedence:
 * 1. runtime override: `<meta name="folio:graphql-endpoint" content="https://…/graphql">`
 *    in the served index.html (a deployer can change it without rebuilding);
 * 2. build-time variable: `FOLIO_GRAPHQL_ENDPOINT=… npm run build`;
 * 3. the default, `/graphql` on the same origin.
 * Queries as GET (cacheable by a CDN): `<meta name="folio:graphql-get" content="true">`
 * or `FOLIO_GRAPHQL_GET=true` at build time. Mutations always POST.
 *
 * Read lazily (never at module scope) so the module can run on a server.
 */
import { buildTimeGraphQLEndpoint, buildTimeQueriesAsGet } from '../../settings/buildSettings';
import { GRAPHQL_PATH } from '../../shared/sitePaths';

export const DEFAULT_GRAPHQL_ENDPOINT = GRAPHQL_PATH;

export const ENDPOINT_META_NAME = 'folio:graphql-endpoint';

export function resolveGraphQLEndpoint(doc: Document | undefined = globalThis.document): string {
  const runtime = doc
    ?.querySelector<HTMLMetaElement>(`meta[name="${ENDPOINT_META_NAME}"]`)
    ?.content.trim();
  if (runtime) return runtime;
  const buildTime = buildTimeGraphQLEndpoint();
  if (buildTime) return buildTime;
  return DEFAULT_GRAPHQL_ENDPOINT;
}

export const GET_META_NAME = 'folio:graphql-get';

export function resolveQueriesAsGet(doc: Document | undefined = globalThis.document): boolean {
  const runtime = doc
    ?.querySelector<HTMLMetaElement>(`meta[name="${GET_META_NAME}"]`)
    ?.content.trim();
  if (runtime) return runtime === 'true';
  return buildTimeQueriesAsGet();
}
