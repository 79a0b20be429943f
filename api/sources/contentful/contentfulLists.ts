import type { Author, Topic } from '../contentSource';
import { list, record, whole } from '../cms/answerFields';
import type { ArticleConditionWords, ListQueries, ListSlice } from '../cms/cmsLists';
import type { LinkedEntries } from './contentfulLinkedEntries';
import { CARD_FRAGMENTS, COST, SELECTIONS } from './contentfulQueries';
import type { ContentfulRequest } from './contentfulRequest';

/** Newest first, the same order on every list. */
const NEWEST_FIRST = ['publicationDate_DESC', 'sys_id_DESC'];

/** ArticleQuery's conditions on Contentful's `where`. */
const CONDITIONS: ArticleConditionWords = {
  idType: 'String',
  topic: 'topics: { sys: { id: $topic } }',
  author: 'authors: { sys: { id: $author } }',
  anyTopicOf: 'topics: { sys: { id_in: $topics } }',
  except: 'sys: { id_not: $self }',
};

/** Authors or topics by name, `limit` of them from `skip`, with Contentful's total. */
async function directory<T>(
  request: ContentfulRequest,
  type: 'author' | 'topic',
  skip: number,
  limit: number,
  keep: (item: unknown, index: number) => T,
): Promise<ListSlice<T>> {
  const { select, fragments, cost } = SELECTIONS[type];
  const name = `${type}Collection`;
  const answer = await request.batch.query<unknown>({
    field: `${name}(skip: $skip, limit: $limit, where: { slug_exists: true }, order: [name_ASC, sys_id_ASC]${request.previewArgument}) { total items { ${select} } }`,
    variables: { skip: ['Int', skip], limit: ['Int', limit] },
    fragments,
    cost: limit * cost,
  });
  const page = request.read(() => record(answer, name));
  const items = request.read(() =>
    list(page, 'items', name).flatMap((item, index) => (item === null ? [] : [keep(item, index)])),
  );
  return { items, total: request.read(() => whole(page, 'total', name)) };
}

/** Folio's lists in Contentful's queries: `…Collection(skip, limit, where, order) { total items }`. */
export function contentfulLists(request: ContentfulRequest, linked: LinkedEntries): ListQueries {
  const { previewArgument } = request;
  return {
    words: CONDITIONS,
    articles: async ({ conditions, variables }, skip, limit) => {
      const answer = await request.batch.query<unknown>({
        field: `articleCollection(skip: $skip, limit: $limit, where: ${request.visible(conditions)}, order: [${NEWEST_FIRST.join(', ')}]${previewArgument}) { total items { ...FolioArticleCard } }`,
        variables: {
          ...variables,
          ...request.timeVariables(),
          skip: ['Int', skip],
          limit: ['Int', limit],
        },
        fragments: CARD_FRAGMENTS,
        cost: limit * COST.card,
      });
      const items = (await linked.articlesIn(answer)).flatMap(
        (parts) => request.keepArticleParts(parts) ?? [],
      );
      const total = request.read(() =>
        whole(record(answer, 'articleCollection'), 'total', 'articleCollection'),
      );
      return { items, total };
    },
    articleCount: async ({ conditions, variables }) => {
      // `limit: 1` and only `total`: Contentful counts a limit of 0 as 100 towards the query's complexity.
      const answer = await request.batch.query<unknown>({
        field: `articleCollection(limit: 1, where: ${request.visible(conditions)}${previewArgument}) { total }`,
        variables: { ...variables, ...request.timeVariables() },
        cost: COST.plain,
      });
      return request.read(() =>
        whole(record(answer, 'articleCollection'), 'total', 'articleCollection'),
      );
    },
    authors: (skip, limit) =>
      directory<Author>(request, 'author', skip, limit, request.keepAuthorItem),
    topics: (skip, limit) => directory<Topic>(request, 'topic', skip, limit, request.keepTopicItem),
  };
}
