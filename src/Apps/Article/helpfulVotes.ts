/** One vote per article per browser, remembered in localStorage. */
const STORAGE_KEY = 'folio:helpful-votes';
/** Sent in this page when a vote is remembered ('storage' only reaches other tabs). */
const CHANGED = 'folio:helpful-votes-changed';

export type Vote = 'helpful' | 'not-helpful';

function readAll(): Record<string, Vote> {
  try {
    const parsed: unknown = JSON.parse(globalThis.localStorage?.getItem(STORAGE_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, Vote>) : {};
  } catch {
    return {};
  }
}

export function readVote(articleId: string): Vote | null {
  const vote = readAll()[articleId];
  return vote === 'helpful' || vote === 'not-helpful' ? vote : null;
}

export function rememberVote(articleId: string, vote: Vote | null): void {
  try {
    const all = readAll();
    if (vote) all[articleId] = vote;
    else delete all[articleId];
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(all));
    window.dispatchEvent(new Event(CHANGED));
  } catch {
    // Storage full or disabled: the vote still counts, it is just not remembered.
  }
}

/** For `useSyncExternalStore`: calls `listener` when a vote is remembered or forgotten, here or in another tab. */
export function subscribeToVotes(listener: () => void): () => void {
  window.addEventListener(CHANGED, listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(CHANGED, listener);
    window.removeEventListener('storage', listener);
  };
}
