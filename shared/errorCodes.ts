/**
 * docs/errors.md#error-catalogue: every `extensions.code` the API answers with, in one typed list
 * that the API (which sets them) and the client (which tells the reader what
 * each one means) share.
 */
export const ERROR_CODES = [
  /** A variable or argument is not acceptable (a bad email, an unknown cursor, deep variables). */
  'BAD_USER_INPUT',
  /** A wrong preview token. */
  'FORBIDDEN',
  /** A mutation named content that is not there (or not visible). */
  'NOT_FOUND',
  /** The newsletter address is already on the list. */
  'ALREADY_SUBSCRIBED',
  /** A per-client budget is spent (newsletter, votes), or the upstream service said 429. */
  'RATE_LIMITED',
  /** PostgreSQL cancelled a statement at the statement timeout, or no connection came free in time. */
  'QUERY_TIMEOUT',
  /** The server does not know this persisted id (an older or newer client). */
  'PERSISTED_QUERY_NOT_FOUND',
  /** Query text sent to a server that runs persisted queries only. */
  'PERSISTED_QUERY_ONLY',
  /** Development only: query text past the depth or cost limits (api/queryLimits.ts). */
  'QUERY_TOO_COMPLEX',
  /** A POST that is not `application/json` (docs/http-and-cache.md#security-headers: no cross-site writes). */
  'UNSUPPORTED_MEDIA_TYPE',
  /** A body over the limit. */
  'PAYLOAD_TOO_LARGE',
  /** A body that is not a JSON object. */
  'BAD_REQUEST',
  /** Neither GET nor POST, or a mutation over GET. */
  'METHOD_NOT_ALLOWED',
  /** Forwarding mode: the upstream service did not answer in time. */
  'UPSTREAM_TIMEOUT',
  /** Forwarding mode: the upstream service could not be reached, or was busy. */
  'UPSTREAM_UNAVAILABLE',
  /** Forwarding mode: the upstream service answered something that is not JSON. */
  'UPSTREAM_BAD_RESPONSE',
  /** The content source (a CMS, or Folio's own database) could not be reached, did not answer in time, or answered an error status (docs/sources.md#content-sources). */
  'SOURCE_UNAVAILABLE',
  /** The content source answered a shape Folio does not understand (a missing field, a renamed type). */
  'SOURCE_BAD_RESPONSE',
  /** This process is stopping, or holds as many live-update streams as it may: ask again (503, Retry-After). */
  'SERVER_BUSY',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
