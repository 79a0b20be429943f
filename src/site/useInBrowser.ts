import { useSyncExternalStore } from 'react';

const nothingToWatch = () => () => undefined;

/**
 * False on the server and while the page hydrates, true in the browser after:
 * for what only a browser does (live updates), rendered without a hydration
 * mismatch.
 */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
}
