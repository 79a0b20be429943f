/// <reference types="webpack/module" />

/**
 * `npm run dev`: when a fragment changes, relay-compiler rewrites the queries
 * that spread it. The modules that hold those query artifacts (the route table,
 * the router's frame query) accept the new ones in place, and the router loads
 * the page on screen again with them: the new field appears without a full
 * reload and without losing the page's state. Production builds have no hot
 * module replacement, and none of this runs.
 */
const NEW_ARTIFACTS = 'folio:new-relay-artifacts';

/** Called by a module that just accepted new query artifacts. */
export function announceNewArtifacts(): void {
  window.dispatchEvent(new Event(NEW_ARTIFACTS));
}

/** The router's side: runs `reload` after new artifacts arrive. Returns the unsubscribe. */
export function onNewArtifacts(reload: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  window.addEventListener(NEW_ARTIFACTS, reload);
  return () => window.removeEventListener(NEW_ARTIFACTS, reload);
}
