import type { ReactNode } from 'react';
import { RelayEnvironmentProvider } from 'react-relay/hooks';
import type { IEnvironment } from 'relay-runtime';
import { AppErrorBoundary } from './errors/AppErrorBoundary';
import { RetryPageContext, type RetryPage } from './routing/RetryPageContext';
import { RoutePreloadContext, type PreloadRoute } from './routing/RoutePreloadContext';
import { SiteContext, type Site } from './site/SiteContext';
import type { Locale } from '../shared/locales';
import { MessagesOf } from './i18n/Messages';

interface AppProps {
  environment: IEnvironment;
  site: Site;
  preload?: PreloadRoute;
  retryPage?: RetryPage | null;
  /** The language the document opened in: what its last-resort error speaks (pages follow their own URL). */
  locale: Locale;
  /** The router: the browser's RouterProvider, or the server's StaticRouterProvider. */
  children: ReactNode;
}

/** Everything around the router, the same on the server and in the browser (so hydration matches). */
export function App({
  environment,
  site,
  preload = () => {},
  retryPage = null,
  locale,
  children,
}: AppProps) {
  return (
    <MessagesOf locale={locale}>
      <AppErrorBoundary>
        <SiteContext.Provider value={site}>
          <RelayEnvironmentProvider environment={environment}>
            <RoutePreloadContext.Provider value={preload}>
              <RetryPageContext.Provider value={retryPage}>{children}</RetryPageContext.Provider>
            </RoutePreloadContext.Provider>
          </RelayEnvironmentProvider>
        </SiteContext.Provider>
      </AppErrorBoundary>
    </MessagesOf>
  );
}
