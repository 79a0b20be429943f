import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { createSchema, createYoga, type Plugin } from 'graphql-yoga';
import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import {
  answerCacheControl,
  readerAnswerKeys,
  type AnswerKeys,
  type ServerContext,
} from './caches/answerCache';
import { useAnswerCompression } from './answerCompression';
import type { ReaderCaches } from './caches/readerCaches';
import { recordingReader } from './caches/recordingReader';
import type { Database } from './db/database';
import { persistedQueryStore } from './persistedQueries';
import { previewAccessOf, previewScopeOf, type PreviewAccess } from './previewCredential';
import { previewedIn, readerFor } from './sources/documentPreview';
import type { ContentReader } from './sources/contentSource';
import { DEFAULT_LOCALE, type Locale } from '../shared/locales';
import { useQueryLimitsForText } from './queryLimits';
import { corsFor, useRequestGuards } from './requestGuards';
import type { ApiContext, PreviewedContext } from './schema/context';
import { apiError, maskContentErrors } from './schema/errors';
import { voteCountsLoader } from './readerData/votes';
import type { ContentSource } from './sources/contentSource';
import { resolvers } from './schema/resolvers';
import { READER_ANSWER_TTL_MS } from './cacheControl';
import { LIVE_STREAM_CONTEXT, type LiveChanges } from './live/liveChanges';
import { GRAPHQL_PATH } from '../shared/sitePaths';

export const SCHEMA_FILE = path.resolve(__dirname, '../schema.graphql');

export interface ContentApiOptions {
  /** Folio's own database: readers' writes (votes, newsletter, rate limits). */
  db: Database;
  /** Where the content comes from (api/sources/); the embedded source reads `db` too. */
  source: ContentSource;
  mode: 'production' | 'development';
  /** The preview token; without one (and without a link key), preview is off. */
  previewToken?: string | undefined;
  /** The key signed preview links carry (api/previewLinks.ts): a session one opened previews one document. */
  previewLinkKey?: Buffer | undefined;
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
  /** The change feed live subscriptions wait on (api/live/); without it, none is served. */
  live?: LiveChanges;
}

type LiveStreamMark = { [LIVE_STREAM_CONTEXT]?: boolean };

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

/**
 * What a one-document session shows (`viewer.previewedDocument`): its
 * version, and the document read as that version is (the draft as a
 * previewer reads it, or the published one as a reader does) in a locale.
 */
function previewedOf(source: ContentSource, access: PreviewAccess): PreviewedContext | null {
  if (access.kind !== 'document') return null;
  const { version } = access;
  return {
    version,
    in: (locale) =>
      previewedIn(source.reader({ preview: version === 'draft', locale }), access, locale),
  };
}

/** The executable schema: SDL from schema.graphql, resolvers from api/schema/. */
export function createContentSchema() {
  return createSchema<ApiContext>({ typeDefs: readFileSync(SCHEMA_FILE, 'utf8'), resolvers });
}

export function createContentApi(options: ContentApiOptions) {
  const development = options.mode === 'development';
  const responseCacheTtlMs = options.responseCacheTtlMs ?? (development ? 0 : READER_ANSWER_TTL_MS);
  const lookup =
    options.persistedQuery ?? persistedQueryStore(undefined, { reloadOnMiss: development });
  const answers = new WeakMap<Request, AnswerKeys>();
  const previewKeys = { token: options.previewToken, linkKey: options.previewLinkKey };
  return createYoga<ServerContext, ApiContext>({
    schema: createContentSchema(),
    graphqlEndpoint: GRAPHQL_PATH,
    landingPage: false,
    graphiql: development,
    // GraphiQL from the installed package (scripts and styles inline), not from a CDN: it works offline. Loaded on first use only.
    renderGraphiQL: async (graphiqlOptions) =>
      (await import('@graphql-yoga/render-graphiql')).renderGraphiQL(graphiqlOptions),
    logging: options.logger ?? (development ? 'info' : 'warn'),
    // Sources' and storage's ContentErrors become GraphQL errors here; anything else is masked.
    maskedErrors: { maskError: maskContentErrors },
    cors: corsFor(options.corsOrigins ?? []),
    context: (initial) => {
      const { request, req } = initial;
      const access = previewAccessOf(request.headers, previewKeys);
      if (access.kind === 'refused') throw apiError('FORBIDDEN', access.message);
      const clientAddress = req
        ? (options.clientAddress?.(req) ?? req.socket?.remoteAddress)
        : undefined;
      const answer: AnswerKeys = { keys: new Set(), generation: options.caches?.generation ?? 0 };
      answers.set(request, answer);
      // One reader per locale the request reads, made when first asked for (each batches its own lookups).
      const readers = new Map<Locale, ContentReader>();
      const contentIn = (locale: Locale) => {
        let reader = readers.get(locale);
        if (!reader) {
          reader = recordingReader(readerFor(options.source, access, locale), answer.keys, locale);
          readers.set(locale, reader);
        }
        return reader;
      };
      const context: ApiContext = {
        content: contentIn(DEFAULT_LOCALE),
        contentIn,
        source: options.source.kind,
        db: options.db,
        votes: voteCountsLoader(options.db, options.source.kind),
        previewScope: previewScopeOf(access),
        previewed: previewedOf(options.source, access),
        clientAddress: clientAddress ?? 'unknown',
      };
      if (
        options.live &&
        (initial as typeof initial & LiveStreamMark)[LIVE_STREAM_CONTEXT] === true
      )
        context.live = {
          changes: options.live,
          shown: answer.keys,
          // Each answer of a subscription reads afresh, and notes afresh what it shows.
          renew: () => {
            answer.keys.clear();
            readers.clear();
            context.content = contentIn(DEFAULT_LOCALE);
            context.votes = voteCountsLoader(options.db, options.source.kind);
          },
        };
      return context;
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
      answerCacheControl((options.corsOrigins ?? []).length > 0, options.caches),
      // After cacheControl: an answer whose keys do not fit a CDN's headers may not be kept by one.
      ...readerAnswerKeys(responseCacheTtlMs, answers, options.caches),
      useQueryLimitsForText(),
      // Last: compresses the answer every other plugin has finished.
      useAnswerCompression(),
    ],
  });
}
