import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RelayEnvironmentProvider } from 'react-relay/hooks';
import { RouterProvider } from 'react-router';
import { AppErrorBoundary } from './Apps/Shell/AppErrorBoundary';
import { enterPreview, previewToken } from './preview/previewSession';
import { PreviewContext } from './preview/PreviewContext';
import { resolveGraphQLEndpoint, resolveQueriesAsGet } from './relay/endpoint';
import { createFolioEnvironment } from './relay/environment';
import { createFolioRouter } from './routing/createFolioRouter';
import { RetryPageContext } from './routing/RetryPageContext';
import { RoutePreloadContext } from './routing/RoutePreloadContext';
import { routes } from './routes';
// Self-hosted variable fonts: only the unicode ranges a page uses are downloaded.
import '@fontsource-variable/inter';
import '@fontsource-variable/source-serif-4';
import '@fontsource-variable/source-serif-4/wght-italic.css';
import './styles/global.css';

function start() {
  // `/preview?token=…&to=…`: keep the token for this session, then load the target without it in the URL.
  const previewTarget = enterPreview(new URL(window.location.href));
  if (previewTarget !== null) {
    window.location.replace(previewTarget);
    return;
  }
  const token = previewToken();
  const environment = createFolioEnvironment({
    endpoint: resolveGraphQLEndpoint(),
    // Preview answers are personal: never as cacheable GETs.
    queriesAsGet: token === null && resolveQueriesAsGet(),
    headers: token === null ? {} : { 'X-Preview-Token': token },
  });
  const { router, preload, retryPage } = createFolioRouter(environment, routes);

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');

  createRoot(container).render(
    <StrictMode>
      <AppErrorBoundary>
        <PreviewContext.Provider value={token !== null}>
          <RelayEnvironmentProvider environment={environment}>
            <RoutePreloadContext.Provider value={preload}>
              <RetryPageContext.Provider value={retryPage}>
                <RouterProvider router={router} />
              </RetryPageContext.Provider>
            </RoutePreloadContext.Provider>
          </RelayEnvironmentProvider>
        </PreviewContext.Provider>
      </AppErrorBoundary>
    </StrictMode>,
  );
}

start();
