/**
 * The browser client's build-time settings (`FOLIO_GRAPHQL_ENDPOINT=… npm run
 * build`): webpack's DefinePlugin writes their values into the bundle
 * (webpack.config.js), so this is the one module of the client that names the
 * environment; under jest it reads the process's. Read lazily, never at module scope.
 */
export const buildTimeGraphQLEndpoint = (): string | undefined =>
  process.env.FOLIO_GRAPHQL_ENDPOINT || undefined;

export const buildTimeQueriesAsGet = (): boolean => process.env.FOLIO_GRAPHQL_GET === 'true';
