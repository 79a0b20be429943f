import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { createSchema, createYoga, type Plugin } from 'graphql-yoga';
import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import { createInMemoryCache, useResponseCache } from '@graphql-yoga/plugin-response-cache';
import { useAnswerCompression } from './answerCompression';
import type { Database } from './db/database';
import { persistedQueryStore } from './persistedQueries';
import { carriesCredential, CREDENTIAL_HEADERS, previewTokenOf } from './previewCredential';
import { useQueryLimitsForText } from './queryLimits';
import { corsFor, useRequestGuards } from './requestGuards';
import type { ApiContext } from './schema/context';
import { apiError } from './schema/errors';
import { readerCounts } from './data/readerCounts';
import { voteCountsLoader } from './data/votes';
import type { ContentSource } from './sources/contentSource';
import { resolvers } from './schema/resolvers';

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
  /** Told the global ids of entities a mutation changed (the kept answers holding them are dropped). */
  onInvalidate?: (ids: string[]) => void;
  /** How long readers' counts are kept (default: as long as readers' answers, `responseCacheTtlMs`). */
  readerCountTtlMs?: number;
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
      if (context.req && typeof params.operationName === 'string') operationNames.set(context.req, params.operationName);
    },
  };
}

/** The executable schema: SDL from schema.graphql, resolvers from api/schema/. */
export function createContentSchema() {
  return createSchema<ApiContext>({ typeDefs: readFileSync(SCHEMA_FILE, 'utf8'), resolvers });
}

/**
 * Error-free GET answers to requests without any credential may be cached by
 * a CDN (persisted queries only: the URL names the query); everything else,
 * previews above all, is `private, no-store`. "Error-free" is proven, not
 * assumed: only a request whose execution result was seen, without errors,
 * may be public (a request refused before execution, such as an unknown
 * `doc_id`, never reaches `onExecutionResult`).
 */
function cacheControl(varyByOrigin: boolean): Plugin {
  const succeeded = new WeakSet<Request>();
  return {
    onExecutionResult({ request, result }) {
      const single = result && typeof result === 'object' && !(Symbol.asyncIterator in result) && !Array.isArray(result);
      if (single && ((result as { errors?: unknown[] }).errors?.length ?? 0) === 0) succeeded.add(request);
    },
    onResponse({ request, response }) {
      const cacheable = request.method === 'GET' && response.status === 200 && succeeded.has(request) && new URL(request.url).searchParams.has('doc_id') && !carriesCredential(request.headers);
      response.headers.set('Cache-Control', cacheable ? 'public, max-age=60, s-maxage=300, stale-while-revalidate=600' : 'private, no-store');
      response.headers.set('Vary', ['Accept-Encoding', ...CREDENTIAL_HEADERS, ...(varyByOrigin ? ['Origin'] : [])].join(', '));
    },
  };
}

/**
 * Readers' query answers, kept for a short while in this process: published
 * content is the same for every reader, and a page's one query is asked again
 * and again. Previews never touch it (their answers hold drafts). Answers with
 * errors are never kept, and a mutation's answer drops every kept answer that
 * holds one of its entities (a helpful vote refreshes that article's counts).
 */
function readerResponseCache(ttlMs: number, onInvalidate: (ids: string[]) => void): Plugin {
  const cache = createInMemoryCache({ max: RESPONSE_CACHE_ENTRIES });
  return useResponseCache({
    session: () => null,
    enabled: (request) => !carriesCredential(request.headers),
    ttl: ttlMs,
    cache: {
      get: (key) => cache.get(key),
      set: (...args) => cache.set(...args),
      // Whatever else keeps readers' answers (the server's page cache) drops the same entities.
      invalidate: (entities) => {
        const list = [...entities];
        onInvalidate(list.flatMap((entity) => (entity.id === undefined ? [] : [String(entity.id)])));
        return cache.invalidate(list);
      },
    },
    includeExtensionMetadata: false,
  });
}

export function createContentApi(options: ContentApiOptions) {
  const development = options.mode === 'development';
  const responseCacheTtlMs = options.responseCacheTtlMs ?? (development ? 0 : 60_000);
  const lookup = options.persistedQuery ?? persistedQueryStore(undefined, { reloadOnMiss: development });
  // Readers' counts live as long as readers' answers do (0 in development).
  const counts = readerCounts(options.readerCountTtlMs ?? responseCacheTtlMs);
  return createYoga<ServerContext, ApiContext>({
    schema: createContentSchema(),
    graphqlEndpoint: '/graphql',
    landingPage: false,
    graphiql: development,
    // GraphiQL from the installed package (scripts and styles inline), not from a CDN: it works offline. Loaded on first use only.
    renderGraphiQL: async (graphiqlOptions) => (await import('@graphql-yoga/render-graphiql')).renderGraphiQL(graphiqlOptions),
    logging: options.logger ?? (development ? 'info' : 'warn'),
    maskedErrors: true,
    cors: corsFor(options.corsOrigins ?? []),
    context: ({ request, req }) => {
      const token = previewTokenOf(request.headers);
      if (token !== null && token !== options.previewToken) throw apiError('FORBIDDEN', 'The preview token is not valid.');
      const preview = token !== null && options.previewToken !== undefined;
      const clientAddress = req ? (options.clientAddress?.(req) ?? req.socket?.remoteAddress) : undefined;
      return {
        content: options.source.reader({ preview, counts }),
        source: options.source.kind,
        db: options.db,
        votes: voteCountsLoader(options.db, options.source.kind),
        preview,
        clientAddress: clientAddress ?? 'unknown',
        counts,
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
          const docId = (params as { doc_id?: unknown }).doc_id ?? new URL(request.url).searchParams.get('doc_id');
          if (typeof docId === 'string' && docId !== '') return docId;
          const hash = (params.extensions as { persistedQuery?: { sha256Hash?: unknown } } | undefined)?.persistedQuery?.sha256Hash;
          return typeof hash === 'string' ? hash : null;
        },
        allowArbitraryOperations: development,
        customErrors: {
          notFound: {
            message: 'This persisted query is not known to the server (the client may be newer or older than the API).',
            extensions: { code: 'PERSISTED_QUERY_NOT_FOUND', http: { status: 200 } },
          },
          persistedQueryOnly: { message: 'This API only runs persisted queries: send `doc_id`, not query text.', extensions: { code: 'PERSISTED_QUERY_ONLY', http: { status: 400 } } },
          keyNotFound: { message: 'The request names no persisted query: send `doc_id`.', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND', http: { status: 400 } } },
        },
      }),
      ...(responseCacheTtlMs > 0 ? [readerResponseCache(responseCacheTtlMs, options.onInvalidate ?? (() => {}))] : []),
      cacheControl((options.corsOrigins ?? []).length > 0),
      useQueryLimitsForText(),
      // Last: compresses the answer every other plugin has finished.
      useAnswerCompression(),
    ],
  });
}
