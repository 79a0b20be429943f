import type { ErrorCode } from '../shared/errorCodes';

/**
 * An error below the schema (storage, sources, readers' data) that a reader
 * is meant to see, with its code from shared/errorCodes.ts. It is a plain
 * value: only the schema layer turns it into a GraphQL error
 * (`extensions.code`, api/schema/errors.ts), and the server's own routes
 * (pages, images, crawlers, the webhook) read `code` to choose a status.
 */
export class ContentError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /**
     * Set when nothing can be answered for a while (the database cannot be
     * reached): the answer is an HTTP 503 with this Retry-After, so clients
     * retry and caches serve what they kept (docs/errors.md#statuses).
     */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ContentError';
  }
}

export function isContentError(error: unknown, code?: ErrorCode): error is ContentError {
  return error instanceof ContentError && (code === undefined || error.code === code);
}
