// The browser build's relay-runtime/lib/store/live-resolvers/LiveResolverCache.
// RelayModernStore always makes one, though only Relay Resolvers (fields
// computed on the client, `@RelayResolver` or `@live`) ever put a record in it,
// and Folio's schema has none: every compiled artifact is checked for them
// (__tests__/src/relay/noLiveResolvers.test.ts). The cache and what only it
// requires are about 1.6 kB of the page's brotli'd JavaScript.
//
// This is relay-runtime's own NoopResolverCache (a plain resolver is evaluated
// on every read, a live one refused with Relay's message) with the methods the
// store calls besides, each doing what LiveResolverCache does when it holds no
// resolver record: nothing, or passing the call through to the store.
'use strict';

const { NoopResolverCache } = require('relay-runtime/lib/store/ResolverCache');

/** The key the store's garbage collector reads a live resolver's unsubscribe function from (never set here). */
const RELAY_RESOLVER_LIVE_STATE_SUBSCRIPTION_KEY = '__resolverLiveStateSubscription';

class LiveResolverCache extends NoopResolverCache {
  constructor(getRecordSource, store) {
    super();
    this._store = store;
  }

  notifyUpdatedSubscribers(updatedDataIDs) {
    this._store.__notifyUpdatedSubscribers(updatedDataIDs);
  }

  getLiveResolverPromise(liveStateID) {
    throw new Error(`Folio's browser Relay has no live resolvers (asked for ${liveStateID}).`);
  }

  /** Live resolvers' updates batched while `callback` runs: there are none to publish. */
  batchLiveStateUpdates(callback) {
    callback();
  }

  /** As above; says whether a batch was published (never). */
  batchLiveStateUpdatesWithoutNotify(callback) {
    callback();
    return false;
  }

  unsubscribeFromLiveResolverRecords() {}

  invalidateResolverRecords() {}
}

module.exports = {
  LiveResolverCache,
  RELAY_RESOLVER_LIVE_STATE_SUBSCRIPTION_KEY,
  getUpdatedDataIDs: (updatedRecords) => updatedRecords,
};
