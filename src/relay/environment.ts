import { Environment, Network, RecordSource, Store } from 'relay-runtime';
import type { RecordMap } from 'relay-runtime/store/RelayStoreTypes';
import { createFetchGraphQL, type FetchGraphQLOptions } from './fetchGraphQL';
import { createSubscribeGraphQL } from './subscribeGraphQL';

/** docs/content-model.md#limits-and-constants: keep up to 10 released queries; reuse cached answers for 5 minutes. */
export const GC_RELEASE_BUFFER_SIZE = 10;
export const QUERY_CACHE_EXPIRATION_MS = 5 * 60 * 1000;

/**
 * A new Relay environment with its own store. The browser makes one per
 * page load, starting from a server-rendered page's records when it has them.
 */
export function createFolioEnvironment(
  options: FetchGraphQLOptions,
  records?: RecordMap,
): Environment {
  return environmentWith(options, records, false);
}

/**
 * The server renderer's environment, one per request. `isServer` tells
 * react-relay that nothing rendered here ever commits: otherwise each query a
 * component reads is held for the 5 minutes react-relay waits for a commit, by
 * a timer that keeps the whole request's store in memory that long (136 kB a
 * render, heap after GC over 4,000 renders of the article).
 */
export function createServerEnvironment(options: FetchGraphQLOptions): Environment {
  return environmentWith(options, undefined, true);
}

function environmentWith(
  options: FetchGraphQLOptions,
  records: RecordMap | undefined,
  isServer: boolean,
): Environment {
  return new Environment({
    // The server renders what is there now; only a browser follows changes.
    network: Network.create(
      createFetchGraphQL(options),
      isServer ? undefined : createSubscribeGraphQL(options.endpoint),
    ),
    store: new Store(new RecordSource(records), {
      gcReleaseBufferSize: GC_RELEASE_BUFFER_SIZE,
      queryCacheExpirationTime: QUERY_CACHE_EXPIRATION_MS,
    }),
    isServer,
  });
}
