// relay-runtime's requestSubscription as its own module (module.exports = the
// function), which @types/relay-runtime types only as a named export of the
// package: imported this way, it goes into the chunk of the page that
// subscribes (src/relay/requestSubscription.ts), not into every page's bundle.
declare module 'relay-runtime/lib/subscription/requestSubscription.js' {
  import type { requestSubscription } from 'relay-runtime';

  const subscribe: typeof requestSubscription;
  export default subscribe;
}
