import { GraphQLError } from 'graphql';
import { maskError, type YogaMaskedErrorOpts } from 'graphql-yoga';
import type { ErrorCode } from '../../shared/errorCodes';
import { ContentError } from '../contentError';

/** An error the reader is meant to see, with its code from shared/errorCodes.ts in `extensions.code` (never masked). */
export function apiError(code: ErrorCode, message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code } });
}

/**
 * yoga's error mask: a ContentError from below the schema becomes the GraphQL
 * error it names, where it happened (path, locations); anything else is
 * masked as yoga does (no message, no stack).
 */
export const maskContentErrors: YogaMaskedErrorOpts['maskError'] = (error, message, isDev) => {
  const located = error instanceof GraphQLError ? error : undefined;
  const original = located ? located.originalError : error;
  if (original instanceof ContentError) {
    const unavailable = original.retryAfterSeconds;
    return new GraphQLError(original.message, {
      nodes: located?.nodes,
      path: located?.path,
      extensions: {
        code: original.code,
        // yoga answers with the status and headers an error names.
        ...(unavailable === undefined
          ? {}
          : { http: { status: 503, headers: { 'Retry-After': String(unavailable) } } }),
      },
    });
  }
  return maskError(error, message, isDev);
};
