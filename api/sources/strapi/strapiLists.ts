import type { Article, Author, Topic } from '../contentSource';
import { list, record, whole, type Json } from '../cms/answerFields';
import type { ArticleConditionWords, ListQueries, ListSlice } from '../cms/cmsLists';
import type { QueryVariables } from '../cms/requestContext';
import { toArticle } from './strapiArticles';
import { CARD_FRAGMENTS, SELECTIONS } from './strapiQueries';
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

/** One page of a `…_connection`: its type, and what its query says besides `pagination: { start: $start, limit: $limit }`. */
interface ConnectionPage {
  type: 'articles' | 'authors' | 'topics';
  filters: string;
  sort: string;
  select: string;
  fragments: readonly string[];
  /** `status: …`, for a type with drafts. */
  status?: string;
  variables: QueryVariables;
}

/** A page of a `…_connection`: its nodes, each as `itemsOf` reads it (none for an empty array), and its total. */
async function connectionSlice<T>(
  request: StrapiRequest,
  page: ConnectionPage,
  itemsOf: (node: unknown, path: string) => T | readonly T[],
): Promise<ListSlice<T>> {
  const name = `${page.type}_connection`;
  const answer = await request.batch.query<unknown>({
    field: `${name}(filters: ${page.filters}, pagination: { start: $start, limit: $limit }, sort: ${page.sort}, locale: $locale${page.status === undefined ? '' : `, ${page.status}`}) { nodes { ${page.select} } pageInfo { total } }`,
    variables: page.variables,
    fragments: page.fragments,
  });
  const connection = request.read(() => record(answer, name));
  const items = request.read(() =>
    list(connection, 'nodes', name).flatMap((node, index) =>
      itemsOf(node, `${name}.nodes[${index}]`),
    ),
  );
  return { items, total: request.read(() => totalOf(connection, name)) };
}

/** Authors or topics by name, `limit` of them from `start`. */
const directoryPage = (
  request: StrapiRequest,
  type: 'authors' | 'topics',
  start: number,
  limit: number,
): ConnectionPage => ({
  type,
  filters: request.translated(''),
  sort: '["name:asc", "documentId:asc"]',
  ...SELECTIONS[type],
  variables: { start: ['Int', start], limit: ['Int', limit], ...request.localeVariable },
});

/** Folio's lists in Strapi's queries: `…_connection` with `pagination: { start, limit }` and `pageInfo { total }`. */
export function strapiLists(request: StrapiRequest): ListQueries {
  const { settings, status, statusArgument, localeVariable } = request;
  return {
    words: CONDITIONS,
    articles: ({ conditions, variables }, start, limit) =>
      connectionSlice<Article>(
        request,
        {
          type: 'articles',
          filters: request.visible(conditions),
          sort: NEWEST_FIRST,
          select: '...FolioArticleCard',
          fragments: CARD_FRAGMENTS,
          status: statusArgument,
          variables: {
            ...variables,
            ...localeVariable,
            ...request.timeVariables(),
            start: ['Int', start],
            limit: ['Int', limit],
          },
        },
        (node, path) => request.keepArticleParts(toArticle(node, path, settings.url, status)) ?? [],
      ),
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
      connectionSlice<Author>(
        request,
        directoryPage(request, 'authors', start, limit),
        request.keepAuthorNode,
      ),
    topics: (start, limit) =>
      connectionSlice<Topic>(
        request,
        directoryPage(request, 'topics', start, limit),
        request.keepTopicNode,
      ),
  };
}
