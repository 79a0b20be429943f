import { GraphQLError } from 'graphql';
import type { ErrorCode } from '../../shared/errorCodes';

/** An error the reader is meant to see, with its code from shared/errorCodes.ts in `extensions.code` (never masked). */
export function apiError(code: ErrorCode, message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code } });
}
