import type { ReactNode } from 'react';
import { Link } from '../routing/Link';
import { isSafeHref } from '../../shared/safeHref';

/**
 * A link whose address comes from content: a router link for paths on this
 * site, a plain link for safe external addresses, text for anything else.
 */
export function SiteLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  if (!isSafeHref(href)) return <span className={className}>{children}</span>;
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Link to={href} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a
      href={href}
      className={className}
      {...(/^https?:/i.test(href) ? { rel: 'noopener noreferrer' } : {})}
    >
      {children}
    </a>
  );
}
