import type { NextFunction, Request, Response } from 'express';
import type { createContentApi } from '../api/createContentApi';
import { send, type ReaderResponseCache } from './http/readerResponseCache';

type ContentApi = ReturnType<typeof createContentApi>;

/** Every `"id":"…"` of a GraphQL answer: the entities it shows. */
const ENTITY_ID = /"id":"((?:[^"\\]|\\.)*)"/g;

/**
 * A reader's persisted GET (`/graphql?doc_id=…&variables=…`), answered by the
 * API in this process and, when the API marks the answer public, kept in the
 * reader cache: the next reader asking the same URL is answered before
 * express. Requests with a credential, and POSTs, go to the API as they are.
 */
export function createReaderGraphQLGet(api: ContentApi, cache: ReaderResponseCache) {
  return async (request: Request, response: Response, next: NextFunction) => {
    if (cache.keyOf(request) === null || typeof request.query.doc_id !== 'string') return next();
    const answer = await api.fetch(`http://folio.internal${request.originalUrl}`, { method: 'GET', headers: { accept: request.get('accept') ?? '*/*' } });
    const text = await answer.text();
    const reply = {
      status: answer.status,
      contentType: answer.headers.get('content-type') ?? 'application/json; charset=utf-8',
      cacheControl: answer.headers.get('cache-control') ?? 'private, no-store',
      body: Buffer.from(text),
      entityIds: [...text.matchAll(ENTITY_ID)].map((match) => JSON.parse(`"${match[1]}"`) as string),
    };
    if (reply.cacheControl.startsWith('public')) cache.storeAndSend(request, response, reply);
    else send(request, response, reply);
  };
}
