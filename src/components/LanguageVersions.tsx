import { graphql, useFragment } from 'react-relay/hooks';
import type { LanguageVersions_translations$key } from '@generated/LanguageVersions_translations.graphql';
import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_CODES,
  localeInfo,
  type Locale,
} from '../../shared/locales';
import { localePath } from '../../shared/sitePaths';
import { Link } from '../routing/Link';
import { absoluteUrl, useSite } from '../site/SiteContext';
import { useLocale } from '../site/useLocale';
import { useMessages } from '../i18n/useMessages';
import { openGraphLocale } from './DocumentHead';
import './LanguageVersions.css';

/** One version of the page: its locale and its path there (each at its own slug). */
export interface PageVersion {
  locale: Locale;
  path: string;
}

/** A document's versions (its `translations`), each at its path in its locale. */
export function DocumentVersions({
  translations,
  pathOf,
}: {
  translations: LanguageVersions_translations$key;
  /** Where a slug of this kind of document lives (`articlePath`…). */
  pathOf: (slug: string) => string;
}) {
  const data = useFragment(
    graphql`
      fragment LanguageVersions_translations on Translation @relay(plural: true) {
        locale
        slug
      }
    `,
    translations,
  );
  const versions = data.flatMap(({ locale, slug }) =>
    isLocale(locale) ? [{ locale, path: localePath(locale, pathOf(slug)) }] : [],
  );
  return <LanguageVersions versions={versions} />;
}

/** A page that is the same in every locale (a list, the search): its path in each. */
export function everyVersion(path: string): PageVersion[] {
  return LOCALE_CODES.map((locale) => ({ locale, path: localePath(locale, path) }));
}

/**
 * The page's versions in other languages (docs/decisions.md#locales): `hreflang` alternates in
 * the head, each naming every version (itself included) and `x-default` the
 * default locale's, so that each version's list is the same and reciprocal;
 * Open Graph's `og:locale:alternate` for each other version (`og:locale` is
 * DocumentHead's); and a visible switcher to the versions that exist. Never a redirect.
 */
export function LanguageVersions({
  versions,
  search = '',
}: {
  versions: readonly PageVersion[];
  /**
   * What the page's URL asks besides its path that the switcher's links keep
   * (a search's `?q=…`): the reader reads the same results in the other
   * language. The head's alternates name the versions' canonical addresses, without it.
   */
  search?: string;
}) {
  const site = useSite();
  const current = useLocale();
  const t = useMessages();
  if (versions.length < 2) return null;
  const fallback = versions.find((version) => version.locale === DEFAULT_LOCALE);
  const others = versions.filter((version) => version.locale !== current);
  return (
    <>
      {versions.map((version) => (
        <link
          key={version.locale}
          rel="alternate"
          hrefLang={version.locale}
          href={absoluteUrl(site, version.path)}
        />
      ))}
      {fallback && (
        <link rel="alternate" hrefLang="x-default" href={absoluteUrl(site, fallback.path)} />
      )}
      {others.map((version) => (
        <meta
          key={version.locale}
          property="og:locale:alternate"
          content={openGraphLocale(version.locale)}
        />
      ))}
      {/* Each language is named in itself (shared/locales.ts), whatever the page's language. */}
      <nav className="language-versions" aria-label={t('language.label')}>
        <ul>
          {others.map((version) => (
            <li key={version.locale}>
              <Link to={`${version.path}${search}`} hrefLang={version.locale} lang={version.locale}>
                {localeInfo(version.locale).name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
