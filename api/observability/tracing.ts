import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import {
  context,
  createContextKey,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api';

/**
 * Spans on Folio's slow paths only (an uncached render, a source read, a
 * database statement, a CMS request, a publish, a purge): through
 * `@opentelemetry/api`, which does nothing until the SDK is loaded
 * (`OTEL_EXPORTER_OTLP_ENDPOINT`, server/ops/tracingSdk.ts, which calls
 * `setTracingOn`). Off, every helper here is a boolean test and nothing
 * more: no context is made, no header is read.
 *
 * A request is traced only if it reaches a slow path. `servedInTrace` runs
 * each request in the trace its W3C `traceparent` continues, with a slot of
 * its own; the request's first span (an uncached render, a source read)
 * starts the request's own span (kind server, named by its method, started
 * when the request arrived, ended when its answer is), and every span of the
 * request is a descendant of it. A kept answer starts no span at all: the
 * request's slot is all it costs (measured in bench/RESULTS.md, "tracing").
 * docs/operations.md#traces says what is traced and how to turn it on.
 */
const tracer = trace.getTracer('folio');

let tracingOn = false;

/** Set by the SDK's loader once its tracer provider, context manager and propagator are in place (and off again when it stops). */
export function setTracingOn(on: boolean): void {
  tracingOn = on;
}

/** Whether spans are being recorded in this process (`OTEL_EXPORTER_OTLP_ENDPOINT` is set). */
export function isTracingOn(): boolean {
  return tracingOn;
}

/** What one request's trace holds: filled in lazily, by its first span. */
interface RequestTrace {
  request: IncomingMessage | null;
  response: ServerResponse | null;
  /** performance.now() when the request arrived: its span starts then. */
  arrivedAt: number;
  /** The request's own span, once a slow path started it. */
  span: Span | null;
  /** The trace this request is in, when it is sampled (for its log line). */
  traceId: string | undefined;
}

const REQUEST_TRACE = createContextKey('folio request trace');

/** The longest path a request's span names (the log line's rule: longer is an attack or a mistake). */
const SPAN_PATH_LENGTH = 512;

/**
 * Runs `serve` (one HTTP request) in the trace its W3C `traceparent` header
 * continues, when tracing is on; otherwise simply runs it. Give it the
 * request and its response: a request that reaches a slow path then gets a
 * span of its own (kind server) that ends when its answer does. Given only
 * the headers, the request's spans have the incoming parent, or none.
 */
export function servedInTrace(
  request: IncomingMessage,
  response: ServerResponse,
  serve: () => void,
): void;
export function servedInTrace(headers: IncomingHttpHeaders, serve: () => void): void;
export function servedInTrace(
  requestOrHeaders: IncomingMessage | IncomingHttpHeaders,
  responseOrServe: ServerResponse | (() => void),
  serve?: () => void,
): void {
  const run = typeof responseOrServe === 'function' ? responseOrServe : serve!;
  if (!tracingOn) return run();
  const whole = typeof responseOrServe !== 'function';
  const headers = whole
    ? (requestOrHeaders as IncomingMessage).headers
    : (requestOrHeaders as IncomingHttpHeaders);
  // No traceparent (most readers): nothing to parse.
  const continued =
    headers.traceparent === undefined ? ROOT_CONTEXT : propagation.extract(ROOT_CONTEXT, headers);
  const parent = trace.getSpanContext(continued);
  const slot: RequestTrace = {
    request: whole ? (requestOrHeaders as IncomingMessage) : null,
    response: whole ? (responseOrServe as ServerResponse) : null,
    arrivedAt: performance.now(),
    span: null,
    traceId: parent && isSampled(parent.traceFlags) ? parent.traceId : undefined,
  };
  context.with(continued.setValue(REQUEST_TRACE, slot), run);
}

const isSampled = (flags: number) => (flags & TraceFlags.SAMPLED) === TraceFlags.SAMPLED;

/** The request's own span, started now (at the request's arrival time) by its first slow path; it ends with the answer. */
function requestSpanOf(
  slot: RequestTrace,
  request: IncomingMessage,
  response: ServerResponse,
  active: Context,
): Span {
  if (slot.span) return slot.span;
  const method = request.method ?? 'GET';
  // As it arrived (express rewrites request.url inside mounted routers), and never the query string: it can hold a preview token.
  const url = (request as { originalUrl?: string }).originalUrl ?? request.url ?? '/';
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const span = tracer.startSpan(
    method,
    {
      kind: SpanKind.SERVER,
      startTime: slot.arrivedAt,
      attributes: {
        'http.request.method': method,
        'url.path': path.length > SPAN_PATH_LENGTH ? path.slice(0, SPAN_PATH_LENGTH) : path,
      },
    },
    active,
  );
  slot.span = span;
  const end = () => {
    span.setAttribute('http.response.status_code', response.statusCode);
    if (response.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    if (!response.writableFinished) span.setAttribute('folio.aborted', true);
    span.end();
  };
  if (response.closed) end();
  else response.once('close', end);
  return span;
}

/**
 * The context a new span starts in: the active one, or, when no span of
 * this process is active yet in a traced request, the request's own span
 * (started by this first slow path).
 */
function parentContext(active: Context, slot: RequestTrace | undefined): Context {
  if (!slot?.request || !slot.response) return active;
  const current = trace.getSpanContext(active);
  if (current && !current.isRemote) return active;
  return trace.setSpan(active, requestSpanOf(slot, slot.request, slot.response, active));
}

/** What a span is when tracing is off: records nothing, costs nothing. */
const NO_SPAN = trace.wrapSpanContext({
  traceId: '00000000000000000000000000000000',
  spanId: '0000000000000000',
  traceFlags: TraceFlags.NONE,
});

export interface SpanOptions {
  /** `client` for a request to another service (a CMS, the CDN); `internal` by default. */
  kind?: SpanKind;
}

/** Runs `work` inside a span named `name`; an error ends the span as failed and is thrown on. */
export function inSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span: Span) => Promise<T>,
  options: SpanOptions = {},
): Promise<T> {
  if (!tracingOn) {
    try {
      return work(NO_SPAN);
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }
  const active = context.active();
  const slot = active.getValue(REQUEST_TRACE) as RequestTrace | undefined;
  return tracer.startActiveSpan(
    name,
    { attributes, kind: options.kind ?? SpanKind.INTERNAL },
    parentContext(active, slot),
    async (span) => {
      // The request's log line names the trace its first sampled span is in.
      if (slot && slot.traceId === undefined) {
        const { traceId, traceFlags } = span.spanContext();
        if (isSampled(traceFlags)) slot.traceId = traceId;
      }
      try {
        return await work(span);
      } catch (error) {
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/**
 * The sampled trace the current request is in, for its log line: the one its
 * `traceparent` continued, or the one its first span started. Read it when
 * the line is written (a slow path may have started the trace since); undefined
 * when tracing is off or the request is in no sampled trace.
 */
export function requestTraceId(): () => string | undefined {
  if (!tracingOn) return noTraceId;
  const slot = context.active().getValue(REQUEST_TRACE) as RequestTrace | undefined;
  return slot ? () => slot.traceId : noTraceId;
}

const noTraceId = () => undefined;

/** The sampled trace id of the span active now (a log line written inside a slow path), if any. */
export function traceIdNow(): string | undefined {
  if (!tracingOn) return undefined;
  const active = context.active();
  const current = trace.getSpanContext(active);
  if (current && isSampled(current.traceFlags)) return current.traceId;
  return (active.getValue(REQUEST_TRACE) as RequestTrace | undefined)?.traceId;
}

/**
 * Adds the W3C `traceparent` (and `tracestate`) of the active span to an
 * outgoing request's headers, so the service called (Strapi, Contentful)
 * continues the trace; when tracing is off, leaves them as they are.
 */
export function injectTraceHeaders<H extends Record<string, string>>(headers: H): H {
  if (tracingOn) propagation.inject(context.active(), headers);
  return headers;
}

export { SpanKind, SpanStatusCode };
export type { Attributes, Span };
