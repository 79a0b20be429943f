import { Suspense } from 'react';
import { graphql } from 'react-relay/hooks';
import { Outlet, ScrollRestoration } from 'react-router';
import type { AppLayoutQuery } from '@generated/AppLayoutQuery.graphql';
import { useRouteQuery } from '../../routing/useRouteQuery';
import { NavigationProgress } from './NavigationProgress';
import { OfflineNotice } from './OfflineNotice';
import { PageSkeleton } from './PageSkeleton';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { useFocusOnNavigation } from './useFocusOnNavigation';
import './AppLayout.css';

export const appLayoutQuery = graphql`
  query AppLayoutQuery {
    site {
      ...SiteHeader_site
      ...SiteFooter_site
    }
  }
`;

/** The frame around every page: skip link, header, the page, footer. */
export function AppLayout() {
  useFocusOnNavigation();
  return (
    <>
      <NavigationProgress />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Suspense fallback={<div className="site-header site-header--placeholder" />}>
        <SiteChrome position="header" />
      </Suspense>
      <OfflineNotice />
      <main id="main" className="site-main" tabIndex={-1}>
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <SiteChrome position="footer" />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}

function SiteChrome({ position }: { position: 'header' | 'footer' }) {
  const { site } = useRouteQuery<AppLayoutQuery>(appLayoutQuery);
  return position === 'header' ? <SiteHeader site={site} /> : <SiteFooter site={site} />;
}
