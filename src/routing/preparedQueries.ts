import { loadQuery, type PreloadedQuery } from 'react-relay/hooks';
import {
  createOperationDescriptor,
  PreloadableQueryRegistry,
  type ConcreteRequest,
  type IEnvironment,
  type OperationType,
  type PreloadableConcreteRequest,
  type Variables,
} from 'relay-runtime';
import { GC_RELEASE_BUFFER_SIZE } from '../relay/environment';

/**
 * Route queries started by navigation or by hovering a link. Each one is
 * retained until it falls out of this small most-recent list, so that pages
 * seen a moment ago stay in the store and going back needs no request.
 */
export class PreparedQueries {
  private readonly entries = new Map<string, PreloadedQuery<OperationType>>();
  /** Replaced references, released on the next load: the page on screen may still read one. */
  private retired: PreloadedQuery<OperationType>[] = [];
  /** Set by `refreshNext`: the next load skips the store. */
  private refreshing = false;

  constructor(
    readonly environment: IEnvironment,
    private readonly capacity = GC_RELEASE_BUFFER_SIZE,
  ) {}

  /**
   * Starts the query. `store-or-network` answers from the store when it holds
   * fresh data (so revisits make no request), and Relay dedupes a request
   * already in flight (so a hover then a click make one request). A route's
   * `@preloadable` query is sent before its page's code (and with it the
   * query's artifact) has arrived; Relay writes the answer to the store when
   * the artifact registers, and until then cannot look in the store.
   */
  load<Q extends OperationType>(
    query: ConcreteRequest | PreloadableConcreteRequest<Q>,
    variables: Q['variables'],
  ): PreloadedQuery<Q> {
    const key = `${query.params.id ?? query.params.name}:${stableStringify(variables)}`;
    const refreshing = this.refreshing;
    this.refreshing = false;
    // A hover's query answered before its page's code arrived: its answer waits in that reference for the
    // artifact, the store cannot be asked yet, and the request is no longer in flight to be shared —
    // loading again would ask the network twice. The waiting reference is the answer, unless it failed.
    const previous = this.entries.get(key);
    if (
      !refreshing &&
      previous &&
      !previous.isDisposed &&
      !failed(previous) &&
      registeredArtifact(query) === null
    )
      return previous as PreloadedQuery<Q>;
    const ref = loadQuery<Q>(this.environment, query, variables, {
      fetchPolicy: refreshing ? 'network-only' : 'store-or-network',
    });
    for (const old of this.retired) old.dispose();
    this.retired = [];
    if (previous) this.retired.push(previous);
    this.entries.delete(key);
    this.entries.set(key, ref as PreloadedQuery<OperationType>);
    this.evict();
    return ref;
  }

  /**
   * The next load asks the network even when the store holds an answer: a
   * page whose answer had a failed part is otherwise complete in the store.
   */
  refreshNext(): void {
    this.refreshing = true;
  }

  private evict(): void {
    while (this.entries.size > this.capacity) {
      const [oldestKey, oldest] = this.entries.entries().next().value as [
        string,
        PreloadedQuery<OperationType>,
      ];
      this.entries.delete(oldestKey);
      oldest.dispose();
    }
  }
}

function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
    a < b ? -1 : 1,
  );
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
}

/**
 * Settles when the query's network request (if it made one) has finished:
 * resolves with its answer in the store, or rejects with the error of the
 * catalogue (src/relay/errors.ts) that the request ended with.
 */
export function settled(ref: PreloadedQuery<OperationType>): Promise<void> {
  const source = ref.source;
  if (!source) return Promise.resolve();
  return new Promise((resolve, reject) => {
    source.subscribe({ complete: () => resolve(), error: (error: Error) => reject(error) });
  });
}

/**
 * A query's full artifact: the query itself, or for `@preloadable` parameters
 * the artifact that registered itself when its page's code was imported.
 */
export function queryArtifact(
  query: ConcreteRequest | PreloadableConcreteRequest<OperationType>,
): ConcreteRequest {
  const artifact = registeredArtifact(query);
  if (!artifact)
    throw new Error(
      `The artifact of ${query.params.name} is not loaded: import the page that uses it first.`,
    );
  return artifact;
}

/**
 * Whether the reference's request failed. react-relay's loadQuery keeps the
 * network's error on the reference (`networkError`, not in its type
 * declarations); before the artifact arrives nothing else tells, as the
 * reference's `source` reports only once the artifact is there.
 */
function failed(ref: PreloadedQuery<OperationType>): boolean {
  return (ref as { networkError?: Error | null }).networkError != null;
}

/** The artifact if it is here: a plain query always; a `@preloadable` one once its page's code registered it. */
function registeredArtifact(
  query: ConcreteRequest | PreloadableConcreteRequest<OperationType>,
): ConcreteRequest | null {
  if (query.kind !== 'PreloadableConcreteRequest') return query;
  return (query.params.id === null ? null : PreloadableQueryRegistry.get(query.params.id)) ?? null;
}

/** The query's root fields as the store holds them now (null where the answer said none). */
export function readRoot(
  environment: IEnvironment,
  query: ConcreteRequest | PreloadableConcreteRequest<OperationType>,
  variables: Variables,
): Record<string, unknown> | null {
  const snapshot = environment.lookup(
    createOperationDescriptor(queryArtifact(query), variables).fragment,
  );
  return (snapshot.data as Record<string, unknown> | null) ?? null;
}
