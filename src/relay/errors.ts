import type { ErrorCode } from '../../shared/errorCodes';
/**
 * The transport error catalogue (docs/errors.md#error-catalogue): every way a GraphQL call can fail,
 * as a typed error made here and nowhere else. The reader-facing text for each
 * lives in src/errors/errorMessages.ts.
 */

export interface GraphQLErrorShape {
  message: string;
  path?: readonly (string | number)[];
  extensions?: { code?: string; [key: string]: unknown };
}

export type FolioErrorKind =
  | 'http-status'
  | 'unparseable-response'
  | 'malformed-response'
  | 'no-response'
  | 'timeout'
  | 'graphql-errors'
  | 'unknown-persisted-query';

export abstract class FolioNetworkError extends Error {
  abstract readonly kind: FolioErrorKind;
  constructor(
    message: string,
    /** The operation that failed. */
    readonly operationName: string,
  ) {
    super(message);
  }
}

/** A non-2xx answer. 502, 503, 504 and 429 are worth retrying (queries only). */
export class HttpStatusError extends FolioNetworkError {
  readonly kind = 'http-status';
  override name = 'HttpStatusError';
  constructor(
    operationName: string,
    readonly status: number,
    /** The first characters of the body, for logs. */
    readonly bodyExcerpt: string,
    /** From a Retry-After header, in milliseconds. */
    readonly retryAfterMs: number | null,
  ) {
    super(`${operationName}: the server answered HTTP ${status}`, operationName);
  }
}

/** The body is not JSON (an HTML error page, a truncated answer). */
export class UnparseableResponseError extends FolioNetworkError {
  readonly kind = 'unparseable-response';
  override name = 'UnparseableResponseError';
  constructor(
    operationName: string,
    readonly status: number,
    readonly bodyExcerpt: string,
  ) {
    super(`${operationName}: the answer is not JSON`, operationName);
  }
}

/** JSON with neither `data` nor `errors`. */
export class MalformedResponseError extends FolioNetworkError {
  readonly kind = 'malformed-response';
  override name = 'MalformedResponseError';
  constructor(
    operationName: string,
    readonly bodyExcerpt: string,
  ) {
    super(`${operationName}: the answer has neither data nor errors`, operationName);
  }
}

/** fetch rejected: offline, connection refused or reset. */
export class NoResponseError extends FolioNetworkError {
  readonly kind = 'no-response';
  override name = 'NoResponseError';
  constructor(
    operationName: string,
    override readonly cause: unknown,
  ) {
    super(`${operationName}: no answer from the server`, operationName);
  }
}

/** No answer within the request timeout. */
export class TimeoutError extends FolioNetworkError {
  readonly kind = 'timeout';
  override name = 'TimeoutError';
  constructor(
    operationName: string,
    readonly timeoutMs: number,
  ) {
    super(`${operationName}: no answer within ${timeoutMs} ms`, operationName);
  }
}

/** `errors` and no `data`: the message depends on `extensions.code`. */
export class GraphQLResponseError extends FolioNetworkError {
  readonly kind = 'graphql-errors';
  override name = 'GraphQLResponseError';
  readonly code: string | undefined;
  constructor(
    operationName: string,
    readonly errors: readonly GraphQLErrorShape[],
    readonly status: number,
  ) {
    super(
      `${operationName}: ${errors.map((error) => error.message).join('; ') || 'GraphQL error'}`,
      operationName,
    );
    this.code = errors.find((error) => error.extensions?.code)?.extensions?.code;
  }
}

/** The server does not know this client's persisted query: a newer version is deployed. */
export class UnknownPersistedQueryError extends FolioNetworkError {
  readonly kind = 'unknown-persisted-query';
  override name = 'UnknownPersistedQueryError';
  constructor(
    operationName: string,
    readonly docId: string | null,
  ) {
    super(
      `${operationName}: the server does not know persisted query ${docId ?? '(none)'}`,
      operationName,
    );
  }
}

export const PERSISTED_QUERY_NOT_FOUND: ErrorCode = 'PERSISTED_QUERY_NOT_FOUND';

/**
 * The FolioNetworkError behind a failure Relay reports. Relay passes our
 * errors through unchanged; for `errors` without `data` it makes its own and
 * puts the response's errors on `source`.
 */
export function asFolioNetworkError(error: unknown): FolioNetworkError | null {
  if (error instanceof FolioNetworkError) return error;
  const source = (
    error as {
      source?: { errors?: readonly GraphQLErrorShape[]; operation?: { name?: string } };
    } | null
  )?.source;
  if (source?.errors)
    return new GraphQLResponseError(source.operation?.name ?? 'operation', source.errors, 200);
  return null;
}

/** `extensions.code` of the first coded GraphQL error behind a failure. */
export function graphQLErrorCode(error: unknown): string | undefined {
  const folio = asFolioNetworkError(error);
  return folio instanceof GraphQLResponseError ? folio.code : undefined;
}
