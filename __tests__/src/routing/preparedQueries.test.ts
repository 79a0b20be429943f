import ArticlePageQuery from '@generated/ArticlePageQuery.graphql';
import {
  Environment,
  Network,
  PreloadableQueryRegistry,
  RecordSource,
  Store,
  type ConcreteRequest,
  type GraphQLResponse,
  type OperationType,
  type PreloadableConcreteRequest,
} from 'relay-runtime';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import {
  PreparedQueries,
  queryArtifact,
  readRoot,
  settled,
} from '../../../src/routing/preparedQueries';

describe('PreparedQueries', () => {
  it('answers a revisit from the store without a second request', () => {
    const environment = createMockEnvironment();
    const queries = new PreparedQueries(environment);

    queries.load(ArticlePageQuery, { slug: 'first', locale: 'en' });
    expect(environment.mock.getAllOperations()).toHaveLength(1);
    environment.mock.resolveMostRecentOperation((operation) =>
      MockPayloadGenerator.generate(operation),
    );

    queries.load(ArticlePageQuery, { slug: 'second', locale: 'en' });
    environment.mock.resolveMostRecentOperation((operation) =>
      MockPayloadGenerator.generate(operation),
    );

    // Going back to the first article: the data is still retained.
    const back = queries.load(ArticlePageQuery, { slug: 'first', locale: 'en' });
    expect(environment.mock.getAllOperations()).toHaveLength(0);
    expect(back.isDisposed).toBe(false);
  });

  it('disposes the oldest queries beyond its capacity', () => {
    const environment = createMockEnvironment();
    const queries = new PreparedQueries(environment, 2);
    const first = queries.load(ArticlePageQuery, { slug: 'a', locale: 'en' });
    queries.load(ArticlePageQuery, { slug: 'b', locale: 'en' });
    expect(first.isDisposed).toBe(false);
    queries.load(ArticlePageQuery, { slug: 'c', locale: 'en' });
    expect(first.isDisposed).toBe(true);
  });

  it('asks the network again after refreshNext, once', () => {
    const environment = createMockEnvironment();
    const queries = new PreparedQueries(environment);
    queries.load(ArticlePageQuery, { slug: 'first', locale: 'en' });
    environment.mock.resolveMostRecentOperation((operation) =>
      MockPayloadGenerator.generate(operation),
    );

    queries.refreshNext();
    queries.load(ArticlePageQuery, { slug: 'first', locale: 'en' });
    expect(environment.mock.getAllOperations()).toHaveLength(1);
    environment.mock.resolveMostRecentOperation((operation) =>
      MockPayloadGenerator.generate(operation),
    );

    // Only the next load: after it, the store answers again.
    queries.load(ArticlePageQuery, { slug: 'first', locale: 'en' });
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it('sends a @preloadable query before its artifact has arrived, and stores the answer once it registers', async () => {
    // The same query under an id no module has registered yet: a page whose code is still loading.
    const id = 'article-page-query-not-yet-loaded';
    const artifact = {
      ...ArticlePageQuery,
      params: { ...ArticlePageQuery.params, id },
    } as ConcreteRequest;
    const parameters: PreloadableConcreteRequest<OperationType> = {
      kind: 'PreloadableConcreteRequest',
      params: artifact.params,
    };
    const requests: {
      name: string;
      id: string | null;
      answer: (response: GraphQLResponse) => void;
    }[] = [];
    const network = Network.create(
      (params) =>
        new Promise<GraphQLResponse>((answer) =>
          requests.push({ name: params.name, id: params.id, answer }),
        ),
    );
    const environment = new Environment({ network, store: new Store(new RecordSource()) });
    const queries = new PreparedQueries(environment);

    const ref = queries.load(parameters, { slug: 'gone' });
    queries.load(parameters, { slug: 'gone' }); // a hover, then the click: one request
    expect(requests.map(({ name, id }) => ({ name, id }))).toEqual([
      { name: 'ArticlePageQuery', id },
    ]);
    expect(() => readRoot(environment, parameters, { slug: 'gone' })).toThrow(
      /ArticlePageQuery is not loaded/,
    );

    let stored = false;
    const answer = settled(ref).then(() => (stored = true));
    requests[0]!.answer({ data: { site: null, viewer: null, article: null } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(stored).toBe(false); // nothing can normalize the answer until the artifact is here

    PreloadableQueryRegistry.set(id, artifact);
    await answer;
    expect(queryArtifact(parameters)).toBe(artifact);
    expect(readRoot(environment, parameters, { slug: 'gone' })).toHaveProperty('article', null);
  });

  it('a click after the hover’s answer came, but before the page’s code did, makes no second request', async () => {
    const id = 'article-page-query-answered-before-its-code';
    const artifact = {
      ...ArticlePageQuery,
      params: { ...ArticlePageQuery.params, id },
    } as ConcreteRequest;
    const parameters: PreloadableConcreteRequest<OperationType> = {
      kind: 'PreloadableConcreteRequest',
      params: artifact.params,
    };
    const requests: ((response: GraphQLResponse) => void)[] = [];
    const network = Network.create(
      () => new Promise<GraphQLResponse>((answer) => requests.push(answer)),
    );
    const environment = new Environment({ network, store: new Store(new RecordSource()) });
    const queries = new PreparedQueries(environment);

    const hover = queries.load(parameters, { slug: 'quick' });
    requests[0]!({ data: { site: null, viewer: null, article: null } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The answer is in, the artifact is not: the store cannot be asked, and the request is no longer in flight.
    const click = queries.load(parameters, { slug: 'quick' });
    expect(requests).toHaveLength(1);
    expect(click).toBe(hover);
    expect(hover.isDisposed).toBe(false);

    PreloadableQueryRegistry.set(id, artifact);
    await settled(click);
    expect(readRoot(environment, parameters, { slug: 'quick' })).toHaveProperty('article', null);
  });

  it('a click after the hover’s request failed asks again, even before the page’s code arrived', async () => {
    const id = 'article-page-query-failed-before-its-code';
    const artifact = {
      ...ArticlePageQuery,
      params: { ...ArticlePageQuery.params, id },
    } as ConcreteRequest;
    const parameters: PreloadableConcreteRequest<OperationType> = {
      kind: 'PreloadableConcreteRequest',
      params: artifact.params,
    };
    const requests: { fail: (error: Error) => void }[] = [];
    const network = Network.create(
      () => new Promise<GraphQLResponse>((_, fail) => requests.push({ fail })),
    );
    const environment = new Environment({ network, store: new Store(new RecordSource()) });
    const queries = new PreparedQueries(environment);

    const hover = queries.load(parameters, { slug: 'offline' });
    requests[0]!.fail(new Error('offline'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    const click = queries.load(parameters, { slug: 'offline' });
    expect(requests).toHaveLength(2);
    expect(click).not.toBe(hover);
  });
});
