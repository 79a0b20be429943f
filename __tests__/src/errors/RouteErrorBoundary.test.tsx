/**
 * @jest-environment ./__tests__/support/jsdomEnvironment.js
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import {
  GraphQLResponseError,
  HttpStatusError,
  MalformedResponseError,
  NoResponseError,
  TimeoutError,
  UnknownPersistedQueryError,
  UnparseableResponseError,
} from '../../../src/relay/errors';
import { renderRoute } from '../../support/renderRoute';

type MockEnvironment = ReturnType<typeof createMockEnvironment>;

const pending = (environment: MockEnvironment, name: string) =>
  environment.mock.getAllOperations().find((op) => op.request.node.params.name === name);

async function settle(environment: MockEnvironment, name: string, outcome: Error | 'article') {
  const operation = pending(environment, name);
  if (!operation) throw new Error(`${name} is not pending`);
  await act(async () => {
    if (outcome === 'article') {
      environment.mock.resolve(
        operation,
        MockPayloadGenerator.generate(operation, {
          // The slug it was asked by, as the API answers (another is an address it left: a redirect).
          Article: () => ({ slug: 'reading-the-tides', title: 'Reading the tides' }),
        }),
      );
    } else {
      environment.mock.reject(operation, outcome);
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

async function openArticleThatFails(error: Error) {
  const environment = createMockEnvironment();
  await renderRoute('/articles/reading-the-tides', environment);
  await settle(environment, 'ArticlePageQuery', error);
  return environment;
}

const op = 'ArticlePageQuery';

describe('what the reader sees when the article query fails (docs/errors.md#error-catalogue)', () => {
  beforeEach(() =>
    jest
      .spyOn(console, 'error')
      .mockImplementation(
        (...args) =>
          process.env.DEBUG_ERRORS &&
          process.stderr.write(String(args[0]?.stack ?? args[0]) + '\n'),
      ),
  );
  afterEach(() => jest.restoreAllMocks());

  it.each([
    [
      'HTTP status',
      new HttpStatusError(op, 503, 'Service Unavailable', null),
      'The server had a problem',
    ],
    [
      'unparseable response',
      new UnparseableResponseError(op, 200, '<html>'),
      'The answer could not be read',
    ],
    ['malformed response', new MalformedResponseError(op, '{}'), 'The answer could not be read'],
    [
      'no server response',
      new NoResponseError(op, new TypeError('fetch failed')),
      'Can’t reach the server',
    ],
    ['timeout', new TimeoutError(op, 15000), 'Can’t reach the server'],
    [
      'GraphQL FORBIDDEN',
      new GraphQLResponseError(op, [{ message: 'no', extensions: { code: 'FORBIDDEN' } }], 200),
      'This content is not available',
    ],
    [
      'GraphQL without a known code',
      new GraphQLResponseError(op, [{ message: 'boom' }], 200),
      'The server could not answer',
    ],
  ])('%s: a clear alert, and Try again loads the query again', async (_label, error, title) => {
    const environment = await openArticleThatFails(error);
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('h1')?.textContent).toBe(title);
    // The site's navigation is still there around the error.
    expect(document.querySelector('.site-header')).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(pending(environment, op)).toBeDefined();
    await settle(environment, op, 'article');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reading the tides' }),
    ).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an unknown persisted id asks the reader to reload for the new version', async () => {
    await openArticleThatFails(new UnknownPersistedQueryError(op, 'abc'));
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('h1')?.textContent).toBe('A new version of Folio is available');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('offline: says so, and tries again by itself when the connection is back', async () => {
    const onLine = jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    const environment = await openArticleThatFails(
      new NoResponseError(op, new TypeError('Failed to fetch')),
    );
    expect((await screen.findByRole('alert')).querySelector('h1')?.textContent).toBe(
      'You are offline',
    );
    expect(screen.getByText(/You are offline\. Pages you have already opened/)).toBeTruthy();
    expect(pending(environment, op)).toBeUndefined();

    onLine.mockReturnValue(true);
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(pending(environment, op)).toBeDefined();
    await settle(environment, op, 'article');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reading the tides' }),
    ).toBeTruthy();
  });
});
