import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { keysOfHeader } from '../api/caches/cacheKeys';
import type { GraphQLService } from '../api/contentService';
import { send, SHARED_VARY, type ReaderResponseCache } from './http/readerResponseCache';
import { PRIVATE_CACHE_CONTROL } from '../api/cacheControl';

/**
 * A reader's persisted GET (`/graphql?doc_id=…&variables=…`), answered by the
 * API in this process and, when the API marks the answer public, kept in the
 * reader cache: the next reader asking the same URL is answered before
 * express, tagged with the keys the API named for it (`Surrogate-Key`: what
 * it shows). Requests with a credential, and POSTs, go to the API as they are.
 * The kept answer is the same for every origin; the configured origins
 * (`FOLIO_CORS_ORIGINS`) get their CORS header with each answer.
 */
export function createReaderGraphQLGet(
  api: NonNullable<GraphQLService['inProcess']>,
  cache: ReaderResponseCache,
) {
  const corsHeaders = api.corsHeaders;
  const requestHeaders = corsHeaders
    ? (request: IncomingMessage) => corsHeaders(request.headers.origin)
    : undefined;
  return async (request: Request, response: Response, next: NextFunction) => {
    if (cache.keyOf(request) === null || typeof request.query.doc_id !== 'string') return next();
    const generation = cache.generation;
    const answer = await api.fetch(`http://folio.internal${request.originalUrl}`, {
      method: 'GET',
      headers: { accept: request.get('accept') ?? '*/*' },
    });
    const text = await answer.text();
    const reply = {
      status: answer.status,
      contentType: answer.headers.get('content-type') ?? 'application/json; charset=utf-8',
      cacheControl: answer.headers.get('cache-control') ?? PRIVATE_CACHE_CONTROL,
      body: Buffer.from(text),
      keys: keysOfHeader(answer.headers.get('surrogate-key')),
      headers: {
        Vary: answer.headers.get('vary') ?? SHARED_VARY,
        ...retryAfterOf(answer.headers.get('retry-after')),
      },
      requestHeaders,
    };
    // Public answers are kept; an answer that says nothing can be had now (503, 504: the database
    // or the CMS cannot be reached) is replaced by the last good one kept, when there is one.
    if (reply.cacheControl.startsWith('public') || answer.status === 503 || answer.status === 504)
      cache.storeAndSend(request, response, reply, generation);
    else send(request, response, reply);
  };
}

const retryAfterOf = (value: string | null): Record<string, string> =>
  value === null ? {} : { 'Retry-After': value };
