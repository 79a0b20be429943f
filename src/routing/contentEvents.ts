import {
  CONTENT_EVENTS_PATH,
  CONTENT_PUBLISHED_EVENT,
  CONTENT_REJECTED_EVENT,
} from '../../shared/contentEvents';

/** Runs `reload` after each publish under `npm run dev`. Returns the unsubscribe. */
export function onContentPublished(reload: () => void): () => void {
  if (typeof window === 'undefined' || typeof EventSource === 'undefined') return () => {};
  const events = new EventSource(CONTENT_EVENTS_PATH);
  events.addEventListener(CONTENT_PUBLISHED_EVENT, () => reload());
  // The writer's terminal has them too; the browser's console is where a writer previewing looks.
  events.addEventListener(CONTENT_REJECTED_EVENT, (event) =>
    console.warn(
      `content/ was not published:\n${JSON.parse((event as MessageEvent<string>).data) as string}`,
    ),
  );
  return () => events.close();
}
