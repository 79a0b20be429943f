/**
 * @jest-environment ./__tests__/support/jsdomEnvironment.js
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { NoResponseError } from '../../../src/relay/errors';
import { renderRoute } from '../../support/renderRoute';

describe('a failed search', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => jest.restoreAllMocks());

  it('keeps the search box and its text, and Try again searches again', async () => {
    const environment = createMockEnvironment();
    await renderRoute('/search?q=tides', environment);
    const search = () =>
      environment.mock
        .getAllOperations()
        .find((op) => op.request.node.params.name === 'SearchPageQuery');
    await act(async () => {
      environment.mock.reject(
        search()!,
        new NoResponseError('SearchPageQuery', new TypeError('Failed to fetch')),
      );
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    // The frame was not in the failed answer: the layout fetches it on its own.
    await act(async () => {
      const frame = environment.mock
        .getAllOperations()
        .find((op) => op.request.node.params.name === 'AppLayoutQuery');
      if (frame) environment.mock.resolve(frame, MockPayloadGenerator.generate(frame));
    });

    expect((await screen.findByRole('alert')).textContent).toContain('Can’t reach the server');
    const box = screen.getByRole('searchbox', { name: 'Search articles' }) as HTMLInputElement;
    expect(box.value).toBe('tides');

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    await act(async () => {
      environment.mock.resolve(
        search()!,
        MockPayloadGenerator.generate(search()!, {
          SearchResultConnection: () => ({ totalCount: 0, edges: [] }),
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(await screen.findByText('Nothing matches “tides”.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
