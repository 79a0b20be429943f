import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { requestTraceId } from '../../api/contentService';
import { HEALTH_PATH, READY_PATH } from './health';
import type { Logger } from './logger';

/** An `X-Request-Id` the server passes on as it is: short, and nothing a log or a header could be confused by. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;
const OPERATION_NAME = /^[_A-Za-z][_0-9A-Za-z]{0,99}$/;
/** Paths are logged whole up to this length (a longer one is an attack or a mistake, not a page). */
const LOGGED_PATH_LENGTH = 512;

/** The request's id: the one a proxy in front sent (`X-Request-Id`) when it looks sane, else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** A GraphQL operation's name, when it looks like one. */
function operationName(value: unknown): string | undefined {
  return typeof value === 'string' && OPERATION_NAME.test(value) ? value : undefined;
}

/**
 * The GraphQL operation a request ran: recorded by the API as it read the
 * body (POST), or the body express parsed (forwarding), or the URL's
 * `operationName` (GET, including readers' cached answers).
 */
function operationOf(
  request: IncomingMessage,
  query: string,
  recordedBy: (request: IncomingMessage) => string | undefined,
): string | undefined {
  const recorded =
    recordedBy(request) ??
    operationName((request as { body?: { operationName?: unknown } }).body?.operationName);
  if (recorded) return recorded;
  const named = OPERATION_NAME_PARAMETER.exec(query);
  return named ? operationName(named[1]) : undefined;
}

/** `operationName=…` in a query string (a name is letters, digits and `_`: nothing to decode). */
const OPERATION_NAME_PARAMETER = /(?:^|&)operationName=([^&]*)/;

/**
 * Gives the request its id (returned: the caller sends it as `X-Request-Id`
 * on every answer, cached ones too) and writes one line when its answer is finished or the
 * connection is gone: method, path (never the query string, which can hold
 * a preview token), status, duration, GraphQL operation, client address and
 * request id, and the trace id when the request is in a sampled trace
 * (tracing on: docs/operations.md#traces; call it inside `servedInTrace`).
 */
export function logRequest(
  request: IncomingMessage,
  response: ServerResponse,
  logger: Logger,
  clientAddress: string,
  /** The operation the API recorded as it read the request (the content service's `graphql.operationNameOf`). */
  recordedOperation: (request: IncomingMessage) => string | undefined = () => undefined,
): string {
  const started = performance.now();
  const id = requestIdOf(request);
  // Nothing it could write is enabled (a silent logger under jest): no listener at all.
  if (!logger.isLevelEnabled('warn')) return id;
  // As it arrived: express rewrites request.url inside mounted routers.
  const url = request.url ?? '/';
  // Read when the line is written: the request's first span may start its trace meanwhile. Tracing off: a no-op.
  const traceIdOf = requestTraceId();
  const write = () => {
    const queryAt = url.indexOf('?');
    const fullPath = queryAt === -1 ? url : url.slice(0, queryAt);
    const path =
      fullPath.length > LOGGED_PATH_LENGTH ? `${fullPath.slice(0, LOGGED_PATH_LENGTH)}…` : fullPath;
    const operation = operationOf(
      request,
      queryAt === -1 ? '' : url.slice(queryAt + 1),
      recordedOperation,
    );
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const traceId = traceIdOf();
    const line = {
      requestId: id,
      method: request.method,
      path,
      status: response.statusCode,
      ms,
      ...(operation ? { operation } : {}),
      client: clientAddress,
      ...(traceId ? { traceId } : {}),
      // The reader went away before the answer was complete.
      ...(response.writableFinished ? {} : { aborted: true }),
    };
    const message = `${request.method} ${path} ${response.statusCode} ${ms} ms${operation ? ` ${operation}` : ''}`;
    if (response.statusCode >= 500) logger.warn(line, message);
    // A load balancer's probes every few seconds would drown the readers' lines.
    else if ((path === HEALTH_PATH || path === READY_PATH) && response.statusCode === 200)
      logger.debug(line, message);
    else logger.info(line, message);
  };
  response.once('close', write);
  return id;
}
