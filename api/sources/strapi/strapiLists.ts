import type { Article, Author, Topic } from '../contentSource';
import { list, record, whole, type Json } from '../cms/answerFields';
import type { ArticleConditionWords, ListQueries, ListSlice } from '../cms/cmsLists';
import { toArticle } from './strapiArticles';
import { AUTHOR, CARD_FRAGMENTS, MEDIA, TOPIC } from './strapiQueries';
import type { StrapiRequest } from './strapiRequest';

/** Newest first, the same order on every list. */
const NEWEST_FIRST = '["publicationDate:desc", "documentId:desc"]';

/** ArticleQuery's conditions on Strapi's `filters`. */
const CONDITIONS: ArticleConditionWords = {
  idType: 'ID',
  topic: 'topics: { documentId: { eq: $topic } }',
  author: 'authors: { documentId: { eq: $author } }',
  anyTopicOf: 'topics: { documentId: { in: $topics } }',
  except: 'documentId: { ne: $self }',
};

/** A `…_connection`'s total (`pageInfo { total }`). */
const totalOf = (connection: Json, name: string) =>
  whole(record(connection.pageInfo, `${name}.pageInfo`), 'total', `${name}.pageInfo`);

/** A `…_connection`'s nodes, each as `itemsOf` reads it (none for an empty array), and its total. */
function connectionSlice<T>(
  request: StrapiRequest,
  answer: unknown,
  name: string,
  itemsOf: (node: unknown, path: string) => T | readonly T[],
): ListSlice<T> {
  const connection = request.read(() => record(answer, name));
  const items = request.read(() =>
    list(connection, 'nodes', name).flatMap((node, index) =>
      itemsOf(node, `${name}.nodes[${index}]`),
    ),
  );
  return { items, total: request.read(() => totalOf(connection, name)) };
}

/** Authors or topics by name, `limit` of them from `start`. */
async function directory<T>(
  request: StrapiRequest,
  type: 'authors' | 'topics',
  start: number,
  limit: number,
  keep: (node: unknown, path: string) => T,
): Promise<ListSlice<T>> {
  const answer = await request.batch.query<unknown>({
    field: `${type}_connection(filters: ${request.translated('')}, pagination: { start: $start, limit: $limit }, sort: ["name:asc", "documentId:asc"], locale: $locale) { nodes { ...${type === 'authors' ? 'FolioAuthor' : 'FolioTopic'} } pageInfo { total } }`,
    variables: { start: ['Int', start], limit: ['Int', limit], ...request.localeVariable },
    fragments: type === 'authors' ? [MEDIA, AUTHOR] : [TOPIC],
  });
  return connectionSlice(request, answer, `${type}_connection`, keep);
}

/** Folio's lists in Strapi's queries: `…_connection` with `pagination: { start, limit }` and `pageInfo { total }`. */
export function strapiLists(request: StrapiRequest): ListQueries {
  const { settings, status, statusArgument, localeVariable } = request;
  return {
    words: CONDITIONS,
    articles: async ({ conditions, variables }, start, limit) => {
      const answer = await request.batch.query<unknown>({
        field: `articles_connection(filters: ${request.visible(conditions)}, pagination: { start: $start, limit: $limit }, sort: ${NEWEST_FIRST}, locale: $locale, ${statusArgument}) { nodes { ...FolioArticleCard } pageInfo { total } }`,
        variables: {
          ...variables,
          ...localeVariable,
          ...request.timeVariables(),
          start: ['Int', start],
          limit: ['Int', limit],
        },
        fragments: CARD_FRAGMENTS,
      });
      return connectionSlice<Article>(
        request,
        answer,
        'articles_connection',
        (node, path) => request.keepArticleParts(toArticle(node, path, settings.url, status)) ?? [],
      );
    },
    articleCount: async ({ conditions, variables }) => {
      const answer = await request.batch.query<unknown>({
        field: `articles_connection(filters: ${request.visible(conditions)}, pagination: { limit: 1 }, locale: $locale, ${statusArgument}) { pageInfo { total } }`,
        variables: { ...variables, ...request.timeVariables(), ...localeVariable },
      });
      return request.read(() =>
        totalOf(record(answer, 'articles_connection'), 'articles_connection'),
      );
    },
    authors: (start, limit) =>
      directory<Author>(request, 'authors', start, limit, request.keepAuthorNode),
    topics: (start, limit) =>
      directory<Topic>(request, 'topics', start, limit, request.keepTopicNode),
  };
}
