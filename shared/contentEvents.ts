/**
 * `npm run dev`: the API publishes content/ when a file is saved and says so
 * on this event stream (api/publishing/serverPublishing.ts); the page on
 * screen then loads its data again from the network, without a reload
 * (src/routing/contentEvents.ts). Production builds have no hot module
 * replacement, and none of this runs.
 */
export const CONTENT_EVENTS_PATH = '/__folio/content/events';

/** The event a publish sends: what it wrote, in the words of a change (api/changes/contentChange.ts). */
export const CONTENT_PUBLISHED_EVENT = 'published';
/** The event a save that could not be published sends: its problems, `file:line: …`. */
export const CONTENT_REJECTED_EVENT = 'rejected';
