import { graphql, useFragment } from 'react-relay/hooks';
import { NavLink } from 'react-router';
import type { SiteHeader_site$key } from '@generated/SiteHeader_site.graphql';
import { Link } from '../../routing/Link';
import { ThemeToggle } from './ThemeToggle';

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
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-header__title">
          {title}
        </Link>
        <div className="site-header__end">
          <nav aria-label="Main">
            <ul className="site-header__nav">
              {navigation.map((link) => (
                <li key={link.url}>
                  <NavLink to={link.url} end={link.url === '/'}>
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

/**
 * The header when the site's own data could not be loaded (a cold load while
 * the API fails): the page below says what happened; this still leads home.
 */
export function FallbackSiteHeader() {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-header__title">
          Folio
        </Link>
        <div className="site-header__end">
          <nav aria-label="Main">
            <ul className="site-header__nav">
              <li>
                <NavLink to="/" end>
                  Home
                </NavLink>
              </li>
              <li>
                <NavLink to="/search">Search</NavLink>
              </li>
            </ul>
          </nav>
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}
