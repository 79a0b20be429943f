import { DEFAULT_LOCALE, type Locale } from '../../../shared/locales';

/**
 * The key a reader's count is kept under (api/caches/readerCounts.ts reads
 * them): the default locale's as before (`articles:<filter>`, `search:<text>`,
 * `topic:<id>`), another's with its code (`articles@de:…`), so that a change
 * in one language drops that language's counts.
 */
export function countKeyIn(
  list: 'articles' | 'search' | 'topic',
  locale: Locale,
  what: string,
): string {
  return `${list}${locale === DEFAULT_LOCALE ? '' : `@${locale}`}:${what}`;
}
