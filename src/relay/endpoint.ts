/**
 * The one place that knows where the GraphQL endpoint is.
 *
 * In order of precedence:
 * 1. runtime override: `<meta name="folio:graphql-endpoint" content="https://…/graphql">`
 *    in the served index.html (a deployer can change it without rebuilding);
 * 2. build-time variable: `FOLIO_GRAPHQL_ENDPOINT=… npm run build`;
 * 3. the default, `/graphql` on the same origin.
 *
 * Read lazily (never at module scope) so the module can run on a server.
 */
export const DEFAULT_GRAPHQL_ENDPOINT = '/graphql';

export const ENDPOINT_META_NAME = 'folio:graphql-endpoint';

export function resolveGraphQLEndpoint(doc: Document | undefined = globalThis.document): string {
  const runtime = doc?.querySelector<HTMLMetaElement>(`meta[name="${ENDPOINT_META_NAME}"]`)?.content.trim();
  if (runtime) return runtime;
  const buildTime = process.env.FOLIO_GRAPHQL_ENDPOINT;
  if (buildTime) return buildTime;
  return DEFAULT_GRAPHQL_ENDPOINT;
}
