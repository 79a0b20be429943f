import { DEFAULT_LOCALE, LOCALE_CODES, type Locale } from '../../../shared/locales';
import type { CmsVersion } from '../cms/localeVersions';

/**
 * Folio's locales (shared/locales.ts) as a Contentful space names them: the
 * one place the two codes meet (docs/sources.md#over-contentful). The space's
 * default locale is `en-US`, Folio's default; German is `de-DE`, falling back
 * to `en-US` (cms/contentful/content-model.json `locales`, whose codes and
 * fallbacks a test holds equal to this list).
 */
export const CONTENTFUL_LOCALES: Readonly<Record<Locale, string>> = {
  en: 'en-US',
  de: 'de-DE',
};

/** The space's code for a Folio locale. */
export const contentfulLocaleOf = (locale: Locale): string => CONTENTFUL_LOCALES[locale];

/** The space's default locale (what Contentful serves a request naming none). */
export const CONTENTFUL_DEFAULT_LOCALE = CONTENTFUL_LOCALES[DEFAULT_LOCALE];

/** Folio's locale for a code of the space, or the code itself when the site has no such locale (cms/localeVersions.ts skips it, logged). */
export function folioLocaleOfContentful(code: string): Locale | string {
  const found = (Object.entries(CONTENTFUL_LOCALES) as [Locale, string][]).find(
    ([, contentful]) => contentful === code,
  );
  return found ? found[0] : code;
}

/** The alias a locale's own slug is read under (a GraphQL name). */
const slugAlias = (locale: Locale) => `slug_${locale.replace(/\W/g, '_')}`;

/**
 * An entry's slug in each of Folio's locales, without fallback: what tells
 * the locales it is translated into (cms/contentful/README.md#locales: a
 * slug never falls back). Selected beside its fields, it costs nothing more.
 */
export const VERSION_SLUGS = LOCALE_CODES.map(
  (locale) =>
    `${slugAlias(locale)}: slug(locale: "${contentfulLocaleOf(locale)}", useFallbackLocale: false)`,
).join(' ');

/** The versions VERSION_SLUGS read of one entry. */
export function versionsIn(item: Record<string, unknown>): CmsVersion[] {
  return LOCALE_CODES.flatMap((locale) => {
    const slug = item[slugAlias(locale)];
    return typeof slug === 'string' && slug !== '' ? [{ locale, slug }] : [];
  });
}
