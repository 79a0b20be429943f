import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getOperationAST, GraphQLError, type DocumentNode, type ExecutionResult } from 'graphql';
import type { ErrorCode } from '../../shared/errorCodes';
import { LIVE_STREAMS_PER_PROCESS } from '../../shared/limits';
import { PRIVATE_CACHE_CONTROL } from '../cacheControl';
import {
  liveStreamsCut,
  liveStreamsOpen,
  liveStreamsRefused,
  liveUpdatesSent,
  type LiveStreamRefusal,
} from '../observability/metrics';
import { nodeHeaders, previewTokenOf } from '../previewCredential';
import { LIVE_STREAM_CONTEXT } from './liveChanges';
import {
  LIVE_HEARTBEAT_MS,
  LIVE_REFUSED_RETRY_AFTER_S,
  LIVE_RETRY_MS,
  LIVE_SEND_BATCH,
  LIVE_SLOW_READER_BYTES,
  LIVE_STREAMS_PER_ADDRESS,
} from './liveLimits';

export interface LiveStreamsOptions {
  /** The content API: its schema, context and error masking run each subscription. */
  api: EnvelopedApi;
  /** Persisted operation text by id (the same store the API reads). */
  persistedQuery: (id: string) => string | null;
  /** The reader's address, which the per-address bound counts by (the server's one rule). */
  clientAddress: (request: IncomingMessage) => string;
  logger: { warn(fields: object, message: string): void };
  /** Tests shorten the heartbeat. */
  heartbeatMs?: number;
}

/** What of the content API (graphql-yoga) a stream runs through: its envelop, with its schema, context and error masking. */
interface EnvelopedApi {
  getEnveloped(initialContext: Record<string, unknown>): {
    parse(source: string): DocumentNode;
    validate(schema: unknown, document: DocumentNode): readonly GraphQLError[];
    contextFactory(): unknown;
    subscribe(args: {
      schema: unknown;
      document: DocumentNode;
      contextValue: unknown;
      variableValues: Record<string, unknown>;
      operationName: string | undefined;
    }): unknown;
    schema: unknown;
  };
}

export interface LiveStreams {
  /** `GET /graphql/stream?doc_id=…&variables=…` (docs/http-and-cache.md#live-updates). */
  handle(request: IncomingMessage, response: ServerResponse): void;
  /** Streams open now, and the subscriptions they share. */
  counts(): { streams: number; subscriptions: number };
  /** The drain: every stream ends with a reconnection hint, and no new one opens. */
  close(): void;
}

interface Reader {
  response: ServerResponse;
  address: string;
}

/** One subscription (an operation, its variables, a credential), however many readers follow it. */
interface Subscription {
  key: string;
  readers: Set<Reader>;
  /** The last update, as sent: every reader who joins gets it first. */
  frame: string;
  id: string;
  iterator: AsyncIterator<ExecutionResult>;
  ended: boolean;
}

type Opened = { subscription: Subscription } | { refused: Refusal };
interface Refusal {
  status: number;
  code: ErrorCode;
  message: string;
  reason: LiveStreamRefusal;
}

const refusal = (
  status: number,
  code: ErrorCode,
  message: string,
  reason: LiveStreamRefusal = 'bad_request',
): { refused: Refusal } => ({ refused: { status, code, message, reason } });

/**
 * Open pages follow their content over server-sent events (issue 40,
 * docs/http-and-cache.md#live-updates). A stream asks for a persisted
 * subscription by `doc_id`; every stream asking the same operation with the
 * same variables and the same credential (none, for readers) shares one
 * subscription: it is run once per change and its update, serialized once,
 * is written to all of them in batches, so that 10,000 readers of one
 * article cost one execution and a loop of writes that never holds the event
 * loop long. Each update carries an `id:` that names its content (a hash):
 * a reader reconnecting with `Last-Event-ID` gets the current update only if
 * it differs from the one it has. Since every update is the whole of what
 * the subscription shows, one update is all a reader who missed several
 * needs, and any worker can give it.
 */
export function createLiveStreams(options: LiveStreamsOptions): LiveStreams {
  /** Subscriptions opening or open, by key; `opened`, those open. */
  const subscriptions = new Map<string, Promise<Opened>>();
  const opened = new Map<string, Subscription>();
  const perAddress = new Map<string, number>();
  const readers = new Set<Reader>();
  let closing = false;

  const heartbeat = setInterval(
    () => void sendInBatches([...readers], ':\n\n', false),
    options.heartbeatMs ?? LIVE_HEARTBEAT_MS,
  );
  heartbeat.unref();

  const refuse = (response: ServerResponse, refused: Refusal) => {
    liveStreamsRefused.labels(refused.reason).inc();
    if (response.headersSent || response.destroyed) return;
    response.writeHead(refused.status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': PRIVATE_CACHE_CONTROL,
      ...(refused.status === 429 || refused.status === 503
        ? { 'Retry-After': String(LIVE_REFUSED_RETRY_AFTER_S) }
        : {}),
      ...(refused.status === 405 ? { Allow: 'GET' } : {}),
    });
    response.end(
      JSON.stringify({
        errors: [{ message: refused.message, extensions: { code: refused.code } }],
      }),
    );
  };

  /** Runs the subscription's first answer; the rest follow in `follow`. */
  async function open(key: string, request: IncomingMessage, asked: Asked): Promise<Opened> {
    const started = await start(options, request, asked);
    if ('refused' in started) return started;
    const { iterator, first } = started;
    const subscription: Subscription = {
      key,
      readers: new Set(),
      iterator,
      ended: false,
      ...frameOf(first),
    };
    opened.set(key, subscription);
    void follow(subscription);
    // Opened as the server began to stop: it ends with the rest.
    if (closing) end(subscription);
    return { subscription };
  }

  /** Each further answer, sent to every reader when it differs from the last. */
  async function follow(subscription: Subscription) {
    for (;;) {
      let next: IteratorResult<ExecutionResult>;
      try {
        next = await subscription.iterator.next();
      } catch (error) {
        options.logger.warn(
          { err: (error as Error).message },
          'live update: the subscription failed',
        );
        break;
      }
      if (next.done) break;
      const result = next.value;
      if (result.errors?.length && !result.data) {
        // The source could not be read just now: readers keep what they have until the next change.
        options.logger.warn(
          { code: codeOf(result.errors[0]) },
          'live update: could not read what changed; the next change will send it',
        );
        continue;
      }
      const { frame, id } = frameOf(result);
      if (id === subscription.id) continue;
      subscription.frame = frame;
      subscription.id = id;
      await sendInBatches([...subscription.readers], frame, true);
    }
    end(subscription);
  }

  function end(subscription: Subscription) {
    if (subscription.ended) return;
    subscription.ended = true;
    if (opened.get(subscription.key) === subscription) {
      opened.delete(subscription.key);
      subscriptions.delete(subscription.key);
    }
    void subscription.iterator.return?.();
    for (const reader of subscription.readers) reader.response.end();
  }

  /** Writes to many streams a batch at a time, letting other work in between; a reader who does not read is cut. */
  async function sendInBatches(to: Reader[], text: string, counted: boolean) {
    for (let at = 0; at < to.length; at += LIVE_SEND_BATCH) {
      if (at > 0) await new Promise((resolve) => setImmediate(resolve));
      for (const reader of to.slice(at, at + LIVE_SEND_BATCH)) {
        if (reader.response.writableLength > LIVE_SLOW_READER_BYTES) {
          liveStreamsCut.inc();
          reader.response.destroy();
          continue;
        }
        reader.response.write(text);
      }
    }
    if (counted) liveUpdatesSent.inc(to.length);
  }

  function join(
    subscription: Subscription,
    request: IncomingMessage,
    response: ServerResponse,
    address: string,
  ) {
    const reader: Reader = { response, address };
    subscription.readers.add(reader);
    readers.add(reader);
    liveStreamsOpen.inc();
    response.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // Never kept: not by a browser, Folio's reader cache or a CDN (the VCL pipes the path too).
      'Cache-Control': PRIVATE_CACHE_CONTROL,
      'X-Accel-Buffering': 'no',
    });
    response.flushHeaders();
    // Up to date already (a reconnection that missed nothing): only a comment, which opens the stream.
    const known = request.headers['last-event-id'];
    response.write(known === subscription.id ? ':\n\n' : subscription.frame);
    response.on('close', () => {
      readers.delete(reader);
      liveStreamsOpen.dec();
      leave(address);
      subscription.readers.delete(reader);
      if (subscription.readers.size === 0) end(subscription);
    });
  }

  function leave(address: string) {
    const count = (perAddress.get(address) ?? 1) - 1;
    if (count <= 0) perAddress.delete(address);
    else perAddress.set(address, count);
  }

  return {
    handle(request, response) {
      if (closing)
        return refuse(response, {
          status: 503,
          code: 'SERVER_BUSY',
          message: 'This server is stopping: connect again.',
          reason: 'draining',
        });
      const asked = askedOf(request, options.persistedQuery);
      if ('refused' in asked) return refuse(response, asked.refused);
      if (readers.size >= LIVE_STREAMS_PER_PROCESS)
        return refuse(response, {
          status: 503,
          code: 'SERVER_BUSY',
          message: 'This server holds as many live streams as it may: connect again in a moment.',
          reason: 'full',
        });
      const address = options.clientAddress(request);
      const open_ = perAddress.get(address) ?? 0;
      if (open_ >= LIVE_STREAMS_PER_ADDRESS)
        return refuse(response, {
          status: 429,
          code: 'RATE_LIMITED',
          message: `At most ${LIVE_STREAMS_PER_ADDRESS} live streams from one address at a time.`,
          reason: 'too_many',
        });
      perAddress.set(address, open_ + 1);
      // Readers share a subscription; a previewer's is their credential's alone.
      const key = JSON.stringify([
        asked.docId,
        asked.variables,
        previewTokenOf(nodeHeaders(request.headers)) ?? '',
      ]);
      let opening = subscriptions.get(key);
      if (!opening) {
        opening = open(key, request, asked);
        subscriptions.set(key, opening);
        // A refused one is not kept: the next request asks again.
        void opening.then((opened) => {
          if ('refused' in opened) subscriptions.delete(key);
        });
      }
      void opening.then(
        (opened) => {
          if ('refused' in opened) {
            leave(address);
            return refuse(response, opened.refused);
          }
          // The reader left while the first answer was read.
          if (response.destroyed || closing) return leave(address);
          join(opened.subscription, request, response, address);
        },
        (error: unknown) => {
          subscriptions.delete(key);
          leave(address);
          options.logger.warn({ err: (error as Error).message }, 'live update: could not open');
          refuse(response, {
            status: 503,
            code: 'SOURCE_UNAVAILABLE',
            message: 'Live updates cannot be had just now.',
            reason: 'failed',
          });
        },
      );
    },
    counts: () => ({ streams: readers.size, subscriptions: opened.size }),
    close() {
      closing = true;
      clearInterval(heartbeat);
      // Readers come back a moment apart, to another server, and lose nothing: the first update they get is the current one.
      for (const reader of readers)
        reader.response.end(
          `retry: ${LIVE_RETRY_MS + Math.floor(Math.random() * LIVE_RETRY_MS * 4)}\n\n`,
        );
      for (const subscription of opened.values()) end(subscription);
    },
  };
}

interface Asked {
  docId: string;
  text: string;
  variables: Record<string, unknown>;
  operationName: string | undefined;
}

/** What a stream asks for: a persisted operation and its variables, or why it cannot be had. */
function askedOf(
  request: IncomingMessage,
  persistedQuery: (id: string) => string | null,
): Asked | { refused: Refusal } {
  if (request.method !== 'GET')
    return refusal(405, 'METHOD_NOT_ALLOWED', 'Live streams are opened with GET.');
  const params = new URL(request.url ?? '/', 'http://folio.internal').searchParams;
  if (params.has('query'))
    return refusal(
      400,
      'PERSISTED_QUERY_ONLY',
      'This API only runs persisted operations: send `doc_id`, not query text.',
    );
  const docId = params.get('doc_id');
  if (!docId)
    return refusal(
      400,
      'PERSISTED_QUERY_NOT_FOUND',
      'The request names no persisted operation: send `doc_id`.',
    );
  const text = persistedQuery(docId);
  if (text === null)
    return refusal(
      404,
      'PERSISTED_QUERY_NOT_FOUND',
      'This persisted operation is not known to the server (the client may be newer or older than the API).',
      'not_found',
    );
  let variables: unknown = {};
  try {
    variables = JSON.parse(params.get('variables') ?? '{}');
  } catch {
    return refusal(400, 'BAD_USER_INPUT', '`variables` is not JSON.');
  }
  if (variables === null || typeof variables !== 'object' || Array.isArray(variables))
    return refusal(400, 'BAD_USER_INPUT', '`variables` is not a JSON object.');
  return {
    docId,
    text,
    variables: variables as Record<string, unknown>,
    operationName: params.get('operationName') ?? undefined,
  };
}

/** Parses, validates and subscribes through the API's own envelop, then reads the first answer. */
async function start(
  options: LiveStreamsOptions,
  request: IncomingMessage,
  asked: Asked,
): Promise<
  { iterator: AsyncIterator<ExecutionResult>; first: ExecutionResult } | { refused: Refusal }
> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers))
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  const params = {
    query: asked.text,
    variables: asked.variables,
    operationName: asked.operationName,
  };
  const enveloped = options.api.getEnveloped({
    request: new Request(`http://folio.internal${request.url ?? '/'}`, { headers }),
    req: request,
    params,
    [LIVE_STREAM_CONTEXT]: true,
  });
  let document: DocumentNode;
  try {
    document = enveloped.parse(asked.text);
  } catch (error) {
    return refusal(400, 'BAD_REQUEST', (error as Error).message);
  }
  const invalid = enveloped.validate(enveloped.schema, document);
  if (invalid.length > 0) return refusal(400, 'BAD_REQUEST', invalid[0]!.message);
  if (getOperationAST(document, asked.operationName)?.operation !== 'subscription')
    return refusal(400, 'BAD_REQUEST', 'Not a subscription: queries are answered at /graphql.');
  let contextValue: unknown;
  try {
    contextValue = await enveloped.contextFactory();
  } catch (error) {
    if (error instanceof GraphQLError)
      return refusal(403, codeOf(error) ?? 'FORBIDDEN', error.message);
    throw error;
  }
  const subscribed: unknown = await enveloped.subscribe({
    schema: enveloped.schema,
    document,
    contextValue,
    variableValues: asked.variables,
    operationName: asked.operationName,
  });
  if (!isAsyncIterable(subscribed)) {
    const error = (subscribed as ExecutionResult).errors?.[0];
    return refusal(
      400,
      codeOf(error) ?? 'BAD_USER_INPUT',
      error?.message ?? 'Could not subscribe.',
    );
  }
  const iterator = subscribed[Symbol.asyncIterator]() as AsyncIterator<ExecutionResult>;
  const first = await iterator.next();
  const problem = first.done ? undefined : firstProblem(first.value);
  if (first.done || problem) {
    void iterator.return?.();
    return {
      refused: problem ?? refusal(404, 'NOT_FOUND', 'Nothing to follow.', 'not_found').refused,
    };
  }
  return { iterator, first: first.value };
}

/** Why a subscription's first answer opens no stream: an error, or nothing a reader may see. */
function firstProblem(result: ExecutionResult): Refusal | undefined {
  const error = result.errors?.[0];
  if (error) {
    const code = codeOf(error) ?? 'BAD_REQUEST';
    const status = code === 'SOURCE_UNAVAILABLE' ? 503 : code === 'FORBIDDEN' ? 403 : 400;
    return refusal(status, code, error.message).refused;
  }
  const fields = Object.values(result.data ?? {});
  if (fields.length === 0 || fields.every((value) => value === null))
    return refusal(
      404,
      'NOT_FOUND',
      'There is nothing here to follow (or nothing this request may see).',
      'not_found',
    ).refused;
  return undefined;
}

/** An update as sent: its id names its content, so a reader who has it is not sent it again. */
function frameOf(result: ExecutionResult): { frame: string; id: string } {
  const data = JSON.stringify({
    data: result.data,
    ...(result.errors ? { errors: result.errors } : {}),
  });
  const id = createHash('sha256').update(data).digest('base64url').slice(0, 22);
  return { frame: `id: ${id}\nevent: next\ndata: ${data}\n\n`, id };
}

function codeOf(
  error: { extensions?: Record<string, unknown> } | undefined,
): ErrorCode | undefined {
  const code = error?.extensions?.code;
  return typeof code === 'string' ? (code as ErrorCode) : undefined;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof (value as AsyncIterable<unknown> | null)?.[Symbol.asyncIterator] === 'function';
}
