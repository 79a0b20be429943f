import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ConcreteRequest } from 'relay-runtime';
import ArticleIndexPageQuery from '../__generated__/ArticleIndexPageQuery.graphql';
import ArticleIndexPaginationQuery from '../__generated__/ArticleIndexPaginationQuery.graphql';
import ArticlePageQuery from '../__generated__/ArticlePageQuery.graphql';
import ComposedPageQuery from '../__generated__/ComposedPageQuery.graphql';
import SearchPageQuery from '../__generated__/SearchPageQuery.graphql';
import TopicIndexPageQuery from '../__generated__/TopicIndexPageQuery.graphql';
import TopicArticlesPaginationQuery from '../__generated__/TopicArticlesPaginationQuery.graphql';
import TopicPageQuery from '../__generated__/TopicPageQuery.graphql';

/** A persisted operation as the Relay client sends it: name, variables and the id from its artifact. */
export interface Operation {
  /** A short label for tables. */
  label: string;
  name: string;
  id: string;
  variables: Record<string, unknown>;
}

/** What Chromium sends: the API compresses answers for it (api/answerCompression.ts picks br). */
export const BROWSER_ENCODING = 'gzip, deflate, br, zstd';
/** What the cached-answer rows ask for: brotli alone, so every server compared is asked the very same thing. */
export const READER_ENCODING = 'br';

export const PERSISTED_MAP_FILE = path.resolve(
  __dirname,
  '../__generated__/persisted-queries.json',
);

/** The seed article every benchmark opens. */
export const ARTICLE_SLUG = 'reading-the-tides';
export const TOPIC_SLUG = 'science';
/** A word in the seed and in every generated article (api/publishing/generate.ts's word list). */
export const SEARCH_WORD = 'time';

function operation(
  request: ConcreteRequest,
  label: string,
  variables: Record<string, unknown>,
): Operation {
  const { id, name } = request.params;
  if (typeof id !== 'string')
    throw new Error(`${name} has no persisted id: run \`npm run relay\` (the build does) first.`);
  return { label, name, id, variables };
}

export const OPERATIONS = {
  article: operation(ArticlePageQuery, `article (${ARTICLE_SLUG})`, { slug: ARTICLE_SLUG }),
  articleIndex: operation(ArticleIndexPageQuery, '12-article list', {}),
  topic: operation(TopicPageQuery, `topic (${TOPIC_SLUG})`, { slug: TOPIC_SLUG }),
  search: operation(SearchPageQuery, `search ("${SEARCH_WORD}")`, { query: SEARCH_WORD }),
  home: operation(ComposedPageQuery, 'composed page (home)', { slug: 'home' }),
  topicIndex: operation(TopicIndexPageQuery, 'topic index', {}),
};

export function paginationOperation(count: number): Operation {
  return operation(ArticleIndexPaginationQuery, `list page of ${count}`, { count, cursor: null });
}

export function topicPaginationOperation(count: number, topicId: string): Operation {
  return operation(TopicArticlesPaginationQuery, `topic list page of ${count}`, {
    count,
    cursor: null,
    id: topicId,
  });
}

/** The variable name `uncached` adds; no Folio operation declares it. */
export const NONCE_VARIABLE = 'benchNonce';

/**
 * The same operation with one extra variable it does not declare: graphql-js
 * ignores it, so the work is the same, but the API's response cache keys on
 * the variables as sent, so the server executes the operation instead of
 * answering from the cache. Used where a benchmark measures execution.
 */
export function uncached(op: Operation, nonce: number | string): Operation {
  return { ...op, variables: { ...op.variables, [NONCE_VARIABLE]: nonce } };
}

/** The POST body the client sends (src/relay/fetchGraphQL.ts: operationName, variables, doc_id). */
export function persistedBody(op: Operation): string {
  return JSON.stringify({ operationName: op.name, variables: op.variables, doc_id: op.id });
}

/** The GET path for the same request. */
export function persistedGetPath(op: Operation): string {
  const params = new URLSearchParams({
    doc_id: op.id,
    operationName: op.name,
    variables: JSON.stringify(op.variables),
  });
  return `/graphql?${params.toString()}`;
}

let persistedMap: Record<string, string> | undefined;

/** The full query text relay-compiler persisted under an id. */
export function queryTextFor(id: string): string {
  persistedMap ??= JSON.parse(readFileSync(PERSISTED_MAP_FILE, 'utf8')) as Record<string, string>;
  const text = persistedMap[id];
  if (text === undefined) throw new Error(`Persisted id ${id} is not in ${PERSISTED_MAP_FILE}.`);
  return text;
}

export const GRAPHQL_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/graphql-response+json, application/json;q=0.9',
};

export interface GraphQLReply {
  status: number;
  body: { data?: unknown; errors?: unknown[] };
}

/** POSTs a persisted operation and parses the reply. */
export async function postOperation(baseUrl: string, op: Operation): Promise<GraphQLReply> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: GRAPHQL_HEADERS,
    body: persistedBody(op),
  });
  return { status: response.status, body: (await response.json()) as GraphQLReply['body'] };
}

/** Throws unless the reply is a 200 with data and no errors. */
export function assertOk(op: Operation, reply: GraphQLReply): void {
  if (reply.status !== 200 || reply.body.errors !== undefined || reply.body.data === undefined) {
    throw new Error(
      `${op.name} ${JSON.stringify(op.variables)} answered ${reply.status}: ${JSON.stringify(reply.body).slice(0, 300)}`,
    );
  }
}
