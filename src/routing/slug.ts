import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '../../shared/limits';

/** SPEC §8: route slugs. Anything else is a 404 without a request. */
export function isValidSlug(value: string | undefined): value is string {
  return value !== undefined && value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value);
}
