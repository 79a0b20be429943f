import { graphql, useFragment } from 'react-relay/hooks';
import type { SiteFooter_site$key } from '@generated/SiteFooter_site.graphql';
import { Link } from '../routing/Link';
import { isSafeHref } from '../../shared/safeHref';
import { MarkedMessage } from '../i18n/MarkedMessage';

export function SiteFooter({ site }: { site: SiteFooter_site$key }) {
  const { title, description, footer } = useFragment(
    graphql`
      fragment SiteFooter_site on Site {
        title
        description
        footer {
          label
          url
        }
      }
    `,
    site,
  );
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__about">
          {/* The site's name (bold) and what it is, joined as each language punctuates it. */}
          <MarkedMessage id="footer.about" values={{ title, description }} element={<strong />} />
        </p>
        <ul className="site-footer__links">
          {footer
            .filter((link) => isSafeHref(link.url))
            .map((link) => (
              <li key={link.url}>
                {link.url.startsWith('/') ? (
                  <Link to={link.url}>{link.label}</Link>
                ) : (
                  <a href={link.url}>{link.label}</a>
                )}
              </li>
            ))}
        </ul>
      </div>
    </footer>
  );
}
