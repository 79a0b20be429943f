import { Environment, Network, RecordSource, Store } from 'relay-runtime';
import { createFetchGraphQL, type FetchGraphQLOptions } from './fetchGraphQL';

/** SPEC §9: keep up to 10 released queries; reuse cached answers for 5 minutes. */
export const GC_RELEASE_BUFFER_SIZE = 10;
export const QUERY_CACHE_EXPIRATION_MS = 5 * 60 * 1000;

/**
 * A new Relay environment with its own store. The browser makes one per
 * session; a server renderer makes one per request.
 */
export function createFolioEnvironment(options: FetchGraphQLOptions): Environment {
  return new Environment({
    network: Network.create(createFetchGraphQL(options)),
    store: new Store(new RecordSource(), {
      gcReleaseBufferSize: GC_RELEASE_BUFFER_SIZE,
      queryCacheExpirationTime: QUERY_CACHE_EXPIRATION_MS,
    }),
  });
}
