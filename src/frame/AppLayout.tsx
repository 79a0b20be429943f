import { Suspense } from 'react';
import type { IEnvironment } from 'relay-runtime';
import { graphql, useFragment, useLazyLoadQuery } from 'react-relay/hooks';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import type { AppLayout_query$key } from '@generated/AppLayout_query.graphql';
import AppLayoutQueryNode, { type AppLayoutQuery } from '@generated/AppLayoutQuery.graphql';
import { FeedLink } from './FeedLink';
import { NavigationProgress } from './NavigationProgress';
import { OfflineNotice } from './OfflineNotice';
import { PageSkeleton } from './PageSkeleton';
import { SiteFooter } from './SiteFooter';
import { SectionErrorBoundary } from '../errors/SectionErrorBoundary';
import { FallbackSiteHeader, SiteHeader } from './SiteHeader';
import { useFocusOnNavigation } from './useFocusOnNavigation';
import { useLocale } from '../site/useLocale';
import { useMessages } from '../i18n/useMessages';
import type { PartToLoad } from '../routing/FolioRoute';
import { pagePart } from '../routing/pagePart';
import { readRoot } from '../routing/preparedQueries';
import './AppLayout.css';

/**
 * The frame's data. Every route query spreads this fragment, so one request
 * brings a page and its frame; the layout then reads the frame from the store.
 * Only a page that asks nothing (a 404, an empty search) on a cold load makes
 * the layout fetch it on its own.
 */
const appLayoutFragment = graphql`
  fragment AppLayout_query on Query {
    site(locale: $locale) {
      ...SiteHeader_site
      ...SiteFooter_site
    }
    viewer {
      isPreview
      ...PreviewBanner_viewer
    }
  }
`;

/** Also the site's name, for every page's title (src/site/useSiteTitle.ts reads it from the store). */
const appLayoutQuery = graphql`
  query AppLayoutQuery($locale: String) {
    ...AppLayout_query
    site(locale: $locale) {
      title
    }
    viewer {
      isPreview
    }
  }
`;

/**
 * The preview banner (PreviewBanner.tsx), in a chunk of its own: only a
 * previewer's pages show it. A page's loader loads it in preview before the
 * page renders, and the server names it in the document (framePartsOf), so a
 * preview page hydrates with it.
 */
const previewBannerPart = pagePart('preview-banner', async () => ({
  default: (await import(/* webpackChunkName: "preview-banner" */ './PreviewBanner')).PreviewBanner,
}));

/** The chunks of the frame's parts (the server checks the build has each). */
export const FRAME_PART_CHUNKS: readonly string[] = [previewBannerPart.chunk];

/**
 * The parts of the frame a page in `locale` needs, by what the store holds of
 * it once the page's query has answered: the preview banner, in preview.
 */
export function framePartsOf(environment: IEnvironment, locale: string): readonly PartToLoad[] {
  // Partial when the page's query failed (the frame then fetches itself): no banner to load yet.
  const frame = readRoot(environment, AppLayoutQueryNode, { locale }) as Partial<
    AppLayoutQuery['response']
  > | null;
  return frame?.viewer?.isPreview ? [previewBannerPart] : [];
}

/** The frame around every page: skip link, header, the page, footer. */
export function AppLayout() {
  const t = useMessages();
  useFocusOnNavigation();
  // When the frame's data fails (a cold load while the API fails), the page
  // shows the error and its Retry; the frame tries again with the page's next answer.
  const pageData = useMatches().at(-1)?.data;
  return (
    <>
      <NavigationProgress />
      <a className="skip-link" href="#main">
        {t('frame.skipToContent')}
      </a>
      <SectionErrorBoundary resetKey={pageData} fallback={<FallbackSiteHeader />}>
        <Suspense fallback={<div className="site-header site-header--placeholder" />}>
          <SiteChrome position="header" />
        </Suspense>
      </SectionErrorBoundary>
      <OfflineNotice />
      <main id="main" className="site-main" tabIndex={-1}>
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
      <SectionErrorBoundary resetKey={pageData} fallback={null}>
        <Suspense fallback={null}>
          <SiteChrome position="footer" />
        </Suspense>
      </SectionErrorBoundary>
      <ScrollRestoration />
    </>
  );
}

function SiteChrome({ position }: { position: 'header' | 'footer' }) {
  const query = useLazyLoadQuery<AppLayoutQuery>(
    appLayoutQuery,
    { locale: useLocale() },
    { fetchPolicy: 'store-or-network' },
  );
  const { site, viewer } = useFragment<AppLayout_query$key>(appLayoutFragment, query);
  if (position === 'footer') return <SiteFooter site={site} />;
  return (
    <>
      <FeedLink title={query.site.title} />
      {viewer.isPreview && <previewBannerPart.Component viewer={viewer} />}
      <SiteHeader site={site} />
    </>
  );
}
