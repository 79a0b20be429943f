/**
 * `npm run dev`: the API publishes content/ when a file is saved and says so
 * on this event stream (api/publishing/serverPublishing.ts); the page on
 * screen then loads its data again from the network, without a reload.
 * Production builds have no hot module replacement, and none of this runs.
 */
export const CONTENT_EVENTS_PATH = '/__folio/content/events';

/** The event a publish sends: what it wrote, in the words of a change (api/changes/contentChange.ts). */
export const CONTENT_PUBLISHED_EVENT = 'published';
/** The event a save that could not be published sends: its problems, `file:line: …`. */
export const CONTENT_REJECTED_EVENT = 'rejected';

/** Runs `reload` after each publish. Returns the unsubscribe. */
export function onContentPublished(reload: () => void): () => void {
  if (typeof window === 'undefined' || typeof EventSource === 'undefined') return () => {};
  const events = new EventSource(CONTENT_EVENTS_PATH);
  events.addEventListener(CONTENT_PUBLISHED_EVENT, () => reload());
  // The writer's terminal has them too; the browser's console is where a writer previewing looks.
  events.addEventListener(CONTENT_REJECTED_EVENT, (event) => console.warn(`content/ was not published:\n${JSON.parse((event as MessageEvent<string>).data) as string}`));
  return () => events.close();
}
