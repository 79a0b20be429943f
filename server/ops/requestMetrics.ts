import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { countsRequests, httpRequestDuration } from '../../api/contentService';
import { routeTemplateOf } from './routeTemplate';

/** OpenTelemetry's known HTTP methods; any other a client sends is counted as `_OTHER`. */
const KNOWN_METHODS = new Set([
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'DELETE',
  'OPTIONS',
  'PATCH',
  'CONNECT',
  'TRACE',
]);

type Observe = (seconds: number) => void;
/** The histogram's child per label set, found by one Map lookup (prom-client's own lookup hashes the labels each time). */
const children = new Map<string, Observe>();

function observerFor(method: string, route: string, status: number): Observe {
  const key = `${method} ${status} ${route}`;
  let observe = children.get(key);
  if (!observe) {
    const child = httpRequestDuration.labels(method, route, String(status));
    observe = (seconds) => child.observe(seconds);
    children.set(key, observe);
  }
  return observe;
}

/**
 * Times one request (unless requests are not counted: no metrics port) into `http_server_request_duration_seconds`, labelled by
 * method, route template (server/ops/routeTemplate.ts) and status, when its
 * answer is finished or the connection is gone.
 */
export function measureRequest(request: IncomingMessage, response: ServerResponse): void {
  if (!countsRequests()) return;
  const started = performance.now();
  // As it arrived: express rewrites request.url inside mounted routers.
  const url = request.url ?? '/';
  response.once('close', () => {
    const method = KNOWN_METHODS.has(request.method ?? '') ? request.method! : '_OTHER';
    observerFor(
      method,
      routeTemplateOf(url),
      response.statusCode,
    )((performance.now() - started) / 1000);
  });
}
