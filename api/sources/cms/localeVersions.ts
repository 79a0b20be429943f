import { DEFAULT_LOCALE, isLocale, LOCALE_CODES, type Locale } from '../../../shared/locales';
import type { Translation } from '../contentSource';
import type { CmsService } from './cmsGraphQL';

/** One version of a document as a CMS names it: its locale (already in Folio's codes where the CMS's code is known) and its slug. */
export interface CmsVersion {
  locale: string;
  slug: string;
}

/**
 * A document's versions as Folio lists them (docs/decisions.md#locales): in
 * the site's locales only, each once, the default locale first and the
 * others in shared/locales.ts's order. What the CMS holds that Folio cannot
 * serve is a logged, named skip, never a failure: a version in a locale the
 * site does not have, and the versions of a document with no version in the
 * default locale (a translation whose original is missing: none of them is
 * listed, as content/ refuses such a file).
 */
export function folioVersions(
  found: readonly CmsVersion[],
  document: { type: string; id: string },
  log: CmsService['log'],
): Translation[] {
  const versions = new Map<Locale, string>();
  for (const version of found) {
    if (!isLocale(version.locale)) {
      log(
        { ...document, locale: version.locale, slug: version.slug },
        'a version in a locale the site does not have: skipped',
      );
      continue;
    }
    if (!versions.has(version.locale)) versions.set(version.locale, version.slug);
  }
  if (versions.size > 0 && !versions.has(DEFAULT_LOCALE)) {
    log(
      { ...document, locales: [...versions.keys()] },
      'a translation whose original (the default locale’s version) is missing: skipped',
    );
    return [];
  }
  return LOCALE_CODES.flatMap((locale) => {
    const slug = versions.get(locale);
    return slug === undefined ? [] : [{ locale, slug }];
  });
}

/**
 * Documents of one locale as a crawler lists them: a second document
 * claiming a slug another already has in that locale is a logged, named
 * skip (a CMS that checks slugs per locale, as Strapi does for published
 * entries, never sends one; Contentful does not check).
 */
export function oneBySlug<T extends { slug: string; id: string }>(
  documents: readonly T[],
  type: string,
  locale: Locale,
  log: CmsService['log'],
  /** The slugs earlier pages of the same list claimed, and by which document. */
  seen = new Map<string, string>(),
): T[] {
  return documents.filter((document) => {
    const first = seen.get(document.slug);
    if (first === undefined || first === document.id) {
      seen.set(document.slug, document.id);
      return true;
    }
    log(
      { type, id: document.id, locale, slug: document.slug, keptId: first },
      'two documents claim one slug in a locale: the second is skipped',
    );
    return false;
  });
}
