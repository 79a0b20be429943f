import {
  GraphQLResponseError,
  HttpStatusError,
  NoResponseError,
  TimeoutError,
  UnknownPersistedQueryError,
} from '../../../src/relay/errors';
import { statusOf } from '../../../src/ssr/renderPage';

/** docs/architecture.md#server-rendering: honest status codes for a page whose data failed on the server. */
const graphQLError = (code: string) =>
  new GraphQLResponseError('ArticlePageQuery', [{ message: 'x', extensions: { code } }], 200);

it.each([
  ['the content service too slow for the render', new TimeoutError('render', 5000), 504],
  ['the upstream service timing out', new HttpStatusError('ArticlePageQuery', 504, '', null), 504],
  [
    'the content service unreachable',
    new NoResponseError('ArticlePageQuery', new Error('ECONNREFUSED')),
    503,
  ],
  ['the content service overloaded', new HttpStatusError('ArticlePageQuery', 503, '', 10_000), 503],
  ['the database too slow (QUERY_TIMEOUT)', graphQLError('QUERY_TIMEOUT'), 503],
  ['a wrong preview token', graphQLError('FORBIDDEN'), 403],
  ['any other GraphQL error', graphQLError('BAD_USER_INPUT'), 500],
  [
    'a persisted id the server does not know',
    new UnknownPersistedQueryError('ArticlePageQuery', 'abc'),
    500,
  ],
  ['a rendering bug', new TypeError('x is undefined'), 500],
] as const)('%s → %i', (_, error, status) => {
  expect(statusOf(error)).toBe(status);
});
