import { ContentError } from '../../contentError';
import { sourceRateLimitWait } from '../../observability/metrics';
import {
  inSpan,
  injectTraceHeaders,
  SpanKind,
  SpanStatusCode,
  type Attributes,
} from '../../observability/tracing';
import { AnswerTooLarge, readBounded } from './boundedAnswer';

/**
 * How Folio talks to a CMS's GraphQL API (Strapi's, Contentful's): the
 * default body `{operationName, variables, query}`, POSTed with a Bearer
 * token that never leaves the server.
 *
 * Everything one request of Folio's asks of the CMS in the same tick goes as
 * ONE GraphQL request: each piece is a root field under an alias of its own,
 * its variables renamed to match. A page's resolvers ask for their content a
 * level at a time, so an article page costs the CMS one request for the
 * article (with its authors, topics, images and embeds inside) and one for
 * what hangs off it (related reading): bench/RESULTS.md counts them. A CMS
 * that limits what one request may cost or how long its query may be
 * (Contentful: `maxCost`, `maxQueryBytes`) gets a tick's pieces in as many
 * requests as those limits need, in the order they were asked.
 */
export interface CmsService {
  /** For logs and errors: `Strapi`, `Contentful`. */
  name: string;
  url: string;
  /** The Bearer token for readers' or previewers' requests. */
  token: (preview: boolean) => string;
  /** The longest one CMS request may take (default 5 s). */
  timeoutMs?: number;
  /** Where failures are reported, with what failed and why (the server's logger). */
  log: (fields: Record<string, unknown>, message: string) => void;
  /** Tests give their own. */
  fetch?: typeof globalThis.fetch;
  /** The most one request may cost, as the sum of its pieces' `cost` (Contentful's query complexity); none if not given. */
  maxCost?: number;
  /** The most bytes one request's query text may have (Contentful's query size); none if not given. */
  maxQueryBytes?: number;
  /** An error that says the record is not there (Contentful's NOT_FOUND): the piece is null, not a failure. */
  isNotFound?: (error: { message?: unknown; extensions?: unknown }) => boolean;
}

/** One root field of a CMS query, with the variables it uses (`$name` → [GraphQL type, value]). */
export interface CmsQuery {
  field: string;
  variables?: Record<string, [type: string, value: unknown]>;
  /** Fragment definitions the field spreads (deduplicated by name across a batch). */
  fragments?: readonly string[];
  /** What the piece counts towards the service's `maxCost` (0 if not given). A piece costing more than `maxCost` alone goes alone. */
  cost?: number;
}

export const DEFAULT_CMS_TIMEOUT_MS = 5_000;

/**
 * The largest answer Folio reads from a CMS (after decompression). Folio's
 * largest batches (a page of articles whole, for the search index) are a few
 * megabytes; an answer past this is a fault of the CMS or of a proxy before
 * it, and reading it whole would cost the server's memory for every reader.
 */
export const MAX_CMS_ANSWER_BYTES = 32 * 1024 * 1024;

/** The CMS did not answer usably: the reader's page is a 503 with Retry-After (src/ssr/renderPage.tsx), or its part shows its own error. */
export const sourceUnavailable = (service: string) =>
  new ContentError(
    'SOURCE_UNAVAILABLE',
    `The content service (${service}) is not answering right now.`,
  );
export const sourceBadResponse = (service: string) =>
  new ContentError(
    'SOURCE_BAD_RESPONSE',
    `The content service (${service}) answered something Folio could not read.`,
  );

/** A field the CMS's answer lacks or holds in a shape Folio does not expect; `path` names it for the log. */
export class ShapeError extends Error {
  constructor(readonly path: string) {
    super(`unexpected shape at ${path}`);
    this.name = 'ShapeError';
  }
}

interface Pending {
  query: CmsQuery;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface GraphQLAnswer {
  data?: Record<string, unknown> | null;
  errors?: { message?: unknown; path?: unknown[]; extensions?: unknown }[];
}

const FRAGMENT_NAME = /^\s*fragment\s+([A-Za-z_]\w*)/;

interface CmsRequest {
  query: string;
  variables: Record<string, unknown>;
}

/** One GraphQL request of pieces: each under its alias `q<index>`, its variables renamed to match, fragments once by name. */
function requestOf(batch: readonly Pending[]): CmsRequest {
  const variables: Record<string, unknown> = {};
  const definitions: string[] = [];
  const fragments = new Map<string, string>();
  const fields = batch.map((pending, index) => {
    const alias = `q${index}`;
    for (const [name, [type, value]] of Object.entries(pending.query.variables ?? {})) {
      definitions.push(`$${alias}_${name}: ${type}`);
      variables[`${alias}_${name}`] = value;
    }
    for (const fragment of pending.query.fragments ?? [])
      fragments.set(FRAGMENT_NAME.exec(fragment)?.[1] ?? fragment, fragment);
    return `${alias}: ${pending.query.field.replace(/\$([A-Za-z_]\w*)/g, (_, name: string) => `$${alias}_${name}`)}`;
  });
  const query = `query FolioContent${definitions.length > 0 ? `(${definitions.join(', ')})` : ''} {\n${fields.join('\n')}\n}\n${[...fragments.values()].join('\n')}`;
  return { query, variables };
}

/**
 * A tick's pieces as requests within the service's limits: in the order
 * asked, each request taking pieces while their costs and its query's bytes
 * fit. Pieces that fit one request together are one request. Each batch
 * comes with its request when measuring its bytes already built it.
 */
function requestsWithin(
  service: Pick<CmsService, 'maxCost' | 'maxQueryBytes'>,
  pending: readonly Pending[],
): { batch: Pending[]; request?: CmsRequest }[] {
  const maxCost = service.maxCost ?? Infinity;
  const maxQueryBytes = service.maxQueryBytes ?? Infinity;
  const requests: { batch: Pending[]; request?: CmsRequest }[] = [];
  let current: Pending[] = [];
  let built: CmsRequest | undefined;
  let cost = 0;
  for (const piece of pending) {
    const pieceCost = piece.query.cost ?? 0;
    let fits = current.length === 0 || cost + pieceCost <= maxCost;
    let request: CmsRequest | undefined;
    if (current.length > 0 && fits && maxQueryBytes !== Infinity) {
      request = requestOf([...current, piece]);
      fits = Buffer.byteLength(request.query) <= maxQueryBytes;
    }
    if (!fits) {
      requests.push({ batch: current, request: built });
      current = [];
      cost = 0;
    }
    current.push(piece);
    built = fits ? request : undefined;
    cost += pieceCost;
  }
  if (current.length > 0) requests.push({ batch: current, request: built });
  return requests;
}

/** A request's batcher: `query(piece)` resolves with the piece's root field value. */
export function createCmsBatch(service: CmsService, preview: boolean) {
  let queue: Pending[] = [];
  let requests = 0;

  const send = async (batch: readonly Pending[], request: CmsRequest = requestOf(batch)) => {
    const { query, variables } = request;
    requests += 1;
    let answer: GraphQLAnswer;
    try {
      answer = await post(service, preview, { operationName: 'FolioContent', variables, query });
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      return;
    }
    batch.forEach((pending, index) => {
      const alias = `q${index}`;
      const errors = (answer.errors ?? []).filter(
        (error) => !Array.isArray(error.path) || error.path[0] === alias,
      );
      const value = answer.data?.[alias];
      const field = pending.query.field.split(/[({\s]/, 1)[0];
      // Not there, as the CMS says so: null, as a source answers a record it does not have.
      const saysNotFound =
        errors.length > 0 && errors.every((error) => service.isNotFound?.(error));
      const notFound = value === null && saysNotFound;
      if (errors.length > 0 && !saysNotFound)
        service.log(
          { source: service.name, field, errors: errors.map((error) => error.message) },
          `${service.name} answered with errors`,
        );
      else if (value === undefined)
        service.log(
          { source: service.name, field },
          `${service.name} answered nothing for ${field}`,
        );
      // Partial answers: a value that came is used (its own missing parts show as their fields' errors); one that did not is this piece's error.
      if (value === undefined || (value === null && errors.length > 0 && !notFound))
        pending.reject(sourceBadResponse(service.name));
      else pending.resolve(value);
    });
  };
  const flush = () => {
    const pending = queue;
    queue = [];
    for (const { batch, request } of requestsWithin(service, pending)) void send(batch, request);
  };

  return {
    query<T>(query: CmsQuery): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        if (queue.length === 0) setImmediate(flush);
        queue.push({ query, resolve: resolve as (value: unknown) => void, reject });
      });
    },
    /** Requests sent so far (tests and the bench count them). */
    get requests() {
      return requests;
    },
  };
}

export type CmsBatch = ReturnType<typeof createCmsBatch>;

/** One POST to the CMS; anything but a readable GraphQL answer becomes the reader's SOURCE_* error, logged with the cause. */
async function post(
  service: CmsService,
  preview: boolean,
  body: { operationName: string; variables: Record<string, unknown>; query: string },
  attempt = 0,
): Promise<GraphQLAnswer> {
  const { response, text } = await fetchAnswer(service, preview, body);
  // Rate limited, with the seconds until the limit resets (Contentful's header): waited for once,
  // if that fits the request's time; otherwise a reader state like any CMS failure.
  const reset = Number(response.headers.get('x-contentful-ratelimit-reset'));
  if (response.status === 429 && attempt === 0 && reset >= 0 && reset * 1000 < timeoutOf(service)) {
    service.log(
      { source: service.name, status: 429, waitMs: reset * 1000 },
      `${service.name} is rate limiting; asking again in ${reset} s`,
    );
    sourceRateLimitWait.observe({ source: sourceLabel(service) }, reset);
    await new Promise((resolve) => setTimeout(resolve, reset * 1000));
    return post(service, preview, body, attempt + 1);
  }
  return graphQLAnswerOf(service, response, text);
}

const timeoutOf = (service: Pick<CmsService, 'timeoutMs'>) =>
  service.timeoutMs ?? DEFAULT_CMS_TIMEOUT_MS;

/** `strapi`, `contentful`: the service's name as metrics and spans label it. */
const sourceLabel = (service: Pick<CmsService, 'name'>) => service.name.toLowerCase();

/** A CMS request span's fixed attributes, made once per service (OpenTelemetry's HTTP client names). */
const spanAttributes = new WeakMap<CmsService, Attributes>();
function requestAttributes(service: CmsService): Attributes {
  let attributes = spanAttributes.get(service);
  if (!attributes) {
    const url = new URL(service.url);
    attributes = {
      'server.address': url.hostname,
      'server.port': Number(url.port) || (url.protocol === 'https:' ? 443 : 80),
      'http.request.method': 'POST',
      'folio.source': sourceLabel(service),
    };
    spanAttributes.set(service, attributes);
  }
  return attributes;
}

/**
 * The CMS's HTTP answer and its text, read within MAX_CMS_ANSWER_BYTES and
 * the service's time; no answer is the reader's SOURCE_* error. Each is a
 * span, `folio.cms.request`, whose `traceparent` the CMS is sent (when
 * tracing is on: docs/operations.md#traces).
 */
function fetchAnswer(
  service: CmsService,
  preview: boolean,
  body: { operationName: string; variables: Record<string, unknown>; query: string },
): Promise<{ response: Response; text: string }> {
  return inSpan(
    'folio.cms.request',
    requestAttributes(service),
    async (span) => {
      const timeoutMs = timeoutOf(service);
      const started = Date.now();
      try {
        const response = await (service.fetch ?? globalThis.fetch)(service.url, {
          method: 'POST',
          headers: injectTraceHeaders({
            'Content-Type': 'application/json',
            Accept: 'application/json',
            Authorization: `Bearer ${service.token(preview)}`,
          }),
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
        span.setAttribute('http.response.status_code', response.status);
        if (response.status >= 400) span.setStatus({ code: SpanStatusCode.ERROR });
        const text = (await readBounded(response, MAX_CMS_ANSWER_BYTES)).toString('utf8');
        return { response, text };
      } catch (error) {
        throw unanswered(service, error, Date.now() - started, timeoutMs);
      }
    },
    { kind: SpanKind.CLIENT },
  );
}

/** Why no answer could be read (too large, or none in time, or the CMS not reached), logged; the reader's error for it. */
function unanswered(service: CmsService, error: unknown, ms: number, timeoutMs: number) {
  if (error instanceof AnswerTooLarge) {
    service.log(
      { source: service.name, status: error.status, limitBytes: MAX_CMS_ANSWER_BYTES },
      `${service.name} answered more than ${MAX_CMS_ANSWER_BYTES / (1024 * 1024)} MB`,
    );
    return sourceBadResponse(service.name);
  }
  // By name, not instanceof: fetch's errors may come from another realm (undici's, a DOMException).
  const name = (error as { name?: unknown } | null)?.name;
  const timedOut = name === 'TimeoutError' || name === 'AbortError';
  service.log(
    {
      source: service.name,
      url: service.url,
      ms,
      cause: timedOut ? `no answer in ${timeoutMs} ms` : describe(error),
    },
    `${service.name} could not be reached`,
  );
  return timedOut ? new SourceTimedOut(service.name) : sourceUnavailable(service.name);
}

/**
 * No answer within the CMS timeout: for the reader the same SOURCE_UNAVAILABLE,
 * for the metrics a `timeout` (api/sources/measuredReads.ts reads `timedOut`).
 */
class SourceTimedOut extends ContentError {
  readonly timedOut = true;
  constructor(service: string) {
    super('SOURCE_UNAVAILABLE', sourceUnavailable(service).message);
  }
}

/** An HTTP answer's text as a GraphQL answer: anything else (an HTTP error, not JSON, neither data nor errors) is logged and the reader's error. */
function graphQLAnswerOf(service: CmsService, response: Response, text: string): GraphQLAnswer {
  if (!response.ok) {
    service.log(
      { source: service.name, status: response.status, body: text.slice(0, 300) },
      `${service.name} answered HTTP ${response.status}`,
    );
    throw sourceUnavailable(service.name);
  }
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    service.log(
      { source: service.name, status: response.status, body: text.slice(0, 300) },
      `${service.name} answered something that is not JSON`,
    );
    throw sourceBadResponse(service.name);
  }
  if (
    typeof answer !== 'object' ||
    answer === null ||
    (!('data' in answer) && !('errors' in answer))
  ) {
    service.log(
      { source: service.name, body: text.slice(0, 300) },
      `${service.name} answered JSON with neither data nor errors`,
    );
    throw sourceBadResponse(service.name);
  }
  return answer as GraphQLAnswer;
}

/** fetch's error and its cause (`fetch failed: ECONNREFUSED`). */
function describe(error: unknown): string {
  const { message, cause } = (error ?? {}) as {
    message?: unknown;
    cause?: { code?: unknown; message?: unknown };
  };
  if (typeof message !== 'string') return String(error);
  return [
    message,
    typeof cause?.code === 'string'
      ? cause.code
      : typeof cause?.message === 'string'
        ? cause.message
        : null,
  ]
    .filter(Boolean)
    .join(': ');
}

/**
 * Runs a mapping of the CMS's answer; a ShapeError (a missing field, a
 * renamed type) is logged with the field's path and becomes the reader's
 * SOURCE_BAD_RESPONSE for that part of the page only.
 */
export function readShape<T>(service: Pick<CmsService, 'name' | 'log'>, map: () => T): T {
  try {
    return map();
  } catch (error) {
    if (!(error instanceof ShapeError)) throw error;
    service.log(
      { source: service.name, field: error.path },
      `${service.name} answered an unexpected shape at ${error.path}`,
    );
    throw sourceBadResponse(service.name);
  }
}
