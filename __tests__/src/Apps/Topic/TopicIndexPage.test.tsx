/**
 * @jest-environment ./__tests__/support/jsdomEnvironment.js
 */
import { act, fireEvent, screen } from '@testing-library/react';
import type { ReaderFragment } from 'relay-runtime';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import TopicIndexFragment from '@generated/TopicIndex_query.graphql';
import { TOPIC_INDEX_PAGE_SIZE as PAGE } from '../../../../shared/limits';
import { renderRoute } from '../../../support/renderRoute';

/**
 * `/topics` lists every topic, however many: TOPIC_INDEX_PAGE_SIZE at first,
 * then a page more at each "Load more", until the API says there is no next page.
 */
type MockEnvironment = ReturnType<typeof createMockEnvironment>;

const site = () => ({ title: 'Folio', description: 'How things work', navigation: [], footer: [] });
const topic = (n: number) => ({
  __typename: 'Topic',
  id: `topic-${n}`,
  slug: `topic-${n}`,
  name: `Topic ${n}`,
  description: `About topic ${n}.`,
  articleCount: n % 3,
});
/** Topics `from`..`to` (inclusive) as one page of the connection, cursor `c<n>` for topic n. */
function page(from: number, to: number, hasNextPage: boolean) {
  const numbers = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const cursors = { startCursor: `c${from}`, endCursor: `c${to}` };
  return {
    edges: numbers.map((n) => ({ cursor: `c${n}`, node: topic(n) })),
    pageInfo: { hasNextPage, hasPreviousPage: from > 1, ...cursors },
  };
}

function operationNamed(environment: MockEnvironment, name: string) {
  return environment.mock.getAllOperations().find((op) => op.request.node.params.name === name);
}

function resolveWith(environment: MockEnvironment, name: string, topics: ReturnType<typeof page>) {
  const operation = operationNamed(environment, name);
  if (!operation) throw new Error(`${name} was not started`);
  const resolvers = { Site: site, TopicConnection: () => topics };
  const payload = MockPayloadGenerator.generate(operation, resolvers);
  act(() => environment.mock.resolve(operation, payload));
}

const topicHeadings = () => screen.getAllByRole('heading', { level: 2 });

describe('TopicIndexPage', () => {
  it('pages by TOPIC_INDEX_PAGE_SIZE (its fragment repeats it as a literal)', () => {
    const { argumentDefinitions } = TopicIndexFragment as ReaderFragment;
    const count = argumentDefinitions.find((argument) => argument.name === 'count');
    expect(count).toMatchObject({ kind: 'LocalArgument', defaultValue: PAGE });
  });

  it('lists every topic: "Load more" fetches the next page after the last cursor', async () => {
    const environment = createMockEnvironment();
    await renderRoute('/topics', environment);
    resolveWith(environment, 'TopicIndexPageQuery', page(1, PAGE, true));

    expect(await screen.findByRole('heading', { level: 1, name: 'Topics' })).toBeTruthy();
    expect(topicHeadings()).toHaveLength(PAGE);
    const more = PAGE + 1;
    expect(screen.queryByRole('link', { name: `Topic ${more}` })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const next = operationNamed(environment, 'TopicIndexPaginationQuery');
    expect(next?.request.variables).toEqual({ count: PAGE, cursor: `c${PAGE}`, locale: 'en' });
    expect(screen.getByRole('button', { name: 'Loading…' })).toHaveProperty('disabled', true);

    resolveWith(environment, 'TopicIndexPaginationQuery', page(more, more, false));
    expect(topicHeadings()).toHaveLength(more);
    const last = screen.getByRole('link', { name: `Topic ${more}` });
    expect(last.getAttribute('href')).toBe(`/topics/topic-${more}`);
    expect(screen.getByRole('link', { name: 'Topic 1' })).toBeTruthy();
    // The last page: no button left.
    expect(screen.queryByRole('button', { name: /Load more|Loading/ })).toBeNull();
  });

  it('shows no "Load more" when every topic fits on the first page', async () => {
    const environment = createMockEnvironment();
    await renderRoute('/topics', environment);
    resolveWith(environment, 'TopicIndexPageQuery', page(1, 3, false));

    expect(await screen.findByRole('link', { name: 'Topic 3' })).toBeTruthy();
    expect(topicHeadings()).toHaveLength(3);
    expect(screen.getByText('1 article')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});
