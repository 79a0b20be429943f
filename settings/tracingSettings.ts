type Environment = Readonly<Record<string, string | undefined>>;

/**
 * Traces, opt-in (docs/operations.md#traces): OpenTelemetry's own variable
 * names, read here and nowhere else. Unset `OTEL_EXPORTER_OTLP_ENDPOINT`, and
 * tracing is off: the SDK is never loaded.
 *
 * | variable | default | what it does |
 * |---|---|---|
 * | `OTEL_EXPORTER_OTLP_ENDPOINT` | unset: no tracing | the OTLP/HTTP receiver's base address (`http://collector:4318`); spans go to its `/v1/traces` as JSON |
 * | `OTEL_SERVICE_NAME` | `folio` | the `service.name` every span's resource carries |
 * | `OTEL_TRACES_SAMPLER_ARG` | 1 | the share of traces a request without a sampled `traceparent` starts (0 to 1); a request's incoming `traceparent` decides for its own |
 * | `OTEL_BSP_SCHEDULE_DELAY` | 5000 | milliseconds between two exports of the spans finished meanwhile |
 * | `OTEL_SDK_DISABLED` | `false` | `true` turns tracing off whatever the rest says |
 *
 * The exporter itself also reads `OTEL_EXPORTER_OTLP_HEADERS` (an
 * `Authorization` header for a hosted receiver), `OTEL_EXPORTER_OTLP_TIMEOUT`
 * and `OTEL_EXPORTER_OTLP_COMPRESSION`, as OpenTelemetry specifies them.
 */
export interface TracingSettings {
  /** Where spans are sent: the endpoint's `/v1/traces`. */
  tracesUrl: string;
  serviceName: string;
  /** 0 to 1: the share of new traces kept. */
  sampleRatio: number;
  /** Milliseconds between exports. */
  exportDelayMs: number;
}

export const TRACING_DEFAULTS = {
  serviceName: 'folio',
  sampleRatio: 1,
  exportDelayMs: 5_000,
} as const;

/** The spans' path under the endpoint, as OTLP/HTTP names it. */
const TRACES_PATH = 'v1/traces';

/** The tracing settings, or undefined when tracing is off (no endpoint, or `OTEL_SDK_DISABLED=true`). A wrong value throws, naming its variable. */
export function readTracingSettings(env: Environment = process.env): TracingSettings | undefined {
  const disabled = env.OTEL_SDK_DISABLED?.trim().toLowerCase();
  if (disabled && disabled !== 'true' && disabled !== 'false')
    throw new Error(`OTEL_SDK_DISABLED must be true or false; it is "${env.OTEL_SDK_DISABLED}".`);
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!endpoint || disabled === 'true') return undefined;
  return {
    tracesUrl: tracesUrlOf(endpoint),
    serviceName: serviceName(env),
    sampleRatio: sampleRatio(env),
    exportDelayMs: exportDelayMs(env),
  };
}

function tracesUrlOf(endpoint: string): string {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    url = new URL('invalid:');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash)
    throw new Error(
      `OTEL_EXPORTER_OTLP_ENDPOINT must be an OTLP/HTTP receiver's base address, an http(s) URL such as http://127.0.0.1:4318 (spans go to its /${TRACES_PATH}); it is "${endpoint}".`,
    );
  // The signal's path is appended to the base's own (OpenTelemetry's rule for this variable).
  const base = url.href.endsWith('/') ? url.href : `${url.href}/`;
  return `${base}${TRACES_PATH}`;
}

function serviceName(env: Environment): string {
  const name = env.OTEL_SERVICE_NAME?.trim();
  if (!name) return TRACING_DEFAULTS.serviceName;
  if (!/^[\x21-\x7e][\x20-\x7e]{0,254}$/.test(name))
    throw new Error(
      `OTEL_SERVICE_NAME must be printable ASCII, at most 255 characters, such as folio; it is "${name}".`,
    );
  return name;
}

function sampleRatio(env: Environment): number {
  const raw = env.OTEL_TRACES_SAMPLER_ARG?.trim();
  if (!raw) return TRACING_DEFAULTS.sampleRatio;
  const ratio = /^(?:0|1|0?\.\d+|1\.0*|0\.\d*)$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(ratio >= 0 && ratio <= 1))
    throw new Error(
      `OTEL_TRACES_SAMPLER_ARG must be the share of traces to keep, a number from 0 to 1 such as 0.1; it is "${raw}".`,
    );
  return ratio;
}

function exportDelayMs(env: Environment): number {
  const raw = env.OTEL_BSP_SCHEDULE_DELAY?.trim();
  if (!raw) return TRACING_DEFAULTS.exportDelayMs;
  const ms = /^\d{1,7}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(ms >= 1 && ms <= 600_000))
    throw new Error(
      `OTEL_BSP_SCHEDULE_DELAY must be whole milliseconds from 1 to 600000 between two exports; it is "${raw}".`,
    );
  return ms;
}
