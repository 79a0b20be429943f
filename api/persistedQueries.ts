import { readFileSync } from 'node:fs';
import path from 'node:path';

export const PERSISTED_QUERIES_FILE = path.resolve(
  __dirname,
  '../__generated__/persisted-queries.json',
);

/**
 * The map relay-compiler writes (id → query text). In development it is read
 * again when an id is missing, so a query the compiler just added works
 * without restarting the API.
 */
export function persistedQueryStore(file = PERSISTED_QUERIES_FILE, { reloadOnMiss = false } = {}) {
  // A Map, not the parsed object: an id such as `__proto__` or `toString` must name nothing.
  const read = (): Map<string, string> => {
    try {
      const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (typeof parsed !== 'object' || parsed === null) return new Map();
      return new Map(
        Object.entries(parsed).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      );
    } catch {
      return new Map();
    }
  };
  let map = read();
  return (id: string): string | null => {
    if (!map.has(id) && reloadOnMiss) map = read();
    return map.get(id) ?? null;
  };
}
