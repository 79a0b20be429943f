import type { IncomingMessage } from 'node:http';
import type { Request, Response } from 'express';
import { parse, type OperationDefinitionNode } from 'graphql';
import type { ErrorCode } from '../../shared/errorCodes';
import {
  brokenJsonParameter,
  readGraphQLPost,
  REFUSED,
  variablesProblem,
  type Refusal,
} from '../requestGuards';

export interface ForwardingOptions {
  /** The external GraphQL service. */
  upstreamUrl: string;
  /** Sent as `Authorization: Bearer …`; never leaves the server. */
  token?: string | undefined;
  persistedQuery: (id: string) => string | null;
  mode: 'production' | 'development';
  timeoutMs?: number;
}

type GraphQLBody = {
  operationName?: unknown;
  variables?: unknown;
  query?: unknown;
  doc_id?: unknown;
};

/** One answer of the forwarder, before it is written to any response. */
interface Answer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

function answer(
  status: number,
  code: ErrorCode,
  message: string,
  headers: Record<string, string> = {},
): Answer {
  return {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
    text: JSON.stringify({ errors: [{ message, extensions: { code } }] }),
  };
}

function refused(refusal: Refusal): Answer {
  return answer(refusal.status, refusal.code, refusal.message);
}

/** The GraphQL parameters of a GET's query string or a POST's JSON body, or why the request is refused. */
async function requestBody(
  request: Request,
): Promise<{ params: GraphQLBody } | { refusal: Refusal }> {
  if (request.method === 'POST') {
    const parsed = await readGraphQLPost(
      request.headers['content-type'],
      request.headers['content-length'],
      (limit) => readAtMost(request, limit),
    );
    return parsed.ok ? { params: parsed.body } : { refusal: parsed.refusal };
  }
  const broken = brokenJsonParameter(new URL(request.originalUrl, 'http://folio').searchParams);
  if (broken) return { refusal: REFUSED.malformedParameter(broken) };
  return { params: queryStringParams(request) };
}

/**
 * The body as text, or null past `limit` bytes: reading stops there, and the
 * connection closes after the answer instead of taking the rest.
 */
function readAtMost(request: IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const tooLarge = () => {
      request.removeAllListeners('data');
      request.pause();
      resolve(null);
    };
    const chunks: Buffer[] = [];
    let total = 0;
    request.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) return tooLarge();
      chunks.push(chunk);
    });
    request.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.once('error', reject);
  });
}

function queryStringParams(request: Request): GraphQLBody {
  const { operationName, variables, query, doc_id } = request.query as Record<string, unknown>;
  let parsed: unknown = {};
  try {
    parsed =
      typeof variables === 'string'
        ? JSON.parse(variables)
        : variables === undefined
          ? {}
          : undefined;
  } catch {
    parsed = undefined;
  }
  return { operationName, variables: parsed, query, doc_id };
}

function operationKind(text: string, operationName: string | undefined): string | null {
  try {
    const operations = parse(text).definitions.filter(
      (definition): definition is OperationDefinitionNode =>
        definition.kind === 'OperationDefinition',
    );
    return (
      (operations.find((operation) => operation.name?.value === operationName) ?? operations[0])
        ?.operation ?? null
    );
  } catch {
    return null;
  }
}

/**
 * `/graphql` when Folio reads an external GraphQL service: the client still
 * sends persisted ids; the server looks up their text and sends the service
 * the default body `{operationName, variables, query}`. Failures come back as
 * the statuses the client's error catalogue knows (502 unreachable or
 * unreadable, 504 too slow, the service's own 429/503 with Retry-After).
 * Requests are checked as the embedded API checks them (api/requestGuards.ts):
 * JSON-only POSTs, the body limit, variables depth and size.
 */
export function createForwardingHandler(options: ForwardingOptions) {
  const forward = createForwarder(options);
  return async (request: Request, response: Response) => {
    const body = await requestBody(request);
    // What was not read of a refused body is never read: the connection ends with the answer.
    if ('refusal' in body && !request.complete) response.set('Connection', 'close');
    const result =
      'refusal' in body ? refused(body.refusal) : await forward(request.method, body.params);
    response.status(result.status).set(result.headers).send(result.text);
  };
}

/**
 * The same forwarder as a `fetch` for the server renderer: a page's query goes
 * to the external service exactly as the browser's would, without a request
 * to this server.
 */
export function createForwardingFetch(options: ForwardingOptions): typeof globalThis.fetch {
  const forward = createForwarder(options);
  return async (_input, init) => {
    let body: GraphQLBody = {};
    try {
      body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as GraphQLBody;
    } catch {
      // answered below as a request without a persisted id
    }
    const result = await forward(init?.method ?? 'POST', body, init?.signal ?? undefined);
    return new globalThis.Response(result.text, { status: result.status, headers: result.headers });
  };
}

function createForwarder(options: ForwardingOptions) {
  return async (method: string, body: GraphQLBody, signal?: AbortSignal): Promise<Answer> => {
    const request = forwardedRequest(options, method, body);
    if ('refused' in request) return request.refused;
    return sendUpstream(options, request, signal);
  };
}

/** What is sent on: the operation's text (the persisted id's, or in development the text given) and its variables; or why nothing is. */
function forwardedRequest(
  options: ForwardingOptions,
  method: string,
  body: GraphQLBody,
): { operationName: string | undefined; variables: unknown; query: string } | { refused: Answer } {
  const refuse = (...why: Parameters<typeof answer>) => ({ refused: answer(...why) });
  if (method !== 'GET' && method !== 'POST')
    return refuse(405, 'METHOD_NOT_ALLOWED', 'Use GET or POST.', { Allow: 'GET, POST' });
  if (
    body.variables === undefined ||
    (body.variables !== null && typeof body.variables !== 'object')
  ) {
    return refuse(400, 'BAD_USER_INPUT', '`variables` must be a JSON object.');
  }
  const problem = variablesProblem(body.variables);
  if (problem) return refuse(400, 'BAD_USER_INPUT', problem);
  let query: string;
  if (typeof body.doc_id === 'string' && body.doc_id !== '') {
    const text = options.persistedQuery(body.doc_id);
    if (text === null)
      return refuse(
        200,
        'PERSISTED_QUERY_NOT_FOUND',
        'This persisted query is not known to the server.',
      );
    query = text;
  } else if (typeof body.query === 'string' && options.mode === 'development') {
    query = body.query;
  } else {
    return refuse(
      400,
      'PERSISTED_QUERY_ONLY',
      'This API only runs persisted queries: send `doc_id`, not query text.',
    );
  }
  const operationName = typeof body.operationName === 'string' ? body.operationName : undefined;
  if (method === 'GET' && operationKind(query, operationName) !== 'query') {
    return refuse(405, 'METHOD_NOT_ALLOWED', 'Only queries may be sent as GET.', {
      Allow: 'POST',
    });
  }
  return { operationName, variables: body.variables ?? {}, query };
}

/** The default body `{operationName, variables, query}` POSTed to the service, and its answer as the client's catalogue knows it. */
async function sendUpstream(
  options: ForwardingOptions,
  request: { operationName: string | undefined; variables: unknown; query: string },
  signal: AbortSignal | undefined,
): Promise<Answer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 15_000);
  // The caller gave up (the server renderer's timeout): so does the request upstream.
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
  let upstream: globalThis.Response;
  let text: string;
  try {
    upstream = await fetch(options.upstreamUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/graphql-response+json, application/json;q=0.9',
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      },
      body: JSON.stringify(request),
      signal: controller.signal,
    });
    text = await upstream.text();
  } catch {
    if (controller.signal.aborted)
      return answer(504, 'UPSTREAM_TIMEOUT', 'The content service did not answer in time.');
    return answer(502, 'UPSTREAM_UNAVAILABLE', 'The content service could not be reached.');
  } finally {
    clearTimeout(timer);
  }
  if (upstream.status === 429 || upstream.status === 503) {
    const retryAfter = upstream.headers.get('Retry-After');
    return answer(
      upstream.status,
      upstream.status === 429 ? 'RATE_LIMITED' : 'UPSTREAM_UNAVAILABLE',
      'The content service is busy.',
      retryAfter ? { 'Retry-After': retryAfter } : {},
    );
  }
  try {
    JSON.parse(text);
  } catch {
    return answer(
      502,
      'UPSTREAM_BAD_RESPONSE',
      `The content service answered HTTP ${upstream.status} with something that is not JSON.`,
    );
  }
  return {
    status: upstream.status >= 500 ? 502 : upstream.status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
    text,
  };
}
