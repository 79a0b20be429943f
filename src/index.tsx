import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RelayEnvironmentProvider } from 'react-relay/hooks';
import { RouterProvider } from 'react-router';
import { AppErrorBoundary } from './Apps/Shell/AppErrorBoundary';
import { resolveGraphQLEndpoint, resolveQueriesAsGet } from './relay/endpoint';
import { createFolioEnvironment } from './relay/environment';
import { createFolioRouter } from './routing/createFolioRouter';
import { RoutePreloadContext } from './routing/RoutePreloadContext';
import { routes } from './routes';
// Self-hosted variable fonts: only the unicode ranges a page uses are downloaded.
import '@fontsource-variable/inter';
import '@fontsource-variable/source-serif-4';
import '@fontsource-variable/source-serif-4/wght-italic.css';
import './styles/global.css';

const environment = createFolioEnvironment({ endpoint: resolveGraphQLEndpoint(), queriesAsGet: resolveQueriesAsGet() });
const { router, preload } = createFolioRouter(environment, routes);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppErrorBoundary>
      <RelayEnvironmentProvider environment={environment}>
        <RoutePreloadContext.Provider value={preload}>
          <RouterProvider router={router} />
        </RoutePreloadContext.Provider>
      </RelayEnvironmentProvider>
    </AppErrorBoundary>
  </StrictMode>,
);
