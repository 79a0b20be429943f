import { render } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { RelayEnvironmentProvider } from 'react-relay/hooks';
import { MemoryRouter } from 'react-router';
import type { GraphQLResponse, OperationDescriptor } from 'relay-runtime';
import { createMockEnvironment } from 'relay-test-utils';
import { MessagesOf } from '../../src/i18n/Messages';
import { provideEveryCatalog } from './messages';

provideEveryCatalog();

type OperationResolver = (operation: OperationDescriptor) => GraphQLResponse | Error | null;

/**
 * The component tests' one harness: `ui` rendered over a mock Relay
 * environment (relay-test-utils), inside a router and a Suspense boundary
 * that shows "loading". `resolve` answers the operations as they are sent.
 */
export function renderWithRelay(ui: ReactNode, resolve?: OperationResolver) {
  const environment = createMockEnvironment();
  if (resolve) environment.mock.queueOperationResolver(resolve);
  const view = render(
    <RelayEnvironmentProvider environment={environment}>
      <MemoryRouter>
        <MessagesOf locale="en">
          <Suspense fallback="loading">{ui}</Suspense>
        </MessagesOf>
      </MemoryRouter>
    </RelayEnvironmentProvider>,
  );
  return { ...view, environment };
}
