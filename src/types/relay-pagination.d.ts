// react-relay's usePaginationFragment as its own module (module.exports = the
// hook), which @types/react-relay types only as a named export of
// react-relay/hooks: imported this way (src/relay/usePaginationFragment.ts), it
// and what only it needs go into the chunks of the list pages, not into every
// page's bundle.
declare module 'react-relay/lib/relay-hooks/usePaginationFragment.js' {
  import type { usePaginationFragment } from 'react-relay/hooks';

  const paginate: typeof usePaginationFragment;
  export default paginate;
}
