// The browser's `react-relay/hooks`: only the hooks Folio's client uses (see
// ./browserRelay.js). react-relay's own entry requires every hook it has, and
// webpack cannot drop unused CommonJS modules. Each name is react-relay's own
// function, re-exported from the module that defines it. usePaginationFragment
// is not here: only the list pages page, and they import it from its own module
// (src/relay/usePaginationFragment.ts), so it and what only it needs (refetching,
// loading more) come with their chunks, not with the Relay every page loads.
import GraphQLTag from 'relay-runtime/lib/query/GraphQLTag.js';
import loadQueryModule from 'react-relay/lib/relay-hooks/loadQuery.js';

export { default as RelayEnvironmentProvider } from 'react-relay/lib/relay-hooks/RelayEnvironmentProvider.js';
export { default as useFragment } from 'react-relay/lib/relay-hooks/useFragment.js';
export { default as useLazyLoadQuery } from 'react-relay/lib/relay-hooks/useLazyLoadQuery.js';
export { default as useMutation } from 'react-relay/lib/relay-hooks/useMutation.js';
export { default as usePreloadedQuery } from 'react-relay/lib/relay-hooks/usePreloadedQuery.js';
export { default as useRelayEnvironment } from 'react-relay/lib/relay-hooks/useRelayEnvironment.js';

export const { loadQuery } = loadQueryModule;
// babel-plugin-relay replaces every graphql`` tag with its artifact; the import stays.
export const { graphql } = GraphQLTag;
