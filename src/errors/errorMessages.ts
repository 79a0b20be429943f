import { isErrorCode, type ErrorCode } from '../../shared/errorCodes';
import { asFolioNetworkError, GraphQLResponseError } from '../relay/errors';
import type { MessageId } from '../i18n/__generated__/messageIds';

/**
 * What the reader is told, as ids of the interface text (src/i18n/catalogs/):
 * the one who shows it gives them in the page's language, with the site's
 * name as `{site}` (ErrorState).
 */
export interface ErrorDescription {
  title: MessageId;
  message: MessageId;
  /** `retry` loads the page's query again; `reload` fetches a new version of the app. */
  action: 'retry' | 'reload';
  /** The failure may pass by itself: retry when the browser comes back online. */
  transient: boolean;
}

const BY_CODE: Partial<Record<ErrorCode, Omit<ErrorDescription, 'transient'>>> = {
  FORBIDDEN: {
    title: 'error.forbidden.title',
    message: 'error.forbidden.message',
    action: 'retry',
  },
  BAD_USER_INPUT: {
    title: 'error.badInput.title',
    message: 'error.badInput.message',
    action: 'retry',
  },
  RATE_LIMITED: {
    title: 'error.rateLimited.title',
    message: 'error.rateLimited.message',
    action: 'retry',
  },
  QUERY_TIMEOUT: {
    title: 'error.queryTimeout.title',
    message: 'error.queryTimeout.message',
    action: 'retry',
  },
  SOURCE_UNAVAILABLE: {
    title: 'error.sourceUnavailable.title',
    message: 'error.sourceUnavailable.message',
    action: 'retry',
  },
  SOURCE_BAD_RESPONSE: {
    title: 'error.sourceBadResponse.title',
    message: 'error.sourceBadResponse.message',
    action: 'retry',
  },
  PERSISTED_QUERY_ONLY: {
    title: 'error.newVersion.title',
    message: 'error.newVersion.message',
    action: 'reload',
  },
};

/**
 * A page's code could not be downloaded (webpack's `ChunkLoadError`, or
 * mini-css-extract's failed CSS chunk): for the reader, the same as an
 * unreachable server.
 */
export function isCodeLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'ChunkLoadError' || /^Loading (CSS )?chunk \S+ failed/.test(error.message))
  );
}

/** What the reader is told for each class of the error catalogue (docs/errors.md#error-catalogue). */
export function describeError(error: unknown, online = true): ErrorDescription {
  const failure = asFolioNetworkError(error);
  switch (isCodeLoadError(error) ? 'no-response' : failure?.kind) {
    case 'http-status':
      return {
        title: 'error.httpStatus.title',
        message: 'error.httpStatus.message',
        action: 'retry',
        transient: true,
      };
    case 'unparseable-response':
    case 'malformed-response':
      return {
        title: 'error.unreadable.title',
        message: 'error.unreadable.message',
        action: 'retry',
        transient: false,
      };
    case 'no-response':
    case 'timeout':
      return online
        ? {
            title: 'error.noResponse.title',
            message: 'error.noResponse.message',
            action: 'retry',
            transient: true,
          }
        : {
            title: 'error.offline.title',
            message: 'error.offline.message',
            action: 'retry',
            transient: true,
          };
    case 'unknown-persisted-query':
      return {
        title: 'error.newVersion.title',
        message: 'error.newVersion.message',
        action: 'reload',
        transient: false,
      };
    case 'graphql-errors': {
      const code = (failure as GraphQLResponseError).code;
      const known = isErrorCode(code) ? BY_CODE[code] : undefined;
      return known
        ? { ...known, transient: false }
        : {
            title: 'error.graphql.title',
            message: 'error.graphql.message',
            action: 'retry',
            transient: false,
          };
    }
    default:
      return {
        title: 'error.unknown.title',
        message: 'error.unknown.message',
        action: 'retry',
        transient: false,
      };
  }
}
