import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH, SEARCH_PAGE_SIZE } from '../../../shared/limits';

export { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH, SEARCH_PAGE_SIZE };

/** docs/content-model.md#limits-and-constants: how long the search box waits after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 250;

/** The text to search for, or null when it is too short to send. */
export function normalizeSearchQuery(raw: string | null): string | null {
  const query = (raw ?? '').trim().slice(0, SEARCH_MAX_LENGTH).trim();
  return query.length >= SEARCH_MIN_LENGTH ? query : null;
}
