import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import {
  carriesCredential,
  countsRequests,
  CREDENTIAL_HEADERS,
  type Encoding,
  type KeptAnswers,
  negotiateEncoding,
  nodeHeaders,
  readerCacheLookups,
  type ReaderCaches,
} from '../../api/contentService';
import { cdnHeaders, cdnKeys, NO_CDN_KEYS, type CdnKeys } from '../../api/caches/cacheKeys';
import { GRAPHQL_PATH } from '../../shared/sitePaths';
import { etagOf, matchesIfNoneMatch } from './etag';
import { requestProtocol } from '../publicOrigin';
import { DEFAULT_READER_CACHE_MB } from '../../settings/operationsSettings';

/** A finished answer for readers: the same bytes for every request without a credential. */
export interface ReaderResponse {
  status: number;
  contentType: string;
  cacheControl: string;
  body: Buffer;
  /** The cache keys of what it shows (api/caches/cacheKeys.ts): a change naming one drops it, here and at the CDN. */
  keys: readonly string[];
  /** Extra headers (Link, Vary, …). */
  headers?: Record<string, string>;
  /** Headers that depend on the request rather than the answer (CORS for the asking origin). */
  requestHeaders?: (request: IncomingMessage) => Record<string, string>;
}

interface Entry extends ReaderResponse {
  etag: string;
  storedAt: number;
  expiresAt: number;
  encoded: Partial<Record<Encoding, Buffer>>;
  bytes: number;
  /** Its keys as a CDN is told them, worked out once when kept rather than on every hit. */
  cdn: CdnKeys;
  /** Counts a hit in `folio_reader_cache_lookups_total` (its cache worked out once, when kept). */
  countHit: () => void;
  /**
   * The headers of its last hits, worked out once for as long as they hold
   * (its `Age` in whole seconds and the time left before the next scheduled
   * publication), for each encoding: a hit is then a lookup and a write.
   */
  prepared?: PreparedHeaders;
}

/** Header names and values, name, value, name, value…: what `writeHead` takes fastest. */
type HeaderPairs = string[];

interface PreparedHeaders {
  age: string;
  secondsLeft: number | null;
  /** Without `Content-Encoding` and `Content-Length` (a 304's). */
  base: HeaderPairs;
  byEncoding: Partial<Record<Encoding | 'identity', HeaderPairs>>;
}

/** `folio_reader_cache_lookups_total`'s children for the two caches kept here: GraphQL answers and pages. */
const lookups = Object.fromEntries(
  (['answers', 'pages'] as const).map((cache) => {
    const hit = readerCacheLookups.labels(cache, 'hit');
    return [
      cache,
      {
        countHit: () => {
          if (countsRequests()) hit.inc();
        },
        miss: readerCacheLookups.labels(cache, 'miss'),
        stale: readerCacheLookups.labels(cache, 'stale'),
      },
    ];
  }),
) as Record<
  'answers' | 'pages',
  { countHit: () => void; miss: { inc(): void }; stale: { inc(): void } }
>;

/** Which of the two a request's answer is kept in. */
function cacheOf(request: IncomingMessage): 'answers' | 'pages' {
  const url = request.url ?? '/';
  return url.startsWith(GRAPHQL_PATH) &&
    (url.length === GRAPHQL_PATH.length || url[GRAPHQL_PATH.length] === '?')
    ? 'answers'
    : 'pages';
}

/** The public Vary of every shared answer: who carries a credential gets another answer. */
export const SHARED_VARY = ['Accept-Encoding', ...CREDENTIAL_HEADERS].join(', ');

const COMPRESS: Record<Encoding, (body: Buffer) => Buffer> = {
  // Once per entry and TTL, so the best ratios are affordable.
  br: (body) =>
    brotliCompressSync(body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  gzip: (body) => gzipSync(body, { level: 9 }),
};
const SMALLEST_COMPRESSED = 1024;

/**
 * What an entry costs on the JavaScript heap beside its buffers and the
 * strings counted by length: the entry object, its CDN headers, the headers
 * prepared for its hits and the Map's slot. Measured on a kept 404 page
 * (6.4 kB, two keys, answered twice): 3,980 bytes of heap an entry after a
 * full collection, of which its strings are about 400.
 */
const ENTRY_OVERHEAD_BYTES = 3_584;

/**
 * The query parameters readers' own addresses carry (`/search?q=`, persisted
 * GraphQL GETs). An address with any other (a campaign tag, a cache-busting
 * nonce) is kept in a share of its own, UNKNOWN_QUERY_SHARE of the budget,
 * so that anyone's made-up addresses never push readers' pages out.
 */
const READER_QUERY_PARAMETERS = new Set(['q', 'doc_id', 'variables', 'operationName']);
const UNKNOWN_QUERY_SHARE = 1 / 8;

/** A copy of `buffer` in memory of its own and exactly its size: no pool slab or compressor's buffer behind it. */
function exactCopy(buffer: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(buffer.length);
  buffer.copy(copy);
  return copy;
}

/** What the strings of an answer weigh, at two bytes a character (the most V8 takes). */
function stringBytes(key: string, answer: ReaderResponse, etag: string): number {
  let length = key.length + etag.length + answer.contentType.length + answer.cacheControl.length;
  for (const shown of answer.keys) length += shown.length;
  for (const [name, value] of Object.entries(answer.headers ?? {}))
    length += name.length + value.length;
  return length * 2;
}

/** The bytes of an entry's compressed copies. */
function encodedBytes(entry: Entry): number {
  return (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0);
}

/** Whether a URL carries a query parameter readers' own addresses do not. */
function hasUnknownQuery(url: string): boolean {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return false;
  for (const name of new URLSearchParams(url.slice(queryAt + 1)).keys())
    if (!READER_QUERY_PARAMETERS.has(name)) return true;
  return false;
}

/** One share of the budget: its entries, least recently used first, and the bytes they hold. */
class Share {
  readonly entries = new Map<string, Entry>();
  bytes = 0;
  constructor(readonly budgetBytes: number) {}
}

/**
 * How long past its freshness a kept answer may still stand in for a page
 * whose content source fails (a CMS down, slow or answering 5xx: issue 20),
 * the way `stale-if-error` lets a CDN. Short, because an answer is kept
 * stale only while nobody said its content changed: an unpublished article
 * must not outlive its CMS's outage by long.
 */
export const STALE_IF_ERROR_MS = 10 * 60_000;

/** `FOLIO_READER_CACHE_MB`'s default, in bytes. */
export const DEFAULT_READER_CACHE_BYTES = DEFAULT_READER_CACHE_MB * 1024 * 1024;

export interface ReaderResponseCacheOptions {
  /** The process's reader caches (api/caches/): changes drop entries by key, and nothing is kept past the next scheduled publication. */
  caches?: ReaderCaches | undefined;
  /** The most its answers may take, everything counted (`FOLIO_READER_CACHE_MB`). */
  budgetBytes?: number;
  /** `FOLIO_TRUST_PROXY`: whose `X-Forwarded-Proto` names the protocol a page is rendered for. */
  trustProxy?: number;
}

/**
 * Readers' finished answers (rendered pages, persisted GraphQL GETs, the
 * feed and sitemaps), kept in this process the way a CDN in front would keep
 * them: keyed by origin (protocol and host, as pages render them) and URL,
 * compressed once per encoding, tagged with the
 * keys of what they show, and sent before the request reaches express, yoga
 * or React. Only requests without any credential read or fill it; entries
 * live as long as the API's own answers, never past the next scheduled
 * publication, and are dropped as soon as a change (or a reader's vote) names
 * one of their keys.
 */
export class ReaderResponseCache implements KeptAnswers {
  /** Readers' own addresses, and those with a query parameter readers' addresses do not carry. */
  private readonly readers: Share;
  private readonly others: Share;
  private readonly caches: ReaderCaches | undefined;
  private readonly trustProxy: number;

  constructor(
    private readonly ttlMs: number,
    options: ReaderResponseCacheOptions = {},
  ) {
    this.caches = options.caches;
    this.caches?.register(this);
    const budget = options.budgetBytes ?? DEFAULT_READER_CACHE_BYTES;
    this.others = new Share(Math.floor(budget * UNKNOWN_QUERY_SHARE));
    this.readers = new Share(budget - this.others.budgetBytes);
    this.trustProxy = options.trustProxy ?? 0;
  }

  /** The bytes kept now, everything counted (for the tests, the bench and the metrics). */
  get bytes(): number {
    return this.readers.bytes + this.others.bytes;
  }

  /** The answers kept now. */
  get size(): number {
    return this.readers.entries.size + this.others.entries.size;
  }

  /** Where a new answer for `key` goes. */
  private shareOf(key: string): Share {
    return hasUnknownQuery(key) ? this.others : this.readers;
  }

  /** The answer kept for `key` and its share: two lookups, no parsing of the URL on a hit. */
  private keptFor(key: string): { share: Share; entry: Entry | undefined } {
    const entry = this.readers.entries.get(key);
    if (entry) return { share: this.readers, entry };
    return { share: this.others, entry: this.others.entries.get(key) };
  }

  /** Where drops are counted: an answer made from content read before a drop is sent but not kept. */
  get generation(): number {
    return this.caches?.generation ?? 0;
  }

  /** The key of a request that may share answers, or null (it carries a credential, or is not a read). */
  keyOf(request: IncomingMessage): string | null {
    if (this.ttlMs <= 0) return null;
    if (request.method !== 'GET' && request.method !== 'HEAD') return null;
    if (carriesCredential(nodeHeaders(request.headers))) return null;
    // The origin a page is rendered for (server/publicOrigin.ts): a page for one is never another's.
    return `${requestProtocol(request, this.trustProxy)}://${request.headers.host ?? ''}${request.url ?? '/'}`;
  }

  /**
   * Sends the kept answer for this request and returns true, or returns
   * false (none kept). `frame`: headers every answer carries (security
   * headers, the request id), written first.
   */
  serve(request: IncomingMessage, response: ServerResponse, frame: HeaderPairs = []): boolean {
    const key = this.keyOf(request);
    if (key === null) return false;
    const { share, entry } = this.keptFor(key);
    if (!entry) return false;
    // Past its freshness it is answered afresh; it is kept a while longer in case that fails (`storeAndSend`).
    if (entry.expiresAt <= Date.now()) {
      if (entry.expiresAt + STALE_IF_ERROR_MS <= Date.now()) this.remove(share, key, entry);
      return false;
    }
    share.entries.delete(key);
    share.entries.set(key, entry);
    entry.countHit();
    const compressedBefore = entry.bytes;
    sendKept(request, response, entry, this.caches?.secondsLeft() ?? null, frame);
    // A compressed copy made for this hit is counted, and may push the least used out.
    if (entry.bytes !== compressedBefore) this.grew(share, entry.bytes - compressedBefore);
    return true;
  }

  /**
   * Keeps `answer` for this request's key (when it may be shared) and sends
   * it. An answer that says the content could not be had (503, 504) is
   * replaced by the last good one kept for the key, when there is one not
   * older than STALE_IF_ERROR_MS past its freshness; that one goes out
   * `no-store`, so no cache keeps it as new. Returns whether it did.
   */
  storeAndSend(
    request: IncomingMessage,
    response: ServerResponse,
    answer: ReaderResponse,
    generation?: number,
  ): { stale: boolean } {
    const key = this.keyOf(request);
    const cache = cacheOf(request);
    if (key !== null && (answer.status === 503 || answer.status === 504)) {
      const { share, entry: kept } = this.keptFor(key);
      if (kept && kept.expiresAt + STALE_IF_ERROR_MS > Date.now()) {
        lookups[cache].stale.inc();
        const before = encodedBytes(kept);
        send(request, response, {
          ...kept,
          cacheControl: 'no-store',
          headers: { ...kept.headers, 'X-Folio-Stale': 'content source unavailable' },
        });
        // A compressed copy made for the stand-in is the kept entry's: counted with it.
        const grown = encodedBytes(kept) - before;
        if (grown > 0) {
          kept.bytes += grown;
          this.grew(share, grown);
        }
        return { stale: true };
      }
    }
    // An answer that had to be made for a request that may share one: a miss.
    if (key !== null) lookups[cache].miss.inc();
    const now = Date.now();
    const expiresAt = this.caches ? this.caches.expiresAt(this.ttlMs, now) : now + this.ttlMs;
    const shared = answer.cacheControl.startsWith('public');
    const cdn = shared ? cdnKeys(answer.keys) : NO_CDN_KEYS;
    const etag = etagOf(answer.body);
    const entry: Entry = {
      ...answer,
      // Kept in memory of its own: a small body sliced from a pool slab would pin the whole slab.
      body: exactCopy(answer.body),
      etag,
      storedAt: now,
      expiresAt,
      encoded: {},
      bytes: answer.body.length + ENTRY_OVERHEAD_BYTES + stringBytes(key ?? '', answer, etag),
      cdn,
      countHit: lookups[cache].countHit,
    };
    // Made from content read before a change dropped what it shows: sent, not kept (below, by no one).
    const outdated =
      generation !== undefined &&
      this.caches !== undefined &&
      this.caches.droppedSince(generation, answer.keys);
    const keeps = key !== null && shared && !outdated && expiresAt > now;
    const share = keeps ? this.shareOf(key) : this.readers;
    if (keeps) {
      const previous = share.entries.get(key);
      if (previous) this.remove(share, key, previous);
      share.entries.set(key, entry);
      this.grew(share, entry.bytes);
    }
    const compressedBefore = entry.bytes;
    // Nor kept by anyone else: a CDN fetching it as a change's purge went out would keep the old page
    // (until the purge's repeat), so it leaves no-store and names no keys.
    send(
      request,
      response,
      outdated ? { ...entry, cacheControl: 'no-store' } : entry,
      this.caches?.secondsLeft() ?? null,
    );
    if (keeps && share.entries.get(key) === entry && entry.bytes !== compressedBefore)
      this.grew(share, entry.bytes - compressedBefore);
    return { stale: false };
  }

  /** Drops every answer that shows one of these keys; none of them may stand in for a failure any more either. */
  drop(keys: ReadonlySet<string>): void {
    if (keys.size === 0) return;
    for (const share of [this.readers, this.others])
      for (const [key, entry] of share.entries)
        if (entry.keys.some((shown) => keys.has(shown))) this.remove(share, key, entry);
  }

  dropAll(): void {
    for (const share of [this.readers, this.others]) {
      share.entries.clear();
      share.bytes = 0;
    }
  }

  /** `bytes` more are held in `share`: the least recently used go until it fits its budget again. */
  private grew(share: Share, bytes: number): void {
    share.bytes += bytes;
    for (const [oldestKey, oldest] of share.entries) {
      if (share.bytes <= share.budgetBytes) break;
      this.remove(share, oldestKey, oldest);
    }
  }

  private remove(share: Share, key: string, entry: Entry): void {
    if (share.entries.get(key) !== entry) return;
    share.entries.delete(key);
    share.bytes -= entry.bytes;
  }
}

/**
 * Writes a kept answer (a hit) with headers prepared once per entry and
 * second: 304 when the request already has it, else the body in the best
 * accepted encoding, compressed once. A cache in front keeps it only as long
 * as it has left: `Age` counts what it spent here.
 */
function sendKept(
  request: IncomingMessage,
  response: ServerResponse,
  entry: Entry,
  secondsLeft: number | null,
  frame: HeaderPairs,
): void {
  const age = String(Math.floor((Date.now() - entry.storedAt) / 1000));
  let prepared = entry.prepared;
  if (!prepared || prepared.age !== age || prepared.secondsLeft !== secondsLeft) {
    const base = pairsOf({ ...answerHeaders(entry, secondsLeft), Age: age });
    prepared = entry.prepared = { age, secondsLeft, base, byEncoding: {} };
  }
  const perRequest = entry.requestHeaders?.(request);
  const write = (status: number, pairs: HeaderPairs) =>
    response.writeHead(
      status,
      perRequest ? frame.concat(pairs, pairsOf(perRequest)) : frame.concat(pairs),
    );
  if (entry.status === 200 && matchesIfNoneMatch(request.headers['if-none-match'], entry.etag)) {
    write(304, prepared.base).end();
    return;
  }
  const encoding = encodingFor(request, entry.body);
  const body = encoding ? compressedOnce(entry, encoding) : entry.body;
  write(
    entry.status,
    (prepared.byEncoding[encoding ?? 'identity'] ??= prepared.base.concat(
      encoding ? ['Content-Encoding', encoding] : [],
      ['Content-Length', String(body.length)],
    )),
  );
  response.end(request.method === 'HEAD' ? undefined : body);
}

/**
 * The body in `encoding`, compressed once per entry and kept exactly its size
 * (a compressor's output is a view into a 16 KB buffer of its own); a kept
 * entry counts it in its bytes.
 */
function compressedOnce(
  entry: { body: Buffer; encoded?: Partial<Record<Encoding, Buffer>>; bytes?: number },
  encoding: Encoding,
): Buffer {
  const encoded = (entry.encoded ??= {});
  let body = encoded[encoding];
  if (!body) {
    body = encoded[encoding] = exactCopy(COMPRESS[encoding](entry.body));
    if (entry.bytes !== undefined) entry.bytes += body.length;
  }
  return body;
}

function pairsOf(headers: Record<string, string>): HeaderPairs {
  return Object.entries(headers).flat();
}

/** The best encoding the request accepts for a body this long (none for a short one). */
function encodingFor(request: IncomingMessage, body: Buffer): Encoding | null {
  return body.length >= SMALLEST_COMPRESSED
    ? negotiateEncoding(request.headers['accept-encoding'])
    : null;
}

/** An answer's headers but those of its encoding and length (and a hit's `Age`). */
function answerHeaders(
  entry: ReaderResponse & { etag: string; cdn?: CdnKeys },
  secondsLeft: number | null,
): Record<string, string> {
  const shared = entry.cacheControl.startsWith('public');
  return {
    'Content-Type': entry.contentType,
    Vary: SHARED_VARY,
    ETag: entry.etag,
    ...cdnHeaders(
      entry.cacheControl,
      shared ? (entry.cdn ?? cdnKeys(entry.keys)) : NO_CDN_KEYS,
      secondsLeft,
    ),
    ...entry.headers,
  };
}

/**
 * Writes an answer: 304 when the request already has it, else the body in
 * the best accepted encoding. A public answer names its keys for a CDN
 * (`Surrogate-Key`, `Cache-Tag`) and may be kept by one at most `secondsLeft`
 * (until the next scheduled publication); one whose keys do not fit the
 * headers may not be kept by a CDN at all.
 */
export function send(
  request: IncomingMessage,
  response: ServerResponse,
  entry: ReaderResponse & {
    etag?: string;
    encoded?: Partial<Record<Encoding, Buffer>>;
    cdn?: CdnKeys;
  },
  secondsLeft: number | null = null,
): void {
  const etag = entry.etag ?? etagOf(entry.body);
  const headers: Record<string, string> = {
    ...answerHeaders({ ...entry, etag }, secondsLeft),
    ...entry.requestHeaders?.(request),
  };
  if (entry.status === 200 && matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
    response.writeHead(304, headers).end();
    return;
  }
  const encoding = encodingFor(request, entry.body);
  let body = entry.body;
  if (encoding) {
    body = compressedOnce(entry, encoding);
    headers['Content-Encoding'] = encoding;
  }
  headers['Content-Length'] = String(body.length);
  response.writeHead(entry.status, headers);
  response.end(request.method === 'HEAD' ? undefined : body);
}
