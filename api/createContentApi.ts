import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { createSchema, createYoga, type Plugin } from 'graphql-yoga';
import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import { hashSHA256, useResponseCache } from '@graphql-yoga/plugin-response-cache';
import type { ExecutionResult } from 'graphql';
import { useAnswerCompression } from './answerCompression';
import { cdnHeaders, cdnKeys, keyOfGlobalId } from './changes/cacheKeys';
import { KeptValues } from './changes/keptValues';
import { capCacheControl, type ReaderCaches } from './changes/readerCaches';
import { recordingReader } from './changes/recordingReader';
import type { Database } from './db/database';
import { persistedQueryStore } from './persistedQueries';
import { carriesCredential, CREDENTIAL_HEADERS, previewTokenOf } from './previewCredential';
import { useQueryLimitsForText } from './queryLimits';
import { corsFor, useRequestGuards } from './requestGuards';
import type { ApiContext } from './schema/context';
import { apiError, maskContentErrors } from './schema/errors';
import { voteCountsLoader } from './readerData/votes';
import type { ContentSource } from './sources/contentSource';
import { resolvers } from './schema/resolvers';
import {
  PRIVATE_CACHE_CONTROL,
  READER_ANSWER_CACHE_CONTROL,
  READER_ANSWER_TTL_MS,
} from './cacheControl';

/** What the Node server hands each request (express's req); nothing when the server calls `api.fetch` itself. */
type ServerContext = { req?: IncomingMessage };

export const SCHEMA_FILE = path.resolve(__dirname, '../schema.graphql');

export interface ContentApiOptions {
  /** Folio's own database: readers' writes (votes, newsletter, rate limits). */
  db: Database;
  /** Where the content comes from (api/sources/); the embedded source reads `db` too. */
  source: ContentSource;
  mode: 'production' | 'development';
  /** The preview token; without one, preview is off. */
  previewToken?: string | undefined;
  /** Looks up persisted query text by id (default: __generated__/persisted-queries.json). */
  persistedQuery?: (id: string) => string | null;
  /**
   * How long a reader's query answer is kept in this process and served again
   * (0: never). Default: 60 s in production (as long as a CDN may keep a GET
   * answer), 0 in development.
   */
  responseCacheTtlMs?: number;
  /**
   * The process's reader caches (api/changes/): content changes drop kept
   * answers and counts by key, a mutation's entities (a helpful vote) drop
   * every kept answer showing them, and nothing is kept past the next
   * scheduled publication. Without it (tests of the API alone) answers only
   * expire, or are dropped from the API's own cache by a mutation.
   */
  caches?: ReaderCaches;
  /** Origins allowed to call the API from a browser (CORS, never with credentials); none by default. */
  corsOrigins?: readonly string[];
  /**
   * The reader's address, which per-client budgets key on (the server's one
   * rule, `FOLIO_TRUST_PROXY`); the socket's address by default.
   */
  clientAddress?: (request: IncomingMessage) => string;
  /** Where yoga reports what it logs (unexpected errors above all); yoga's console logger by default. */
  logger?: Record<'debug' | 'info' | 'warn' | 'error', (...args: unknown[]) => void>;
}

/** Answers kept at most; the least recently used go first. */
const RESPONSE_CACHE_ENTRIES = 2_000;

const operationNames = new WeakMap<object, string>();

/** The operation name a request to the API asked for (its GET parameter or POST body), for the request log. */
export function graphQLOperationNameOf(request: object): string | undefined {
  return operationNames.get(request);
}

/** Notes each request's `operationName` on the Node request once yoga has read the body (the body is yoga's to parse). */
function recordOperationName(): Plugin<Record<string, unknown>, ServerContext> {
  return {
    onParams({ params, context }) {
      if (context.req && typeof params.operationName === 'string')
        operationNames.set(context.req, params.operationName);
    },
  };
}

/** The executable schema: SDL from schema.graphql, resolvers from api/schema/. */
export function createContentSchema() {
  return createSchema<ApiContext>({ typeDefs: readFileSync(SCHEMA_FILE, 'utf8'), resolvers });
}

/**
 * What one request's answer shows, as its content reader noted it
 * (api/changes/recordingReader.ts), and the drop generation it started at.
 */
interface AnswerKeys {
  keys: Set<string>;
  generation: number;
}

/**
 * Error-free GET answers to requests without any credential may be cached by
 * a CDN (persisted queries only: the URL names the query); everything else,
 * previews above all, is `private, no-store`. "Error-free" is proven, not
 * assumed: only a request whose execution result was seen, without errors,
 * may be public (a request refused before execution, such as an unknown
 * `doc_id`, never reaches `onExecutionResult`). No public answer may be kept
 * past the next scheduled publication.
 */
function cacheControl(varyByOrigin: boolean, caches: ReaderCaches | undefined): Plugin {
  const succeeded = new WeakSet<Request>();
  return {
    onExecutionResult({ request, result }) {
      const single =
        result &&
        typeof result === 'object' &&
        !(Symbol.asyncIterator in result) &&
        !Array.isArray(result);
      if (single && ((result as { errors?: unknown[] }).errors?.length ?? 0) === 0)
        succeeded.add(request);
    },
    onResponse({ request, response }) {
      const cacheable =
        request.method === 'GET' &&
        response.status === 200 &&
        succeeded.has(request) &&
        new URL(request.url).searchParams.has('doc_id') &&
        !carriesCredential(request.headers);
      response.headers.set(
        'Cache-Control',
        cacheable
          ? capCacheControl(READER_ANSWER_CACHE_CONTROL, caches?.secondsLeft() ?? null)
          : PRIVATE_CACHE_CONTROL,
      );
      response.headers.set(
        'Vary',
        ['Accept-Encoding', ...CREDENTIAL_HEADERS, ...(varyByOrigin ? ['Origin'] : [])].join(', '),
      );
    },
  };
}

/** What a CDN may do with a reader's persisted GET answer. */
export { READER_ANSWER_CACHE_CONTROL };

/** Variables in one order whatever order they came in: the same query with the same variables is one kept answer. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson(record[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Readers' query answers, kept for a short while in this process: published
 * content is the same for every reader, and a page's one query is asked again
 * and again. Previews never touch it (their answers hold drafts). Answers with
 * errors are never kept. Each kept answer is tagged with the keys of what it
 * shows (its reader noted them), and is dropped when a content change names
 * one of them (api/changes/), or a mutation's answer holds one of its
 * entities (a helpful vote refreshes that article's counts). An answer whose
 * reading began before a drop that touched it is not kept.
 *
 * Every reader's answer names its keys in `Surrogate-Key` and `Cache-Tag`:
 * in full to the server's own renderer and reader cache (requests made in
 * this process, which keep and tag answers themselves), within the CDN
 * headers' budget to anyone else; an answer whose keys do not fit may not be
 * kept by a CDN at all.
 */
function readerAnswerKeys(
  ttlMs: number,
  answers: WeakMap<Request, AnswerKeys>,
  caches: ReaderCaches | undefined,
): (Plugin | Plugin<Record<string, unknown>, ServerContext>)[] {
  const kept = new KeptValues<ExecutionResult>({
    ttlMs,
    caches,
    maxEntries: RESPONSE_CACHE_ENTRIES,
  });
  const cacheKeyOf = new WeakMap<Request, string>();
  /** Answers being made, by their cache key: what they show, for `set`. */
  const making = new Map<string, AnswerKeys>();
  const responseCache =
    ttlMs > 0
      ? [
          useResponseCache({
            session: () => null,
            enabled: (request) => !carriesCredential(request.headers),
            ttl: ttlMs,
            buildResponseCacheKey: async ({
              documentString,
              operationName,
              variableValues,
              request,
            }) => {
              const key = await hashSHA256(
                [documentString, operationName ?? '', stableJson(variableValues ?? {})].join('|'),
              );
              cacheKeyOf.set(request, key);
              return key;
            },
            cache: {
              get: (key) => kept.kept(key)?.value,
              set: (key, result, _entities, ttl) => {
                const answer = making.get(key);
                making.delete(key);
                if (!answer || (caches && caches.droppedSince(answer.generation, answer.keys)))
                  return;
                kept.set(key, result, answer.keys, ttl);
              },
              // A mutation's entities (a vote's article): every cache of the process's readers' answers drops them (this one is among them), or this one alone without them.
              invalidate: (entities) => {
                const keys = [...entities].flatMap((entity) => {
                  const key = entity.id === undefined ? null : keyOfGlobalId(String(entity.id));
                  return key === null ? [] : [key];
                });
                if (caches) caches.drop(keys);
                else kept.drop(new Set(keys));
              },
            },
            includeExtensionMetadata: false,
          }),
        ]
      : [];
  const keysPlugin: Plugin<Record<string, unknown>, ServerContext> = {
    onExecute({ args }) {
      const request = (args.contextValue as { request?: Request }).request;
      const answer = request && answers.get(request);
      const key = request && cacheKeyOf.get(request);
      if (!answer || key === undefined) return;
      const other = making.get(key);
      // Two readers asking at once: the answer kept must be as old as the older reading.
      making.set(
        key,
        other
          ? {
              keys: new Set([...other.keys, ...answer.keys]),
              generation: Math.min(other.generation, answer.generation),
            }
          : answer,
      );
    },
    onResponse({ request, response, serverContext }) {
      const key = cacheKeyOf.get(request);
      const answer = answers.get(request);
      if (key !== undefined && making.get(key) === answer) making.delete(key);
      if (carriesCredential(request.headers)) return;
      const keys =
        answer && answer.keys.size > 0
          ? answer.keys
          : key !== undefined
            ? kept.kept(key)?.keys
            : undefined;
      if (!keys || keys.size === 0) return;
      if (!serverContext?.req) {
        response.headers.set('Surrogate-Key', [...keys].join(' '));
        return;
      }
      for (const [name, value] of Object.entries(
        cdnHeaders(
          response.headers.get('Cache-Control') ?? PRIVATE_CACHE_CONTROL,
          cdnKeys(keys),
          null,
        ),
      ))
        response.headers.set(name, value);
    },
  };
  return [...responseCache, keysPlugin];
}

export function createContentApi(options: ContentApiOptions) {
  const development = options.mode === 'development';
  const responseCacheTtlMs = options.responseCacheTtlMs ?? (development ? 0 : READER_ANSWER_TTL_MS);
  const lookup =
    options.persistedQuery ?? persistedQueryStore(undefined, { reloadOnMiss: development });
  const answers = new WeakMap<Request, AnswerKeys>();
  return createYoga<ServerContext, ApiContext>({
    schema: createContentSchema(),
    graphqlEndpoint: '/graphql',
    landingPage: false,
    graphiql: development,
    // GraphiQL from the installed package (scripts and styles inline), not from a CDN: it works offline. Loaded on first use only.
    renderGraphiQL: async (graphiqlOptions) =>
      (await import('@graphql-yoga/render-graphiql')).renderGraphiQL(graphiqlOptions),
    logging: options.logger ?? (development ? 'info' : 'warn'),
    // Sources' and storage's ContentErrors become GraphQL errors here; anything else is masked.
    maskedErrors: { maskError: maskContentErrors },
    cors: corsFor(options.corsOrigins ?? []),
    context: ({ request, req }) => {
      const token = previewTokenOf(request.headers);
      if (token !== null && token !== options.previewToken)
        throw apiError('FORBIDDEN', 'The preview token is not valid.');
      const preview = token !== null && options.previewToken !== undefined;
      const clientAddress = req
        ? (options.clientAddress?.(req) ?? req.socket?.remoteAddress)
        : undefined;
      const answer: AnswerKeys = { keys: new Set(), generation: options.caches?.generation ?? 0 };
      answers.set(request, answer);
      return {
        content: recordingReader(options.source.reader({ preview }), answer.keys),
        source: options.source.kind,
        db: options.db,
        votes: voteCountsLoader(options.db, options.source.kind),
        preview,
        clientAddress: clientAddress ?? 'unknown',
      };
    },
    plugins: [
      // First: refuses cross-site, oversized and malformed requests before anything reads them.
      useRequestGuards(),
      recordOperationName(),
      usePersistedOperations({
        getPersistedOperation: (id) => lookup(id),
        // Relay sends `doc_id` (POST body or GET query string); Apollo-style hashes work too.
        extractPersistedOperationId: (params, request) => {
          const docId =
            (params as { doc_id?: unknown }).doc_id ??
            new URL(request.url).searchParams.get('doc_id');
          if (typeof docId === 'string' && docId !== '') return docId;
          const hash = (
            params.extensions as { persistedQuery?: { sha256Hash?: unknown } } | undefined
          )?.persistedQuery?.sha256Hash;
          return typeof hash === 'string' ? hash : null;
        },
        allowArbitraryOperations: development,
        customErrors: {
          notFound: {
            message:
              'This persisted query is not known to the server (the client may be newer or older than the API).',
            extensions: { code: 'PERSISTED_QUERY_NOT_FOUND', http: { status: 200 } },
          },
          persistedQueryOnly: {
            message: 'This API only runs persisted queries: send `doc_id`, not query text.',
            extensions: { code: 'PERSISTED_QUERY_ONLY', http: { status: 400 } },
          },
          keyNotFound: {
            message: 'The request names no persisted query: send `doc_id`.',
            extensions: { code: 'PERSISTED_QUERY_NOT_FOUND', http: { status: 400 } },
          },
        },
      }),
      cacheControl((options.corsOrigins ?? []).length > 0, options.caches),
      // After cacheControl: an answer whose keys do not fit a CDN's headers may not be kept by one.
      ...readerAnswerKeys(responseCacheTtlMs, answers, options.caches),
      useQueryLimitsForText(),
      // Last: compresses the answer every other plugin has finished.
      useAnswerCompression(),
    ],
  });
}
