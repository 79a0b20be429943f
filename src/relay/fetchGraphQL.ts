import {
  Observable,
  type FetchFunction,
  type GraphQLResponse,
  type RequestParameters,
  type Variables,
} from 'relay-runtime';
import {
  GraphQLResponseError,
  HttpStatusError,
  MalformedResponseError,
  NoResponseError,
  PERSISTED_QUERY_NOT_FOUND,
  TimeoutError,
  UnknownPersistedQueryError,
  UnparseableResponseError,
  type GraphQLErrorShape,
} from './errors';
import {
  DEFAULT_RETRY_POLICY,
  parseRetryAfter,
  REQUEST_TIMEOUT_MS,
  RETRYABLE_STATUSES,
  retryDelay,
  type RetryPolicy,
} from './retryPolicy';

/** The body of a GraphQL request as Folio sends it (docs/http-and-cache.md#graphql-transport). */
export type GraphQLRequestBody =
  | { operationName: string; variables: Variables; doc_id: string }
  | { operationName: string; variables: Variables; query: string };

export const GRAPHQL_ACCEPT = 'application/graphql-response+json, application/json;q=0.9';

/**
 * Persisted operations (the default build) travel as `doc_id`; an artifact
 * compiled without persisting still carries its text and sends `query`.
 */
export function graphQLRequestBody(
  params: RequestParameters,
  variables: Variables,
): GraphQLRequestBody {
  if (params.id != null) return { operationName: params.name, variables, doc_id: params.id };
  if (params.text != null) return { operationName: params.name, variables, query: params.text };
  throw new Error(`Operation ${params.name} has neither a persisted id nor query text.`);
}

export interface FetchGraphQLOptions {
  endpoint: string;
  /** Extra headers, e.g. the preview token. */
  headers?: Record<string, string>;
  /** Send queries as GET with doc_id and variables in the URL (cacheable); mutations always POST. */
  queriesAsGet?: boolean;
  timeoutMs?: number;
  retryPolicy?: RetryPolicy;
  /** Injected in tests and on the server; the global fetch otherwise. */
  fetch?: typeof globalThis.fetch;
}

const EXCERPT_LENGTH = 200;

/**
 * Relay's network layer: one request per operation, classified into the
 * error catalogue; queries retried on transient failures; cancelled when
 * Relay unsubscribes (the page no longer needs the answer).
 */
export function createFetchGraphQL(options: FetchGraphQLOptions): FetchFunction {
  return (params, variables) =>
    Observable.create<GraphQLResponse>((sink) => {
      const cancel = new AbortController();
      send(params, variables, options, cancel.signal).then(
        (response) => {
          sink.next(response);
          sink.complete();
        },
        (error: unknown) => {
          if (!cancel.signal.aborted)
            sink.error(error instanceof Error ? error : new Error(String(error)));
        },
      );
      return () => cancel.abort();
    });
}

async function send(
  params: RequestParameters,
  variables: Variables,
  options: FetchGraphQLOptions,
  signal: AbortSignal,
): Promise<GraphQLResponse> {
  // Mutations are never retried: a lost answer must not become a second vote.
  const retries = params.operationKind === 'query';
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await sendOnce(params, variables, options, signal);
    } catch (error) {
      const delay = retries
        ? retryDelay(error, attempt, options.retryPolicy ?? DEFAULT_RETRY_POLICY)
        : null;
      if (delay === null || signal.aborted) throw error;
      await sleep(delay, signal);
    }
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function requestFor(
  params: RequestParameters,
  variables: Variables,
  options: FetchGraphQLOptions,
): { url: string; init: RequestInit } {
  const body = graphQLRequestBody(params, variables);
  const headers: Record<string, string> = { Accept: GRAPHQL_ACCEPT, ...options.headers };
  if (options.queriesAsGet && params.operationKind === 'query') {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(body))
      search.set(key, typeof value === 'string' ? value : JSON.stringify(value));
    const separator = options.endpoint.includes('?') ? '&' : '?';
    return {
      url: `${options.endpoint}${separator}${search.toString()}`,
      init: { method: 'GET', headers },
    };
  }
  return {
    url: options.endpoint,
    init: {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    },
  };
}

async function sendOnce(
  params: RequestParameters,
  variables: Variables,
  options: FetchGraphQLOptions,
  cancel: AbortSignal,
): Promise<GraphQLResponse> {
  const name = params.name;
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCancel = () => controller.abort();
  cancel.addEventListener('abort', onCancel);
  const { url, init } = requestFor(params, variables, options);
  try {
    let response: Response;
    let text: string;
    try {
      response = await (options.fetch ?? globalThis.fetch)(url, {
        ...init,
        signal: controller.signal,
      });
      // The timeout covers the whole body too: a server may send headers and stall.
      text = await response.text();
    } catch (error) {
      if (timedOut) throw new TimeoutError(name, timeoutMs);
      throw new NoResponseError(name, error);
    }
    return classify(name, params.id ?? null, response, text);
  } finally {
    clearTimeout(timer);
    cancel.removeEventListener('abort', onCancel);
  }
}

/** Turns an answer into a GraphQL response for Relay, or into an error of the catalogue. */
function classify(
  name: string,
  docId: string | null,
  response: Response,
  text: string,
): GraphQLResponse {
  const excerpt = text.slice(0, EXCERPT_LENGTH);
  if (RETRYABLE_STATUSES.has(response.status)) {
    throw new HttpStatusError(
      name,
      response.status,
      excerpt,
      parseRetryAfter(response.headers.get('Retry-After')),
    );
  }
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    if (!response.ok)
      throw new HttpStatusError(
        name,
        response.status,
        excerpt,
        parseRetryAfter(response.headers.get('Retry-After')),
      );
    throw new UnparseableResponseError(name, response.status, excerpt);
  }
  const shaped =
    typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as { data?: unknown; errors?: unknown })
      : null;
  const errors = Array.isArray(shaped?.errors) ? (shaped.errors as GraphQLErrorShape[]) : null;
  const hasData = shaped?.data !== undefined && shaped.data !== null;
  if (errors?.some((error) => error.extensions?.code === PERSISTED_QUERY_NOT_FOUND))
    throw new UnknownPersistedQueryError(name, docId);
  if (response.status >= 500) throw new HttpStatusError(name, response.status, excerpt, null);
  if (!hasData && errors && errors.length > 0)
    throw new GraphQLResponseError(name, errors, response.status);
  if (!response.ok) throw new HttpStatusError(name, response.status, excerpt, null);
  if (!shaped || (!hasData && !errors)) throw new MalformedResponseError(name, excerpt);
  // A root field that failed (null, with an error of its own or of a non-null field beneath it that nulled it) fails the query: the page cannot tell
  // "not there" from "could not be read", and a 404 would be shown and cached for content a CMS failed to send.
  const data = shaped.data as Record<string, unknown> | null | undefined;
  const failedRoots = (errors ?? []).filter(
    (error) => (error.path?.length ?? 0) >= 1 && data?.[String(error.path![0])] == null,
  );
  if (failedRoots.length > 0) throw new GraphQLResponseError(name, failedRoots, response.status);
  // Data, possibly with errors for some fields deeper down (partial data): Relay takes it.
  return shaped as GraphQLResponse;
}
