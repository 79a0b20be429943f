import { readFileSync } from 'node:fs';
import path from 'node:path';

export const PERSISTED_QUERIES_FILE = path.resolve(__dirname, '../__generated__/persisted-queries.json');

/**
 * The map relay-compiler writes (id → query text). In development it is read
 * again when an id is missing, so a query the compiler just added works
 * without restarting the API.
 */
export function persistedQueryStore(file = PERSISTED_QUERIES_FILE, { reloadOnMiss = false } = {}) {
  const read = (): Record<string, string> => {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    } catch {
      return {};
    }
  };
  let map = read();
  return (id: string): string | null => {
    if (!(id in map) && reloadOnMiss) map = read();
    return map[id] ?? null;
  };
}
