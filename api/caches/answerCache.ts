import type { IncomingMessage } from 'node:http';
import type { Plugin } from 'graphql-yoga';
import { hashSHA256, useResponseCache } from '@graphql-yoga/plugin-response-cache';
import type { ExecutionResult } from 'graphql';
import { PRIVATE_CACHE_CONTROL, READER_ANSWER_CACHE_CONTROL } from '../cacheControl';
import { cdnHeaders, cdnKeys, keyOfGlobalId } from './cacheKeys';
import { KeptValues } from './keptValues';
import { capCacheControl, type ReaderCaches } from './readerCaches';
import { carriesCredential, CREDENTIAL_HEADERS } from '../previewCredential';

/**
 * Readers' answers as the content API keeps and labels them: their
 * `Cache-Control`, the process's cache of kept answers, and the keys of what
 * each shows (docs/http-and-cache.md#cache-control, #surrogate-keys).
 */

/** What the Node server hands each request (express's req); nothing when the server calls `api.fetch` itself. */
export type ServerContext = { req?: IncomingMessage };

/** Answers kept at most; the least recently used go first. */
const RESPONSE_CACHE_ENTRIES = 2_000;

/**
 * What one request's answer shows, as its content reader noted it
 * (api/caches/recordingReader.ts), and the drop generation it started at.
 */
export interface AnswerKeys {
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
export function answerCacheControl(
  varyByOrigin: boolean,
  caches: ReaderCaches | undefined,
): Plugin {
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
export function readerAnswerKeys(
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
