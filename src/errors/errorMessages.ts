import { isErrorCode, type ErrorCode } from '../../shared/errorCodes';
import { asFolioNetworkError, GraphQLResponseError } from '../relay/errors';

export interface ErrorDescription {
  title: string;
  message: string;
  /** `retry` loads the page's query again; `reload` fetches a new version of the app. */
  action: 'retry' | 'reload';
  /** The failure may pass by itself: retry when the browser comes back online. */
  transient: boolean;
}

const BY_CODE: Partial<Record<ErrorCode, Omit<ErrorDescription, 'transient'>>> = {
  FORBIDDEN: {
    title: 'This content is not available',
    message: 'You do not have access to it. If you were previewing, your preview may have ended.',
    action: 'retry',
  },
  BAD_USER_INPUT: {
    title: 'That request was not valid',
    message: 'The address may be mistyped or out of date.',
    action: 'retry',
  },
  RATE_LIMITED: {
    title: 'Too many requests',
    message: 'Please wait a moment before trying again.',
    action: 'retry',
  },
  QUERY_TIMEOUT: {
    title: 'This is taking too long',
    message: 'The server is busy right now. Please try again in a moment.',
    action: 'retry',
  },
  SOURCE_UNAVAILABLE: {
    title: 'The content service is not answering',
    message: 'Our content service is down or slow right now. Please try again in a moment.',
    action: 'retry',
  },
  SOURCE_BAD_RESPONSE: {
    title: 'This content could not be read',
    message: 'Our content service sent something we did not understand. Please try again later.',
    action: 'retry',
  },
  PERSISTED_QUERY_ONLY: {
    title: 'A new version of Folio is available',
    message: 'Reload the page to get it.',
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
        title: 'The server had a problem',
        message: 'Something went wrong on our side. Please try again.',
        action: 'retry',
        transient: true,
      };
    case 'unparseable-response':
    case 'malformed-response':
      return {
        title: 'The answer could not be read',
        message: 'The server sent something we did not understand. Please try again.',
        action: 'retry',
        transient: false,
      };
    case 'no-response':
    case 'timeout':
      return online
        ? {
            title: 'Can’t reach the server',
            message: 'Check your connection and try again.',
            action: 'retry',
            transient: true,
          }
        : {
            title: 'You are offline',
            message: 'We will try again as soon as your connection is back.',
            action: 'retry',
            transient: true,
          };
    case 'unknown-persisted-query':
      return {
        title: 'A new version of Folio is available',
        message: 'Reload the page to get it.',
        action: 'reload',
        transient: false,
      };
    case 'graphql-errors': {
      const code = (failure as GraphQLResponseError).code;
      const known = isErrorCode(code) ? BY_CODE[code] : undefined;
      return known
        ? { ...known, transient: false }
        : {
            title: 'The server could not answer',
            message: 'Please try again in a moment.',
            action: 'retry',
            transient: false,
          };
    }
    default:
      return {
        title: 'Something went wrong',
        message: 'This page could not be shown. Please try again.',
        action: 'retry',
        transient: false,
      };
  }
}
