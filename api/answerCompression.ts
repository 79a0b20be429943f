import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import Negotiator from 'negotiator';
import type { Plugin } from 'graphql-yoga';

/** Below this, compressing costs more than it saves (the `compression` middleware's threshold). */
const THRESHOLD_BYTES = 1024;
/** Answer text plus compressed bytes kept at most, per process. */
const REMEMBERED_BYTES = 32 * 1024 * 1024;
/** Larger answers are compressed every time, never kept. */
const LARGEST_REMEMBERED = 512 * 1024;

export type Encoding = 'br' | 'gzip';

const compressors: Record<Encoding, (text: string, bytes: number) => Buffer> = {
  // Quality 4: what the `compression` middleware uses for brotli by default.
  br: (text, bytes) =>
    brotliCompressSync(text, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes },
    }),
  gzip: (text) => gzipSync(text),
};

/** Browsers send a handful of Accept-Encoding values: each is negotiated once (at most this many kept). */
const NEGOTIATED_VALUES = 64;
const negotiated = new Map<string, Encoding | null>();

/** The encoding to answer with: brotli, else gzip, as the request accepts; null for none. */
export function negotiateEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const known = negotiated.get(acceptEncoding);
  if (known !== undefined) return known;
  const chosen = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }).encoding(
    ['br', 'gzip', 'identity'],
    { preferred: ['br', 'gzip'] },
  );
  const encoding = chosen === 'br' || chosen === 'gzip' ? chosen : null;
  if (negotiated.size >= NEGOTIATED_VALUES) negotiated.delete(negotiated.keys().next().value!);
  negotiated.set(acceptEncoding, encoding);
  return encoding;
}

/**
 * Compressed answers, remembered by their exact text, least recently used
 * out first. Keyed by content, an entry is only ever sent to a request whose
 * own answer was that very text, so it can never be stale or reach a reader
 * it was not for (a preview answer stays with previews).
 */
export class RememberedAnswers {
  private readonly entries = new Map<string, { compressed: Buffer; bytes: number }>();
  private bytes = 0;

  constructor(private readonly budget: number) {}

  get(text: string): Buffer | undefined {
    const entry = this.entries.get(text);
    if (!entry) return undefined;
    this.entries.delete(text);
    this.entries.set(text, entry);
    return entry.compressed;
  }

  set(text: string, textBytes: number, compressed: Buffer): void {
    if (this.entries.has(text)) return;
    const entry = { compressed, bytes: textBytes + compressed.length };
    this.entries.set(text, entry);
    this.bytes += entry.bytes;
    for (const [oldest, { bytes }] of this.entries) {
      if (this.bytes <= this.budget) break;
      this.entries.delete(oldest);
      this.bytes -= bytes;
    }
  }
}

/**
 * Compresses GraphQL answers (brotli, else gzip, as the request accepts) in
 * one synchronous call on the whole answer, and remembers the result: the
 * same published answer goes to reader after reader, so most requests send
 * bytes compressed once. A streaming compressor per response (the
 * `compression` middleware) cost a third of the API's throughput on cached
 * answers (bench/RESULTS.md, API throughput).
 */
export function useAnswerCompression(): Plugin {
  const remembered: Record<Encoding, RememberedAnswers> = {
    br: new RememberedAnswers(REMEMBERED_BYTES / 2),
    gzip: new RememberedAnswers(REMEMBERED_BYTES / 2),
  };
  return {
    async onResponse({ request, response, setResponse, fetchAPI }) {
      if (
        !response.body ||
        request.method === 'HEAD' ||
        response.headers.has('content-encoding') ||
        !/json/.test(response.headers.get('content-type') ?? '')
      )
        return;
      response.headers.append('Vary', 'Accept-Encoding');
      const encoding = negotiateEncoding(request.headers.get('accept-encoding'));
      const length = Number(response.headers.get('content-length') ?? Number.NaN);
      if (!encoding || length < THRESHOLD_BYTES) return;
      const text = await response.text();
      const headers = new fetchAPI.Headers(response.headers);
      const init = { status: response.status, statusText: response.statusText, headers };
      const size = Buffer.byteLength(text);
      if (size < THRESHOLD_BYTES) {
        setResponse(new fetchAPI.Response(text, init));
        return;
      }
      let compressed = remembered[encoding].get(text);
      if (!compressed) {
        compressed = compressors[encoding](text, size);
        if (size <= LARGEST_REMEMBERED) remembered[encoding].set(text, size, compressed);
      }
      headers.set('Content-Encoding', encoding);
      headers.set('Content-Length', String(compressed.length));
      setResponse(
        new fetchAPI.Response(
          compressed as Uint8Array<ArrayBuffer> /* zlib's output never lives in shared memory */,
          init,
        ),
      );
    },
  };
}
