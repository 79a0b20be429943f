// The browser build's stand-in for three relay-runtime modules that only
// features Folio's client never uses need (./browserRelay.js, unusedByFolioPlugin):
// - mutations/RelayDeclarativeMutationConfig: `configs` of a mutation or a
//   subscription (the legacy RANGE_ADD, NODE_DELETE…); Folio passes none;
// - mutations/createUpdatableProxy: `readUpdatableQuery`/`readUpdatableFragment`
//   (`@updatable`); Folio has none;
// - handlers/connection/MutationHandlers: the `@deleteRecord`, `@deleteEdge`,
//   `@appendEdge`… directives of a mutation; no compiled artifact has them.
// __tests__/src/relay/unusedByFolio.test.ts keeps each of these true. Used
// anyway, each says so at once rather than doing something else.
'use strict';

function unused(feature) {
  return () => {
    throw new Error(
      `Folio's browser Relay has no ${feature} (scripts/webpack/relay/unusedByFolio.js).`,
    );
  };
}

module.exports = {
  // RelayDeclarativeMutationConfig
  convert: unused('declarative mutation configs'),
  // createUpdatableProxy
  createUpdatableProxy: unused('updatable queries or fragments'),
  // MutationHandlers: RelayDefaultHandlerProvider answers undefined for their handles, and the
  // publish queue refuses an operation that names one ("Expected a handler to be provided").
};
