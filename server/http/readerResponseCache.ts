import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { negotiateEncoding, type Encoding } from '../../api/answerCompression';
import { cdnHeaders, cdnKeys, NO_CDN_KEYS, type CdnKeys } from '../../api/caches/cacheKeys';
import type { KeptAnswers, ReaderCaches } from '../../api/contentService';
import { carriesCredential, CREDENTIAL_HEADERS, nodeHeaders } from '../../api/previewCredential';
import { etagOf, matchesIfNoneMatch } from './etag';
import { requestProtocol } from '../publicOrigin';

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
 * How long past its freshness a kept answer may still stand in for a page
 * whose content source fails (a CMS down, slow or answering 5xx: issue 20),
 * the way `stale-if-error` lets a CDN. Short, because an answer is kept
 * stale only while nobody said its content changed: an unpublished article
 * must not outlive its CMS's outage by long.
 */
export const STALE_IF_ERROR_MS = 10 * 60_000;

export interface ReaderResponseCacheOptions {
  /** The process's reader caches (api/changes/): changes drop entries by key, and nothing is kept past the next scheduled publication. */
  caches?: ReaderCaches | undefined;
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
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly caches: ReaderCaches | undefined;
  private readonly budgetBytes: number;
  private readonly trustProxy: number;

  constructor(
    private readonly ttlMs: number,
    options: ReaderResponseCacheOptions = {},
  ) {
    this.caches = options.caches;
    this.caches?.register(this);
    this.budgetBytes = options.budgetBytes ?? 64 * 1024 * 1024;
    this.trustProxy = options.trustProxy ?? 0;
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
    const entry = this.entries.get(key);
    if (!entry) return false;
    // Past its freshness it is answered afresh; it is kept a while longer in case that fails (`storeAndSend`).
    if (entry.expiresAt <= Date.now()) {
      if (entry.expiresAt + STALE_IF_ERROR_MS <= Date.now()) this.remove(key, entry);
      return false;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    sendKept(request, response, entry, this.caches?.secondsLeft() ?? null, frame);
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
    if (key !== null && (answer.status === 503 || answer.status === 504)) {
      const kept = this.entries.get(key);
      if (kept && kept.expiresAt + STALE_IF_ERROR_MS > Date.now()) {
        send(request, response, {
          ...kept,
          cacheControl: 'no-store',
          headers: { ...kept.headers, 'X-Folio-Stale': 'content source unavailable' },
        });
        return { stale: true };
      }
    }
    const now = Date.now();
    const expiresAt = this.caches ? this.caches.expiresAt(this.ttlMs, now) : now + this.ttlMs;
    const shared = answer.cacheControl.startsWith('public');
    const cdn = shared ? cdnKeys(answer.keys) : NO_CDN_KEYS;
    const entry: Entry = {
      ...answer,
      etag: etagOf(answer.body),
      storedAt: now,
      expiresAt,
      encoded: {},
      bytes: answer.body.length * 2,
      cdn,
    };
    // Made from content read before a change dropped what it shows: sent, not kept.
    const outdated =
      generation !== undefined &&
      this.caches !== undefined &&
      this.caches.droppedSince(generation, answer.keys);
    if (key !== null && shared && !outdated && expiresAt > now) {
      const previous = this.entries.get(key);
      if (previous) this.remove(key, previous);
      this.entries.set(key, entry);
      this.bytes += entry.bytes;
      for (const [oldestKey, oldest] of this.entries) {
        if (this.bytes <= this.budgetBytes) break;
        this.remove(oldestKey, oldest);
      }
    }
    send(request, response, entry, this.caches?.secondsLeft() ?? null);
    return { stale: false };
  }

  /** Drops every answer that shows one of these keys; none of them may stand in for a failure any more either. */
  drop(keys: ReadonlySet<string>): void {
    if (keys.size === 0) return;
    for (const [key, entry] of this.entries)
      if (entry.keys.some((shown) => keys.has(shown))) this.remove(key, entry);
  }

  dropAll(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private remove(key: string, entry: Entry): void {
    if (this.entries.get(key) !== entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
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
  const body = encoding ? (entry.encoded[encoding] ??= COMPRESS[encoding](entry.body)) : entry.body;
  write(
    entry.status,
    (prepared.byEncoding[encoding ?? 'identity'] ??= prepared.base.concat(
      encoding ? ['Content-Encoding', encoding] : [],
      ['Content-Length', String(body.length)],
    )),
  );
  response.end(request.method === 'HEAD' ? undefined : body);
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
    const encoded = entry.encoded ?? {};
    body = encoded[encoding] ??= COMPRESS[encoding](entry.body);
    headers['Content-Encoding'] = encoding;
  }
  headers['Content-Length'] = String(body.length);
  response.writeHead(entry.status, headers);
  response.end(request.method === 'HEAD' ? undefined : body);
}
