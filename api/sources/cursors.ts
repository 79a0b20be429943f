import { MAX_CURSOR_LENGTH, MAX_CURSOR_OFFSET } from '../queryLimits';
import type { ListPage } from './contentSource';
import { ContentError } from '../contentError';

/**
 * Pagination cursors: opaque to clients, made and read by the source that
 * lists (keyset for the embedded article lists, offsets elsewhere). A cursor
 * is client input: anything but the exact shape a source gives out (values in
 * range for what they reach) is BAD_USER_INPUT, never a source's error.
 */
export function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

export function decodeCursor<T>(
  cursor: string | null | undefined,
  valid: (value: unknown) => value is T,
): T | null {
  if (cursor === null || cursor === undefined) return null;
  if (cursor.length <= MAX_CURSOR_LENGTH) {
    try {
      const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
      if (valid(value)) return value;
    } catch {
      // fall through
    }
  }
  throw new ContentError('BAD_USER_INPUT', 'The cursor is not valid.');
}

export const isWholeNumberUpTo = (value: unknown, max: number): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= max;

type OffsetCursor = { o: number };
const isOffsetCursor = (value: unknown): value is OffsetCursor =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  isWholeNumberUpTo((value as OffsetCursor).o, MAX_CURSOR_OFFSET);

/** Offset pagination (small or ranked lists, and every list of a CMS that pages by skip/limit): where a page starts, and its cursors. */
export function offsetOf(after: string | null | undefined): number {
  return decodeCursor(after, isOffsetCursor)?.o ?? 0;
}

/** The cursor after the node at `index` of a page that started at `offset`. */
export function offsetCursor(offset: number, index: number): string {
  return encodeCursor({ o: offset + index + 1 });
}

/** A page of an offset list from the `first + 1` nodes fetched from `offset` (the extra one says there is more). */
export function offsetListPage<T>(
  fetched: T[],
  first: number,
  offset: number,
  totalCount: () => Promise<number>,
): ListPage<T> {
  const nodes = fetched.slice(0, first);
  return {
    nodes,
    cursors: nodes.map((_, index) => offsetCursor(offset, index)),
    hasNextPage: fetched.length > first,
    hasPreviousPage: offset > 0,
    totalCount: once(totalCount),
  };
}

/** Counts once however often the schema asks. */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}
