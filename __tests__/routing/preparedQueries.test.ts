import ArticlePageQuery from '@generated/ArticlePageQuery.graphql';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { PreparedQueries } from '../../src/routing/preparedQueries';

describe('PreparedQueries', () => {
  it('answers a revisit from the store without a second request', () => {
    const environment = createMockEnvironment();
    const queries = new PreparedQueries(environment);

    queries.load(ArticlePageQuery, { slug: 'first' });
    expect(environment.mock.getAllOperations()).toHaveLength(1);
    environment.mock.resolveMostRecentOperation((operation) => MockPayloadGenerator.generate(operation));

    queries.load(ArticlePageQuery, { slug: 'second' });
    environment.mock.resolveMostRecentOperation((operation) => MockPayloadGenerator.generate(operation));

    // Going back to the first article: the data is still retained.
    const back = queries.load(ArticlePageQuery, { slug: 'first' });
    expect(environment.mock.getAllOperations()).toHaveLength(0);
    expect(back.isDisposed).toBe(false);
  });

  it('disposes the oldest queries beyond its capacity', () => {
    const environment = createMockEnvironment();
    const queries = new PreparedQueries(environment, 2);
    const first = queries.load(ArticlePageQuery, { slug: 'a' });
    queries.load(ArticlePageQuery, { slug: 'b' });
    expect(first.isDisposed).toBe(false);
    queries.load(ArticlePageQuery, { slug: 'c' });
    expect(first.isDisposed).toBe(true);
  });

  it('asks the network again after refreshNext, once', () => {
    const environment = createMockEnvironment();
    const queries = new PreparedQueries(environment);
    queries.load(ArticlePageQuery, { slug: 'first' });
    environment.mock.resolveMostRecentOperation((operation) => MockPayloadGenerator.generate(operation));

    queries.refreshNext();
    queries.load(ArticlePageQuery, { slug: 'first' });
    expect(environment.mock.getAllOperations()).toHaveLength(1);
    environment.mock.resolveMostRecentOperation((operation) => MockPayloadGenerator.generate(operation));

    // Only the next load: after it, the store answers again.
    queries.load(ArticlePageQuery, { slug: 'first' });
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });
});
