/**
 * `table[key]` when the table itself holds `key`, else null. Words read from
 * outside (a content file's `status:`, a webhook's model) look up tables
 * with it: a plain `table[key]` finds `constructor`, `toString` and
 * `__proto__` on every object.
 */
export function ownValue<T>(table: Readonly<Record<string, T>>, key: string): T | null {
  return Object.hasOwn(table, key) ? (table[key] as T) : null;
}
