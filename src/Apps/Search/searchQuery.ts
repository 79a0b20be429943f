/** SPEC §8–9: what the search box sends. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_PAGE_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 250;

/** The text to search for, or null when it is too short to send. */
export function normalizeSearchQuery(raw: string | null): string | null {
  const query = (raw ?? '').trim().slice(0, SEARCH_MAX_LENGTH).trim();
  return query.length >= SEARCH_MIN_LENGTH ? query : null;
}
