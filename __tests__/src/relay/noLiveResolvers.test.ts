import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as RelayRuntime from 'relay-runtime';
import AppLayoutQuery from '@generated/AppLayoutQuery.graphql';

/**
 * The browser build's store has no cache of Relay Resolvers' values
 * (scripts/webpack/relay/noLiveResolvers.js): true only while no compiled
 * artifact reads a resolver, and while the replacement answers every call
 * relay-runtime's store makes on its cache.
 */
const root = path.resolve(__dirname, '../../..');
const requireHere = createRequire(path.join(root, 'package.json'));
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the webpack config's own CommonJS module
const { NO_LIVE_RESOLVERS } = require('../../../scripts/webpack/relay/browserRelay') as {
  NO_LIVE_RESOLVERS: string;
};
const LIVE_RESOLVER_CACHE = requireHere.resolve(
  'relay-runtime/lib/store/live-resolvers/LiveResolverCache',
);
const replacement = requireHere(NO_LIVE_RESOLVERS) as Record<string, unknown>;
const published = requireHere(LIVE_RESOLVER_CACHE) as Record<string, unknown>;

it('no compiled artifact reads a Relay Resolver or a client edge', () => {
  const generated = path.join(root, '__generated__');
  const readers = readdirSync(generated)
    .filter((file) => file.endsWith('.graphql.ts'))
    .filter((file) =>
      /"kind": "(RelayResolver|RelayLiveResolver|ClientEdgeToClientObject|ClientEdgeToServerObject)"/.test(
        readFileSync(path.join(generated, file), 'utf8'),
      ),
    );
  expect(readdirSync(generated).length).toBeGreaterThan(20);
  expect(readers).toEqual([]);
});

it('exports every name the published module does', () => {
  expect(Object.keys(replacement).sort()).toEqual(Object.keys(published).sort());
  expect(replacement.RELAY_RESOLVER_LIVE_STATE_SUBSCRIPTION_KEY).toBe(
    published.RELAY_RESOLVER_LIVE_STATE_SUBSCRIPTION_KEY,
  );
});

it('answers every method relay-runtime’s store calls on its resolver cache', () => {
  const storeDir = path.dirname(requireHere.resolve('relay-runtime/lib/store/RelayModernStore'));
  const called = new Set<string>();
  for (const file of readdirSync(storeDir).filter((name) => name.endsWith('.js')))
    for (const match of readFileSync(path.join(storeDir, file), 'utf8').matchAll(
      /[rR]esolverCache\.(\w+)\(/g,
    ))
      called.add(match[1]!);
  expect([...called]).toEqual(
    expect.arrayContaining(['readFromCacheOrEvaluate', 'batchLiveStateUpdates']),
  );
  const { prototype } = replacement.LiveResolverCache as { prototype: Record<string, unknown> };
  expect([...called].filter((method) => typeof prototype[method] !== 'function')).toEqual([]);
});

/** relay-runtime whose store makes `cache` (the published one when undefined). */
function relayWith(cache: string | undefined): typeof RelayRuntime {
  let runtime: typeof RelayRuntime | undefined;
  jest.isolateModules(() => {
    if (cache) jest.doMock(LIVE_RESOLVER_CACHE, () => jest.requireActual(cache));
    runtime = requireHere('relay-runtime') as typeof RelayRuntime;
  });
  jest.dontMock(LIVE_RESOLVER_CACHE);
  return runtime!;
}

/** What a store shows through one query's life: written, updated, released, collected. */
function lifeOfAQuery(runtime: typeof RelayRuntime) {
  const { Environment, Network, RecordSource, Store, createOperationDescriptor } = runtime;
  const store = new Store(new RecordSource(), { gcReleaseBufferSize: 0 });
  const environment = new Environment({
    network: Network.create(() => Promise.reject(new Error('no network here'))),
    store,
  });
  const operation = createOperationDescriptor(AppLayoutQuery, { locale: 'de' });
  const seen: unknown[] = [];
  const retained = environment.retain(operation);
  environment.commitPayload(operation, {
    site: { title: 'Folio', description: 'Lesen', navigation: [], footer: [] },
    viewer: { isPreview: false, previewScope: null, previewedDocument: null },
  });
  const snapshot = environment.lookup(operation.fragment);
  seen.push(snapshot.data);
  const subscription = environment.subscribe(snapshot, (next) => seen.push(next.data));
  environment.commitUpdate((proxy) => {
    proxy
      .getRoot()
      .getLinkedRecord('site', { locale: 'de' })
      ?.setValue('Folio auf Deutsch', 'title');
  });
  const records = () => store.getSource().getRecordIDs().sort();
  seen.push(records());
  subscription.dispose();
  retained.dispose();
  (store as unknown as { __gc(): void }).__gc();
  seen.push(records());
  return seen;
}

it('a store without it writes, notifies, updates and collects as the published one does', () => {
  const withReplacement = lifeOfAQuery(relayWith(NO_LIVE_RESOLVERS));
  expect(withReplacement).toEqual([
    expect.objectContaining({ site: { title: 'Folio' } }),
    expect.objectContaining({ site: { title: 'Folio auf Deutsch' } }),
    ['client:root', 'client:root:site(locale:"de")', 'client:root:viewer'],
    [],
  ]);
  expect(withReplacement).toEqual(lifeOfAQuery(relayWith(undefined)));
});
