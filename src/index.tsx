import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { App } from './App';
import { resolveGraphQLEndpoint, resolveQueriesAsGet } from './relay/endpoint';
import { createFolioEnvironment } from './relay/environment';
import { createFolioRouter } from './routing/createFolioRouter';
import { routes } from './routes';
import type { Site } from './site/SiteContext';
import { readBootstrap } from './ssr/bootstrap';
import { loadMessages } from './i18n/messages';
import { localeOfPath } from '../shared/sitePaths';
// Self-hosted variable fonts: only the unicode ranges a page uses are downloaded.
import '@fontsource-variable/inter';
import '@fontsource-variable/source-serif-4';
import '@fontsource-variable/source-serif-4/wght-italic.css';
import './styles/global.css';

/**
 * The browser's start. A server-rendered document brings the records its page
 * was rendered from: the store starts from them, the route's loader answers
 * from the store, and React hydrates the server's HTML without a request.
 * Without them (development's webpack-dev-server) the browser renders alone.
 */
async function start() {
  const bootstrap = readBootstrap();
  const site: Site = bootstrap?.site ?? { origin: window.location.origin, preview: false };
  const environment = createFolioEnvironment(
    {
      endpoint: resolveGraphQLEndpoint(),
      // Preview answers are personal (the preview cookie): never as cacheable GETs.
      queriesAsGet: !site.preview && resolveQueriesAsGet(),
    },
    bootstrap?.hydrate ? bootstrap.records : undefined,
  );
  const hydrate = bootstrap?.hydrate ?? false;
  // The page's catalog came among its scripts: this resolves at once (src/i18n/messages.ts).
  const locale = localeOfPath(window.location.pathname);
  const [{ router, preload, retryPage }] = await Promise.all([
    createFolioRouter(environment, routes, { hydrate }),
    loadMessages(locale),
  ]);

  const container = document.getElementById('root');
  if (!container) throw new Error('The document has no #root element');
  const app = (
    <StrictMode>
      <App
        environment={environment}
        site={site}
        locale={locale}
        preload={preload}
        retryPage={retryPage}
      >
        <RouterProvider router={router} />
      </App>
    </StrictMode>
  );
  if (hydrate) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
