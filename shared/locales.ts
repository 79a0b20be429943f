/**
 * The site's languages (docs/decisions.md#locales): the one list the content, the API,
 * the routes, search, the crawlers and the client all read. The default
 * locale keeps today's URLs (`/articles/…`); every other lives under its
 * prefix (`/de/articles/…`). Adding a locale: add it here, give it a message
 * catalog (src/i18n/), and write its content (docs/publishing.md#translations).
 */
export interface LocaleInfo {
  /** BCP 47, as URLs, `hreflang`, `<html lang>` and content files name it. */
  code: string;
  /** Its own name, as the language switcher shows it. */
  name: string;
  /** What `Intl` formats dates and numbers with. */
  intl: string;
  /** PostgreSQL's text-search configuration for its stemming (`simple` where none fits). */
  textSearch: string;
}

export const LOCALES = [
  { code: 'en', name: 'English', intl: 'en-US', textSearch: 'english' },
  { code: 'de', name: 'Deutsch', intl: 'de-DE', textSearch: 'german' },
] as const satisfies readonly LocaleInfo[];

export type Locale = (typeof LOCALES)[number]['code'];

export const DEFAULT_LOCALE: Locale = 'en';

export const LOCALE_CODES: readonly Locale[] = LOCALES.map((locale) => locale.code);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALE_CODES as readonly string[]).includes(value);
}

export function localeInfo(locale: Locale): LocaleInfo {
  return LOCALES.find((info) => info.code === locale)!;
}
