import usePaginationFragment from 'react-relay/lib/relay-hooks/usePaginationFragment.js';

/**
 * react-relay's usePaginationFragment, from its own module: the list pages
 * (article index, topics, an author, search) are the only ones that page, so
 * it and what only it needs (refetching, loading more) come with their
 * chunks instead of with the Relay every page loads
 * (scripts/webpack/relay/react-relay-hooks.mjs leaves it out).
 */
export { usePaginationFragment };
