import { GraphQLError } from 'graphql';

/** API error codes (in `extensions.code`), the ones the client knows by name. */
export type ApiErrorCode = 'BAD_USER_INPUT' | 'FORBIDDEN' | 'NOT_FOUND' | 'ALREADY_SUBSCRIBED' | 'RATE_LIMITED' | 'PERSISTED_QUERY_NOT_FOUND' | 'PERSISTED_QUERY_ONLY';

export function apiError(code: ApiErrorCode, message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code } });
}
