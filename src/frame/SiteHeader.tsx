import { useMessages } from '../i18n/useMessages';
import type { MessageId } from '../i18n/__generated__/messageIds';
import { useLocalePath } from '../site/useLocale';
import { graphql, useFragment } from 'react-relay/hooks';
import { NavLink } from 'react-router';
import type { SiteHeader_site$key } from '@generated/SiteHeader_site.graphql';
import { Link } from '../routing/Link';
import { ThemeToggle } from './ThemeToggle';
import { HOME_PATH, SEARCH_PATH } from '../../shared/sitePaths';
import { SITE_TITLE_WITHOUT_RECORD } from '../../shared/siteTitle';
import { isSafeHref } from '../../shared/safeHref';

interface NavigationLink {
  readonly label: string;
  readonly url: string;
}

export function SiteHeader({ site }: { site: SiteHeader_site$key }) {
  const { title, navigation } = useFragment(
    graphql`
      fragment SiteHeader_site on Site {
        title
        navigation {
          label
          url
        }
      }
    `,
    site,
  );
  return <HeaderBar title={title} navigation={navigation} />;
}

/** Ways on that exist whatever the site's navigation says (their labels are interface text). */
const FALLBACK_NAVIGATION: readonly { readonly label: MessageId; readonly url: string }[] = [
  { label: 'nav.home', url: HOME_PATH },
  { label: 'nav.search', url: SEARCH_PATH },
];

/**
 * The header when the site's own data could not be loaded (a cold load while
 * the API fails): the page below says what happened; this still leads home.
 */
export function FallbackSiteHeader() {
  const localize = useLocalePath();
  const t = useMessages();
  return (
    <HeaderBar
      title={SITE_TITLE_WITHOUT_RECORD}
      navigation={FALLBACK_NAVIGATION.map((link) => ({
        label: t(link.label),
        url: localize(link.url),
      }))}
    />
  );
}

function HeaderBar({
  title,
  navigation,
}: {
  title: string;
  navigation: readonly NavigationLink[];
}) {
  const home = useLocalePath()(HOME_PATH);
  const t = useMessages();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to={home} className="site-header__title">
          {title}
        </Link>
        <div className="site-header__end">
          <nav aria-label={t('nav.label')}>
            <ul className="site-header__nav">
              {/* Checked where content leaves its source too (api/sources/safeLinks.ts). */}
              {navigation
                .filter((link) => isSafeHref(link.url))
                .map((link) => (
                  <li key={link.url}>
                    <NavLink to={link.url} end={link.url === home}>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
            </ul>
          </nav>
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}
