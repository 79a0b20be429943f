import { createGraphQLError, type Plugin } from 'graphql-yoga';
import type { ErrorCode } from '../shared/errorCodes';
import { readAtMost } from './boundedBody';
import { MAX_BODY_BYTES, MAX_VARIABLES_BYTES, MAX_VARIABLES_DEPTH } from './queryLimits';

/**
 * What the API checks before anything else reads a request (docs/http-and-cache.md#security-headers):
 *
 * - CSRF: a POST must be `application/json`. A browser sends that content type
 *   cross-site only after a CORS preflight, which only configured origins
 *   pass; form and text/plain bodies (the "simple" requests any page can send)
 *   are refused with 415 before any operation runs. GETs run queries only
 *   (yoga refuses mutations over GET).
 * - Size: bodies over MAX_BODY_BYTES are refused with 413 while they are
 *   read, Content-Length or not; malformed JSON is a 400 with a fixed message.
 * - Variables deeper or larger than the limits are refused with
 *   BAD_USER_INPUT before any recursive code (the response cache key,
 *   coercion) walks them.
 */
/** How a request is refused before any operation runs: the same status, code and words wherever /graphql is answered (embedded or forwarding). */
export const REFUSED = {
  notJson: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'GraphQL requests must be sent as `Content-Type: application/json`.',
  },
  tooLarge: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: `The request body is larger than ${MAX_BODY_BYTES / 1024} kB.`,
  },
  malformed: { status: 400, code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' },
  notAnObject: {
    status: 400,
    code: 'BAD_REQUEST',
    message: 'The request body must be a JSON object.',
  },
  malformedParameter: (name: string) =>
    ({
      status: 400,
      code: 'BAD_REQUEST',
      message: `The \`${name}\` parameter is not valid JSON.`,
    }) as const,
} as const;

/** The GET parameters that carry JSON; the first one present that does not parse, or null. */
export function brokenJsonParameter(params: URLSearchParams): string | null {
  for (const name of ['variables', 'extensions']) {
    const value = params.get(name);
    if (value === null) continue;
    try {
      JSON.parse(value);
    } catch {
      return name;
    }
  }
  return null;
}

export type Refusal = { status: number; code: ErrorCode; message: string };

/** A refusal as a GraphQL answer body. */
export const refusalBody = ({ code, message }: Refusal) =>
  JSON.stringify({ errors: [{ message, extensions: { code } }] });

export function useRequestGuards(): Plugin {
  let fetchAPI: { Response: typeof Response } = globalThis;
  const refuse = (refusal: Refusal): Response =>
    new fetchAPI.Response(refusalBody(refusal), {
      status: refusal.status,
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
  return {
    onYogaInit({ yoga }) {
      fetchAPI = yoga.fetchAPI;
    },
    onRequestParse({ request, setRequestParser }) {
      if (request.method === 'GET') {
        // The same broken JSON is the same 400 in a URL as in a body (yoga would fail on it with a 500).
        const broken = brokenJsonParameter(new URL(request.url).searchParams);
        if (broken) setRequestParser(() => refuse(REFUSED.malformedParameter(broken)));
        return;
      }
      if (request.method !== 'POST') return;
      setRequestParser(async (post) => {
        const parsed = await readGraphQLPost(
          post.headers.get('content-type'),
          post.headers.get('content-length'),
          async (limit) => (await readAtMost(post.body, limit))?.toString('utf8') ?? null,
        );
        return parsed.ok ? parsed.body : refuse(parsed.refusal);
      });
    },
    onParams({ params }) {
      const problem = variablesProblem(params.variables);
      if (problem)
        throw createGraphQLError(problem, {
          extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
        });
    },
  };
}

/** Why these variables are refused, or null. Recursion stops at the depth limit, so it never runs deep. */
export function variablesProblem(variables: unknown): string | null {
  if (variables === undefined || variables === null) return null;
  if (tooDeep(variables, 0))
    return `The variables are nested too deep (at most ${MAX_VARIABLES_DEPTH} levels).`;
  if (Buffer.byteLength(JSON.stringify(variables) ?? '', 'utf8') > MAX_VARIABLES_BYTES)
    return `The variables are too large (at most ${MAX_VARIABLES_BYTES / 1024} kB).`;
  return null;
}

function tooDeep(value: unknown, depth: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (depth >= MAX_VARIABLES_DEPTH) return true;
  for (const inner of Array.isArray(value) ? value : Object.values(value))
    if (tooDeep(inner, depth + 1)) return true;
  return false;
}

function isJsonContentType(contentType: string | null | undefined): boolean {
  return contentType?.split(';', 1)[0]?.trim().toLowerCase() === 'application/json';
}

/**
 * A GraphQL POST, checked in order: JSON only, the body limit (by its
 * Content-Length, then while `readAtMost` reads it), a JSON object. The
 * embedded API and the forwarding handler both read their POSTs through it.
 */
export async function readGraphQLPost(
  contentType: string | null | undefined,
  contentLength: string | null | undefined,
  readAtMost: (limit: number) => Promise<string | null>,
): Promise<{ ok: true; body: Record<string, unknown> } | { ok: false; refusal: Refusal }> {
  if (!isJsonContentType(contentType)) return { ok: false, refusal: REFUSED.notJson };
  const text =
    Number(contentLength ?? 0) > MAX_BODY_BYTES ? null : await readAtMost(MAX_BODY_BYTES);
  if (text === null) return { ok: false, refusal: REFUSED.tooLarge };
  return parseBody(text);
}

/** A POST body as the GraphQL parameters object, or why it is refused. */
function parseBody(
  text: string,
): { ok: true; body: Record<string, unknown> } | { ok: false; refusal: Refusal } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, refusal: REFUSED.malformed };
  }
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? { ok: true, body: body as Record<string, unknown> }
    : { ok: false, refusal: REFUSED.notAnObject };
}

/** The configured origins (`FOLIO_CORS_ORIGINS`) as browsers send them: no trailing slash. */
function allowedOriginSet(allowedOrigins: readonly string[]): ReadonlySet<string> {
  return new Set(allowedOrigins.map((origin) => origin.trim().replace(/\/+$/, '')).filter(Boolean));
}

/**
 * CORS (docs/http-and-cache.md#security-headers): only the configured origins (`FOLIO_CORS_ORIGINS`), and
 * never with credentials. Any other origin gets no CORS headers at all, so a
 * browser keeps the answer from the page that asked.
 */
export function corsFor(allowedOrigins: readonly string[]) {
  const allowed = allowedOriginSet(allowedOrigins);
  return (request: Request) => {
    const origin = request.headers.get('origin');
    if (origin === null || !allowed.has(origin)) return false as const;
    return {
      origin,
      credentials: false,
      methods: ['GET', 'POST'],
      allowedHeaders: ['Content-Type', 'Accept'],
      maxAge: 600,
    };
  };
}

/**
 * The same rule for answers sent without yoga (readers' kept GETs): the
 * CORS headers for one request's `Origin`, and `Vary: Origin` whenever
 * any origin is allowed, so that a shared cache keeps them apart.
 */
export function corsHeadersFor(
  allowedOrigins: readonly string[],
): ((origin: string | undefined) => Record<string, string>) | null {
  const allowed = allowedOriginSet(allowedOrigins);
  if (allowed.size === 0) return null;
  return (origin): Record<string, string> =>
    origin !== undefined && allowed.has(origin) ? { 'Access-Control-Allow-Origin': origin } : {};
}
