import { Environment, Network, RecordSource, Store } from 'relay-runtime';
import type { RecordMap } from 'relay-runtime/store/RelayStoreTypes';
import { createFetchGraphQL, type FetchGraphQLOptions } from './fetchGraphQL';

/** SPEC §9: keep up to 10 released queries; reuse cached answers for 5 minutes. */
export const GC_RELEASE_BUFFER_SIZE = 10;
export const QUERY_CACHE_EXPIRATION_MS = 5 * 60 * 1000;

/**
 * A new Relay environment with its own store. The browser makes one per
 * page load; the server renderer makes one per request.
 */
export function createFolioEnvironment(options: FetchGraphQLOptions, records?: RecordMap): Environment {
  return new Environment({
    network: Network.create(createFetchGraphQL(options)),
    // In the browser, a server-rendered page's records: its queries answer from them.
    store: new Store(new RecordSource(records), {
      gcReleaseBufferSize: GC_RELEASE_BUFFER_SIZE,
      queryCacheExpirationTime: QUERY_CACHE_EXPIRATION_MS,
    }),
  });
}
