import type { Article, Author, ListPage, Topic } from '../contentSource';
import { offsetListPage, offsetOf } from '../cursors';
import type { ArticleQuery, CmsLists } from './cmsReader';
import type { QueryVariables } from './requestContext';

/**
 * Folio's lists over a CMS, the same for every CMS: newest-first articles
 * (of all, of a topic, of an author, related reading's candidates), their
 * count, and authors and topics by name, each a page at an offset with the
 * CMS's total. Each CMS says them in its own queries (ListQueries).
 */

/** Items of a list from an offset, and the CMS's total of the whole list. */
export interface ListSlice<T> {
  items: T[];
  total: number;
}

/** Which articles a list shows, in the CMS's words: conditions and the variables they use. */
export interface ArticleConditions {
  conditions: string;
  variables: QueryVariables;
}

/** How a CMS says each of ArticleQuery's conditions (`$topic`, `$author`, `$topics`, `$self`). */
export interface ArticleConditionWords {
  /** The GraphQL type of a document's id: Strapi's `ID`, Contentful's `String`. */
  idType: string;
  /** In the topic `$topic`. */
  topic: string;
  /** By the author `$author`. */
  author: string;
  /** In any of the topics `$topics`. */
  anyTopicOf: string;
  /** Any but the article `$self`. */
  except: string;
}

/** What a CMS answers for Folio's lists, each in one query of its own. */
export interface ListQueries {
  words: ArticleConditionWords;
  /** Newest-first visible articles meeting `which`, `limit` of them from `offset`. */
  articles(which: ArticleConditions, offset: number, limit: number): Promise<ListSlice<Article>>;
  /** How many visible articles meet `which`. */
  articleCount(which: ArticleConditions): Promise<number>;
  /** Authors by name, `limit` of them from `offset`. */
  authors(offset: number, limit: number): Promise<ListSlice<Author>>;
  /** Topics by name, `limit` of them from `offset`. */
  topics(offset: number, limit: number): Promise<ListSlice<Topic>>;
}

/** ArticleQuery in a CMS's words. */
export function articleConditions(
  query: ArticleQuery,
  words: ArticleConditionWords,
): ArticleConditions {
  const conditions: string[] = [];
  const variables: QueryVariables = {};
  if (query.topicId !== undefined) {
    conditions.push(words.topic);
    variables.topic = [words.idType, query.topicId];
  }
  if (query.authorId !== undefined) {
    conditions.push(words.author);
    variables.author = [words.idType, query.authorId];
  }
  if (query.anyTopicOf !== undefined) {
    conditions.push(words.anyTopicOf);
    variables.topics = [`[${words.idType}]`, query.anyTopicOf];
  }
  if (query.except !== undefined) {
    conditions.push(words.except);
    variables.self = [words.idType, query.except];
  }
  return { conditions: conditions.join(' '), variables };
}

/** `first` items after the cursor `after`: one ask for `first + 1` of them at its offset (the extra one says there is more). */
async function offsetPage<T>(
  first: number,
  after: string | null | undefined,
  slice: (offset: number, limit: number) => Promise<ListSlice<T>>,
): Promise<ListPage<T>> {
  const offset = offsetOf(after);
  const { items, total } = await slice(offset, first + 1);
  return offsetListPage(items, first, offset, () => Promise.resolve(total));
}

export function cmsLists(queries: ListQueries): CmsLists {
  return {
    articlePage: (query, first, after) =>
      offsetPage(first, after, (offset, limit) =>
        queries.articles(articleConditions(query, queries.words), offset, limit),
      ),
    articleCount: (topicId) => queries.articleCount(articleConditions({ topicId }, queries.words)),
    authors: (page) => offsetPage(page.first, page.after, queries.authors),
    topics: (page) => offsetPage(page.first, page.after, queries.topics),
  };
}
