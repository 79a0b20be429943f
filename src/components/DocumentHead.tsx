import { absoluteUrl, useSite } from '../site/SiteContext';
import { useSiteTitle } from '../site/useSiteTitle';
import { useMessages } from '../i18n/useMessages';
import { useLocale } from '../site/useLocale';
import { localeInfo, type Locale } from '../../shared/locales';

/** A locale as Open Graph names it: language and territory joined by `_` (`en_US`, `de_DE`). */
export const openGraphLocale = (locale: Locale) => localeInfo(locale).intl.replace('-', '_');

interface DocumentHeadProps {
  /** The page's own title; the site's name is added after it. */
  title: string;
  description?: string | null;
  /** Path of the canonical URL of this page, e.g. `/articles/x`. */
  path: string;
  /** Absolute or root-relative URL of the social image. */
  image?: string | null;
  type?: 'website' | 'article';
}

/**
 * Title, description, canonical URL and Open Graph tags of a page. React 19
 * hoists these elements into <head> wherever they are rendered.
 */
export function DocumentHead({
  title,
  description,
  path,
  image,
  type = 'website',
}: DocumentHeadProps) {
  const site = useSite();
  const siteName = useSiteTitle();
  const t = useMessages();
  const locale = useLocale();
  // A title that already names the site (the front page's) is not named twice.
  const fullTitle = title.startsWith(siteName) ? title : t('head.title', { title, site: siteName });
  const canonical = absoluteUrl(site, path);
  return (
    <>
      <title>{fullTitle}</title>
      {description && <meta name="description" content={description} />}
      <link rel="canonical" href={canonical} />
      <meta property="og:site_name" content={siteName} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title} />
      {description && <meta property="og:description" content={description} />}
      <meta property="og:url" content={canonical} />
      {/* Its other languages' versions are og:locale:alternate (LanguageVersions). */}
      <meta property="og:locale" content={openGraphLocale(locale)} />
      {image && <meta property="og:image" content={absoluteUrl(site, image)} />}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
    </>
  );
}
