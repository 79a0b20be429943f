import { hostname } from 'node:os';
import { context, diag, DiagLogLevel, propagation, trace } from '@opentelemetry/api';
import { setTracingOn } from '../../api/contentService';
import type { TracingSettings } from '../../settings/tracingSettings';
import type { Logger } from './logger';

/**
 * Loads OpenTelemetry's SDK and its OTLP/HTTP exporter, when
 * `OTEL_EXPORTER_OTLP_ENDPOINT` is set (settings/tracingSettings.ts): the
 * packages are imported here, at run time, and by nothing else, so a server
 * without the variable never loads them. Each server process (one, or each
 * cluster worker) starts its own.
 *
 * What it puts in place, globally for `@opentelemetry/api`: a tracer
 * provider whose finished spans a batch processor sends as JSON to the
 * endpoint's `/v1/traces` (every `OTEL_BSP_SCHEDULE_DELAY` ms, 5 s by default;
 * at most 2,048 waiting, the rest dropped), AsyncLocalStorage as the
 * context (so a span's children find it across awaits), and the W3C trace
 * context propagator (`traceparent`, `tracestate`). The sampler keeps what
 * an incoming `traceparent` says was sampled, and `OTEL_TRACES_SAMPLER_ARG`'s
 * share of new traces.
 *
 * An endpoint that fails costs readers nothing: spans are sent in the
 * background, a batch that cannot be sent is dropped, and the failure is
 * logged at most once a minute (with how many more there were), not per
 * span or per batch; one line says when spans are sent again.
 */
export interface Tracing {
  /** Sends every span finished so far, now (the benchmark measures what that costs). */
  flush(): Promise<void>;
  /** Sends the spans still waiting (at most `STOP_FLUSH_MS`) and stops: call it after the server has closed, before the process exits. */
  stop(): Promise<void>;
}

/** The longest `stop` waits for the last spans to be sent: an endpoint that does not answer never holds an exit longer. */
export const STOP_FLUSH_MS = 5_000;
/** A failing endpoint is logged at most once in this long. */
export const EXPORT_PROBLEM_EVERY_MS = 60_000;

export interface TracingOptions {
  /** Tests shorten the minute between two reports of a failing endpoint. */
  reportEveryMs?: number;
}

export async function startTracing(
  settings: TracingSettings,
  logger: Logger,
  options: TracingOptions = {},
): Promise<Tracing> {
  const [sdk, core, resources, contextHooks, otlp] = await Promise.all([
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/core'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/exporter-trace-otlp-http'),
  ]);
  const problems = exportProblems(
    logger,
    settings.tracesUrl,
    options.reportEveryMs ?? EXPORT_PROBLEM_EVERY_MS,
  );
  // The SDK's own complaints (a failed batch, spans dropped from a full queue) go to the same rate-limited line.
  core.setGlobalErrorHandler((error) => problems.failed(error));
  diag.setLogger(
    {
      error: (message) => problems.failed(message),
      warn: (message) => problems.failed(message),
      info: () => {},
      debug: () => {},
      verbose: () => {},
    },
    { logLevel: DiagLogLevel.WARN, suppressOverrideMessage: true },
  );

  const otlpExporter = new otlp.OTLPTraceExporter({ url: settings.tracesUrl });
  const exporter: import('@opentelemetry/sdk-trace').SpanExporter = {
    export(spans, done) {
      otlpExporter.export(spans, (result) => {
        if (result.code === core.ExportResultCode.SUCCESS) problems.succeeded();
        else problems.failed(result.error ?? 'the export failed', { exportFailure: true });
        done(result);
      });
    },
    shutdown: () => otlpExporter.shutdown(),
    forceFlush: () => otlpExporter.forceFlush(),
  };
  const root =
    settings.sampleRatio >= 1
      ? new sdk.AlwaysOnSampler()
      : new sdk.TraceIdRatioBasedSampler(settings.sampleRatio);
  const provider = new sdk.TracerProvider({
    resource: resources.defaultResource().merge(
      resources.resourceFromAttributes({
        'service.name': settings.serviceName,
        'host.name': hostname(),
        'process.pid': process.pid,
      }),
    ),
    sampler: new sdk.ParentBasedSampler({ root }),
    spanProcessors: [
      new sdk.BatchSpanProcessor({ exporter, scheduledDelayMillis: settings.exportDelayMs }),
    ],
  });
  const contextManager = new contextHooks.AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new core.W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  setTracingOn(true);
  logger.info(
    {
      tracesUrl: settings.tracesUrl,
      serviceName: settings.serviceName,
      sampleRatio: settings.sampleRatio,
    },
    `traces: spans of slow paths go to ${settings.tracesUrl}`,
  );

  let stopped: Promise<void> | null = null;
  return {
    flush: () => provider.forceFlush(),
    stop() {
      stopped ??= (async () => {
        setTracingOn(false);
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<'late'>((resolve) => {
          timer = setTimeout(() => resolve('late'), STOP_FLUSH_MS);
          timer.unref();
        });
        const outcome = await Promise.race([
          provider.shutdown().then(
            () => 'sent' as const,
            () => 'failed' as const,
          ),
          late,
        ]);
        clearTimeout(timer);
        if (outcome === 'late')
          logger.warn(
            { tracesUrl: settings.tracesUrl, waitedMs: STOP_FLUSH_MS },
            `traces: the last spans were not sent within ${STOP_FLUSH_MS} ms; stopping without them`,
          );
        trace.disable();
        propagation.disable();
        context.disable();
        diag.disable();
      })();
      return stopped;
    },
  };
}

/**
 * The one log line a failing endpoint gets per `everyMs`: the first failure
 * at once, then nothing until the window has passed, when the next failure
 * is logged with how many there were meanwhile; one line when spans are
 * sent again after a logged failure.
 */
export function exportProblems(
  logger: Pick<Logger, 'warn' | 'info'>,
  tracesUrl: string,
  everyMs: number,
  now: () => number = Date.now,
) {
  let loggedAt = Number.NEGATIVE_INFINITY;
  let unlogged = 0;
  let failing = false;
  // The batch processor hands a failed export's error to the global handler too: it is counted once.
  const counted = new WeakSet<object>();
  return {
    failed(problem: unknown, how: { exportFailure?: boolean } = {}) {
      if (typeof problem === 'object' && problem !== null) {
        if (counted.has(problem)) return;
        counted.add(problem);
      }
      const at = now();
      if (at - loggedAt < everyMs) {
        unlogged += 1;
        return;
      }
      const cause = describeProblem(problem);
      const more = unlogged > 0 ? ` (and ${unlogged} more problems since the last report)` : '';
      logger.warn(
        { tracesUrl, cause, ...(unlogged > 0 ? { moreSinceLastReport: unlogged } : {}) },
        how.exportFailure
          ? `traces: spans could not be sent to ${tracesUrl}: ${cause}${more}; readers are not affected, and this is said at most once every ${Math.round(everyMs / 1000)} s`
          : `traces: ${cause}${more}; said at most once every ${Math.round(everyMs / 1000)} s`,
      );
      loggedAt = at;
      unlogged = 0;
      // Said once it is over, if it was said at all.
      if (how.exportFailure) failing = true;
    },
    succeeded() {
      if (!failing) return;
      failing = false;
      logger.info({ tracesUrl }, `traces: spans are sent to ${tracesUrl} again`);
    },
  };
}

/** An error's message and its cause's code (`connect ECONNREFUSED 127.0.0.1:9`), or a diag message as it is. */
function describeProblem(problem: unknown): string {
  // The SDK's diag messages may be a whole stack: its first line says it.
  if (typeof problem === 'string') return problem.split('\n', 1)[0]!;
  const { message, code, cause } = (problem ?? {}) as {
    message?: unknown;
    code?: unknown;
    cause?: { code?: unknown; message?: unknown };
  };
  const parts = [
    typeof message === 'string' && message ? message : String(problem),
    typeof code === 'string' && !String(message).includes(code) ? code : null,
    typeof cause?.code === 'string' && !String(message).includes(cause.code) ? cause.code : null,
  ];
  return parts.filter(Boolean).join(': ');
}
