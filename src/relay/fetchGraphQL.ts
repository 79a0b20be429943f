import type { FetchFunction, GraphQLResponse, RequestParameters, Variables } from 'relay-runtime';

/** The body of a GraphQL request as Folio sends it (SPEC §6). */
export type GraphQLRequestBody =
  | { operationName: string; variables: Variables; doc_id: string }
  | { operationName: string; variables: Variables; query: string };

export const GRAPHQL_ACCEPT = 'application/graphql-response+json, application/json;q=0.9';

/**
 * Persisted operations (the default build) travel as `doc_id`; an artifact
 * compiled without persisting still carries its text and sends `query`.
 */
export function graphQLRequestBody(params: RequestParameters, variables: Variables): GraphQLRequestBody {
  if (params.id != null) {
    return { operationName: params.name, variables, doc_id: params.id };
  }
  if (params.text != null) {
    return { operationName: params.name, variables, query: params.text };
  }
  throw new Error(`Operation ${params.name} has neither a persisted id nor query text.`);
}

export interface FetchGraphQLOptions {
  endpoint: string;
  /** Extra headers, e.g. the preview token. */
  headers?: Record<string, string>;
  /** Injected in tests and on the server; the browser's fetch otherwise. */
  fetch?: typeof globalThis.fetch;
}

/** Thrown when the server's answer cannot be handed to Relay. */
export class GraphQLTransportError extends Error {
  override name = 'GraphQLTransportError';
  constructor(
    message: string,
    readonly status?: number,
    /** The GraphQL errors of the answer, when it had any. */
    readonly errors: readonly GraphQLErrorShape[] = [],
  ) {
    super(message);
  }
}

export interface GraphQLErrorShape {
  message: string;
  extensions?: { code?: string; [key: string]: unknown };
}

/** Relay's network layer: one POST of JSON per operation. */
export function createFetchGraphQL(options: FetchGraphQLOptions): FetchFunction {
  return async (params, variables) => {
    const fetchImpl = options.fetch ?? globalThis.fetch;
    const response = await fetchImpl(options.endpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: GRAPHQL_ACCEPT,
        ...options.headers,
      },
      body: JSON.stringify(graphQLRequestBody(params, variables)),
    });
    const text = await response.text();
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch {
      throw new GraphQLTransportError(`The answer to ${params.name} could not be read (HTTP ${response.status}).`, response.status);
    }
    // GraphQL over HTTP answers a request error with 4xx and an errors array.
    if (!isGraphQLResponse(payload)) {
      throw new GraphQLTransportError(`The answer to ${params.name} was not a GraphQL response (HTTP ${response.status}).`, response.status);
    }
    if (!response.ok && !('data' in payload && payload.data != null)) {
      const errors = 'errors' in payload && Array.isArray(payload.errors) ? (payload.errors as GraphQLErrorShape[]) : [];
      throw new GraphQLTransportError(errors[0]?.message ?? `The server answered HTTP ${response.status}.`, response.status, errors);
    }
    return payload;
  };
}

function isGraphQLResponse(payload: unknown): payload is GraphQLResponse {
  return typeof payload === 'object' && payload !== null && ('data' in payload || 'errors' in payload);
}
