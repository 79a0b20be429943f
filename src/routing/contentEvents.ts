import {
  CONTENT_EVENTS_PATH,
  CONTENT_PUBLISHED_EVENT,
  CONTENT_REJECTED_EVENT,
} from '../../shared/contentEvents';
import { clearContentProblems, showContentProblems } from './contentProblemsOverlay';

/**
 * Under `npm run dev`: runs `reload` after each publish, and shows a save
 * that could not be published on the page itself (contentProblemsOverlay.ts)
 * until the next publish. Returns the unsubscribe.
 */
export function onContentPublished(reload: () => void): () => void {
  if (typeof window === 'undefined' || typeof EventSource === 'undefined') return () => {};
  const events = new EventSource(CONTENT_EVENTS_PATH);
  events.addEventListener(CONTENT_PUBLISHED_EVENT, () => {
    clearContentProblems();
    reload();
  });
  // The writer's terminal has them too; the page and the console are where a writer previewing looks.
  events.addEventListener(CONTENT_REJECTED_EVENT, (event) => {
    const problems = JSON.parse((event as MessageEvent<string>).data) as string;
    console.warn(`content/ was not published:\n${problems}`);
    showContentProblems(problems);
  });
  return () => events.close();
}
