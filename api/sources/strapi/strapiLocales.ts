import { isLocale, type Locale } from '../../../shared/locales';
import { list, record, text, type Json } from '../cms/answerFields';
import type { CmsVersion } from '../cms/localeVersions';

/**
 * Folio's locales in Strapi (docs/sources.md#over-the-local-strapi): Strapi's i18n codes are ISO
 * codes as Folio's are (shared/locales.ts), so each of Folio's locales is the
 * Strapi locale of the same code; cms/strapi/lib/folio.js lists the ones the
 * repo's Strapi makes at start (a test holds the two lists together). Strapi's
 * default locale is `en`, Folio's default.
 */
export const strapiLocaleOf = (locale: Locale): string => locale;

/** Folio's locale for a code Strapi names (a webhook's `entry.locale`, a `localizations` entry), or null when the site has none such. */
export const folioLocaleOfStrapi = (code: unknown): Locale | null => (isLocale(code) ? code : null);

/** What a query selects of a document for its versions: its own locale and slug, and Strapi's other locales' (`localizations`). */
export const VERSIONS = 'documentId locale slug localizations { locale slug }';

/** The versions VERSIONS read of one document, its own first. */
export function versionsIn(document: Json, path: string): CmsVersion[] {
  const version = (value: unknown, at: string): CmsVersion => {
    const entry = record(value, at);
    return { locale: text(entry, 'locale', at), slug: text(entry, 'slug', at) };
  };
  return [
    version(document, path),
    ...list(document, 'localizations', path).map((other, at) =>
      version(other, `${path}.localizations[${at}]`),
    ),
  ];
}
