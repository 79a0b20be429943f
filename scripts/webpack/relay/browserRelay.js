// The browser bundle's Relay: the same react-relay and relay-runtime, without
// the modules Folio's client never runs. Both packages are CommonJS, and their
// entries require everything they have, so webpack keeps all of it (about a
// quarter of the page's Relay code). Two changes, for the client build only
// (the server renderer and jest use the packages as published):
// - `react-relay/hooks` and `relay-runtime` resolve to entries that export just
//   what Folio and those hooks read (./react-relay-hooks.mjs, ./relay-runtime.mjs;
//   __tests__/src/relay/browserRelay.test.ts keeps the lists true);
// - three react-relay hooks that pick one of two implementations by
//   RelayFeatureFlags.ENABLE_ACTIVITY_COMPATIBILITY (true by default, and Folio
//   never sets it) resolve to the implementation that flag picks;
// - the store's cache of Relay Resolvers' values, which Folio's schema never
//   fills, resolves to ./noLiveResolvers.js;
// - three relay-runtime modules only features Folio never uses need (declarative
//   mutation configs, updatable proxies, the mutation edge directives' handlers)
//   resolve to ./unusedByFolio.js.
const path = require('node:path');
const webpack = require('webpack');

/** react-relay/lib/relay-hooks modules → the module ENABLE_ACTIVITY_COMPATIBILITY selects. */
const ACTIVITY_COMPATIBLE = {
  useFragmentInternal: 'useFragmentInternal_EXPERIMENTAL',
  useLoadMoreFunction: 'useLoadMoreFunction_EXPERIMENTAL',
  useQueryLoader: 'useQueryLoader_EXPERIMENTAL',
};

const ENTRIES = {
  'react-relay/hooks': path.join(__dirname, 'react-relay-hooks.mjs'),
  'relay-runtime': path.join(__dirname, 'relay-runtime.mjs'),
};

/** For webpack's `resolve.alias` (exact matches: deep imports are unchanged). */
const browserRelayAliases = Object.fromEntries(
  Object.entries(ENTRIES).map(([name, file]) => [`${name}$`, file]),
);

const RELAY_HOOKS_DIR = /[\\/]react-relay[\\/]lib[\\/]relay-hooks$/;

/** Points `require('./useFragmentInternal')` (and the other two) inside react-relay at the flag's choice. */
function activityCompatiblePlugin() {
  const names = Object.keys(ACTIVITY_COMPATIBLE).join('|');
  return new webpack.NormalModuleReplacementPlugin(new RegExp(`^\\./(${names})$`), (resource) => {
    if (!RELAY_HOOKS_DIR.test(resource.context)) return;
    resource.request = `./${ACTIVITY_COMPATIBLE[resource.request.slice(2)]}`;
  });
}

const LIVE_RESOLVER_CACHE = /^\.\/live-resolvers\/LiveResolverCache$/;
const RELAY_STORE_DIR = /[\\/]relay-runtime[\\/]lib[\\/]store$/;
const NO_LIVE_RESOLVERS = path.join(__dirname, 'noLiveResolvers.js');

/** Points RelayModernStore's `require('./live-resolvers/LiveResolverCache')` at ./noLiveResolvers.js. */
function noLiveResolversPlugin() {
  return new webpack.NormalModuleReplacementPlugin(LIVE_RESOLVER_CACHE, (resource) => {
    if (!RELAY_STORE_DIR.test(resource.context)) return;
    resource.request = NO_LIVE_RESOLVERS;
  });
}

/** relay-runtime modules (relative requests, and the folder they are required from) only features Folio never uses need. */
const UNUSED_BY_FOLIO = [
  [/^\.\/RelayDeclarativeMutationConfig$/, /[\\/]relay-runtime[\\/]lib[\\/]mutations$/],
  [
    /^\.\.\/mutations\/RelayDeclarativeMutationConfig$/,
    /[\\/]relay-runtime[\\/]lib[\\/]subscription$/,
  ],
  [/^\.\/createUpdatableProxy$/, /[\\/]relay-runtime[\\/]lib[\\/]mutations$/],
  [/^\.\/connection\/MutationHandlers$/, /[\\/]relay-runtime[\\/]lib[\\/]handlers$/],
];
const UNUSED = path.join(__dirname, 'unusedByFolio.js');

/** Points each of UNUSED_BY_FOLIO at ./unusedByFolio.js. */
function unusedByFolioPlugin() {
  return new webpack.NormalModuleReplacementPlugin(
    /(RelayDeclarativeMutationConfig|createUpdatableProxy|MutationHandlers)$/,
    (resource) => {
      const replaced = UNUSED_BY_FOLIO.some(
        ([request, context]) => request.test(resource.request) && context.test(resource.context),
      );
      if (replaced) resource.request = UNUSED;
    },
  );
}

module.exports = {
  UNUSED,
  UNUSED_BY_FOLIO,
  unusedByFolioPlugin,
  ACTIVITY_COMPATIBLE,
  ENTRIES,
  NO_LIVE_RESOLVERS,
  browserRelayAliases,
  activityCompatiblePlugin,
  noLiveResolversPlugin,
};
