import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { negotiateEncoding, type Encoding } from '../../api/answerCompression';
import { carriesCredential, CREDENTIAL_HEADERS, nodeHeaders } from '../../api/previewCredential';
import { etagOf, matchesIfNoneMatch } from './etag';

/** A finished answer for readers: the same bytes for every request without a credential. */
export interface ReaderResponse {
  status: number;
  contentType: string;
  cacheControl: string;
  body: Buffer;
  /** The global ids of the entities it shows: a change to one of them drops it. */
  entityIds: readonly string[];
  /** Extra headers (Link, Vary, …). */
  headers?: Record<string, string>;
  /** Headers that depend on the request rather than the answer (CORS for the asking origin). */
  requestHeaders?: (request: IncomingMessage) => Record<string, string>;
}

interface Entry extends ReaderResponse {
  etag: string;
  expiresAt: number;
  encoded: Partial<Record<Encoding, Buffer>>;
  bytes: number;
}

/** The public Vary of every shared answer: who carries a credential gets another answer. */
export const SHARED_VARY = ['Accept-Encoding', ...CREDENTIAL_HEADERS].join(', ');

const COMPRESS: Record<Encoding, (body: Buffer) => Buffer> = {
  // Once per entry and TTL, so the best ratios are affordable.
  br: (body) => brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
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

/**
 * Readers' finished answers (rendered pages, persisted GraphQL GETs), kept in
 * this process the way a CDN in front would keep them: keyed by host and URL,
 * compressed once per encoding, tagged, and sent before the request reaches
 * express, yoga or React. Only requests without any credential read or fill
 * it; entries live as long as the API's own answers and are dropped when a
 * mutation changes an entity they show.
 */
export class ReaderResponseCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly budgetBytes = 64 * 1024 * 1024,
  ) {}

  /** The key of a request that may share answers, or null (it carries a credential, or is not a read). */
  keyOf(request: IncomingMessage): string | null {
    if (this.ttlMs <= 0) return null;
    if (request.method !== 'GET' && request.method !== 'HEAD') return null;
    if (carriesCredential(nodeHeaders(request.headers))) return null;
    return `${request.headers.host ?? ''}${request.url ?? '/'}`;
  }

  /** Sends the kept answer for this request and returns true, or returns false (none kept). */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    const key = this.keyOf(request);
    if (key === null) return false;
    const entry = this.entries.get(key);
    if (!entry) return false;
    // Past its freshness it is answered afresh; it is kept a while longer in case that fails (`storeAndSend`).
    if (entry.expiresAt <= Date.now()) {
      if (entry.expiresAt + STALE_IF_ERROR_MS <= Date.now()) this.drop(key, entry);
      return false;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    send(request, response, entry);
    return true;
  }

  /**
   * Keeps `answer` for this request's key (when it may be shared) and sends
   * it. An answer that says the content could not be had (503, 504) is
   * replaced by the last good one kept for the key, when there is one not
   * older than STALE_IF_ERROR_MS past its freshness; that one goes out
   * `no-store`, so no cache keeps it as new. Returns whether it did.
   */
  storeAndSend(request: IncomingMessage, response: ServerResponse, answer: ReaderResponse): { stale: boolean } {
    const key = this.keyOf(request);
    if (key !== null && (answer.status === 503 || answer.status === 504)) {
      const kept = this.entries.get(key);
      if (kept && kept.expiresAt + STALE_IF_ERROR_MS > Date.now()) {
        send(request, response, { ...kept, cacheControl: 'no-store', headers: { ...kept.headers, 'X-Folio-Stale': 'content source unavailable' } });
        return { stale: true };
      }
    }
    const entry: Entry = { ...answer, etag: etagOf(answer.body), expiresAt: Date.now() + this.ttlMs, encoded: {}, bytes: answer.body.length * 2 };
    if (key !== null && answer.cacheControl.startsWith('public')) {
      const previous = this.entries.get(key);
      if (previous) this.drop(key, previous);
      this.entries.set(key, entry);
      this.bytes += entry.bytes;
      for (const [oldestKey, oldest] of this.entries) {
        if (this.bytes <= this.budgetBytes) break;
        this.drop(oldestKey, oldest);
      }
    }
    send(request, response, entry);
    return { stale: false };
  }

  /** Drops every answer that shows one of these entities. */
  invalidate(entityIds: readonly string[]): void {
    if (entityIds.length === 0) return;
    const changed = new Set(entityIds);
    for (const [key, entry] of this.entries) if (entry.entityIds.some((id) => changed.has(id))) this.drop(key, entry);
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private drop(key: string, entry: Entry): void {
    if (this.entries.get(key) !== entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

/** Writes an answer: 304 when the request already has it, else the body in the best accepted encoding. */
export function send(request: IncomingMessage, response: ServerResponse, entry: ReaderResponse & { etag?: string; encoded?: Partial<Record<Encoding, Buffer>> }): void {
  const etag = entry.etag ?? etagOf(entry.body);
  const headers: Record<string, string> = {
    'Content-Type': entry.contentType,
    'Cache-Control': entry.cacheControl,
    Vary: SHARED_VARY,
    ETag: etag,
    ...entry.headers,
    ...entry.requestHeaders?.(request),
  };
  if (entry.status === 200 && matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
    response.writeHead(304, headers).end();
    return;
  }
  const encoding = entry.body.length >= SMALLEST_COMPRESSED ? negotiateEncoding(request.headers['accept-encoding']) : null;
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
