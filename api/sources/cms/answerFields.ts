import { ShapeError } from './cmsGraphQL';

/**
 * Reading a CMS's JSON answer field by field: what is there in the expected
 * shape is returned, anything else is a ShapeError naming the field's path
 * (`article.heroImage.width`), which the log then names.
 */
export type Json = Record<string, unknown>;

export function record(value: unknown, path: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ShapeError(path);
  return value as Json;
}

export function optionalRecord(value: unknown, path: string): Json | null {
  return value === null || value === undefined ? null : record(value, path);
}

export function text(object: Json, key: string, path: string): string {
  const value = object[key];
  if (typeof value !== 'string') throw new ShapeError(`${path}.${key}`);
  return value;
}

export function optionalText(object: Json, key: string, path: string): string | null {
  const value = object[key];
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw new ShapeError(`${path}.${key}`);
  return value;
}

export function whole(object: Json, key: string, path: string): number {
  const value = object[key];
  if (!Number.isSafeInteger(value)) throw new ShapeError(`${path}.${key}`);
  return value as number;
}

export function list(object: Json, key: string, path: string): unknown[] {
  const value = object[key];
  if (!Array.isArray(value)) throw new ShapeError(`${path}.${key}`);
  return value;
}

/** One of the given words (an enumeration), or the fallback when the field is empty. */
export function oneOf<T extends string>(
  object: Json,
  key: string,
  path: string,
  words: readonly T[],
  fallback: T,
): T {
  const value = object[key];
  if (value === null || value === undefined || value === '') return fallback;
  if (typeof value !== 'string' || !(words as readonly string[]).includes(value))
    throw new ShapeError(`${path}.${key}`);
  return value as T;
}

/** An ISO instant as Folio writes it (`2026-03-01T09:30:00.000Z`), or null. */
export function optionalInstant(object: Json, key: string, path: string): string | null {
  const value = optionalText(object, key, path);
  if (value === null) return null;
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new ShapeError(`${path}.${key}`);
  return new Date(time).toISOString();
}
