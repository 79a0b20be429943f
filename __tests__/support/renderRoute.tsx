import { act, render } from '@testing-library/react';
import { RelayEnvironmentProvider } from 'react-relay/hooks';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { IEnvironment } from 'relay-runtime';
import { createMockEnvironment } from 'relay-test-utils';
import { createRouteObjects, createRoutePreloader } from '../../src/routing/createFolioRouter';
import { PreparedQueries } from '../../src/routing/preparedQueries';
import { RoutePreloadContext } from '../../src/routing/RoutePreloadContext';
import { routes } from '../../src/routes';
import { provideEveryCatalog } from './messages';

provideEveryCatalog();

/**
 * Renders Folio's real route table at `path` over a Relay environment
 * (a mock one unless given). Tests resolve the operations they care about.
 */
export async function renderRoute(
  path: string,
  environment: IEnvironment = createMockEnvironment(),
) {
  const queries = new PreparedQueries(environment);
  const router = createMemoryRouter(createRouteObjects(routes, queries), {
    initialEntries: [path],
  });
  const view = render(
    <RelayEnvironmentProvider environment={environment}>
      <RoutePreloadContext.Provider value={createRoutePreloader(routes, queries)}>
        <RouterProvider router={router} />
      </RoutePreloadContext.Provider>
    </RelayEnvironmentProvider>,
  );
  // Let the router run its loaders and load the lazy page module.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return { ...view, router, environment };
}
