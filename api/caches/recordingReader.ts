import type { Article, ContentReader, ListPage } from '../sources/contentSource';
import type { ChangedRecordType } from '../model/changedRecords';
import {
  articleListKey,
  AUTHORS_KEY,
  partKey,
  recordKey,
  SEARCH_KEY,
  SITE_KEY,
  slugKey,
  topicArticlesKey,
  TOPICS_KEY,
  type SluggedType,
  inLocaleKey,
  versionsKey,
} from './cacheKeys';
import { DEFAULT_LOCALE, type Locale } from '../../shared/locales';

/** Records found by type and id; embeds and page blocks are noted by partKey (their own entries, or places in their document). */
const KEYED_TYPES: ReadonlySet<string> = new Set<ChangedRecordType>([
  'Article',
  'Author',
  'Topic',
  'Page',
  'Asset',
]);
const isKeyedType = (type: string): type is ChangedRecordType => KEYED_TYPES.has(type);

/**
 * A request's content reader that notes, as the request reads, the keys of
 * everything its answer will show (api/caches/cacheKeys.ts): each record it
 * got, each slug it looked up (a 404 too), each list it read. Every read of
 * content goes through the reader (the source boundary), so the keys are
 * exactly what the answer shows, whichever source answers and whatever the
 * query asked. What is read in a locale other than the default (slugs, lists,
 * searches, the site's frame) is noted in that locale (`articles@de`).
 */
export function recordingReader(
  reader: ContentReader,
  keys: Set<string>,
  locale: Locale = DEFAULT_LOCALE,
): ContentReader {
  const note = (key: string | null) => {
    if (key !== null) keys.add(key);
  };
  /** A key of what this locale reads (cacheKeys.ts, inLocaleKey). */
  const noteHere = (key: string | null) => note(key === null ? null : inLocaleKey(key, locale));
  const noteRecord = <T extends { __typename: string; id: string } | null>(record: T): T => {
    if (record && isKeyedType(record.__typename)) note(recordKey(record.__typename, record.id));
    return record;
  };
  const noteAll = <T extends { __typename: string; id: string }>(records: T[]): T[] => {
    records.forEach(noteRecord);
    return records;
  };
  const lookUp =
    <T extends { __typename: string; id: string }>(
      type: SluggedType,
      read: (by: { id: string } | { slug: string }) => Promise<T | null>,
    ) =>
    async (by: { id: string } | { slug: string }) => {
      if ('slug' in by) noteHere(slugKey(type, by.slug));
      else note(recordKey(type, by.id));
      return noteRecord(await read(by));
    };
  /** A list page: its list's key now, its nodes' keys when they come, and its count counted under the same list. */
  const listPage = async <T>(
    key: string,
    page: Promise<ListPage<T>>,
    nodeOf: (node: T) => Article | { __typename: string; id: string },
  ): Promise<ListPage<T>> => {
    noteHere(key);
    const result = await page;
    for (const node of result.nodes) noteRecord(nodeOf(node));
    return result;
  };

  return {
    site: () => {
      noteHere(SITE_KEY);
      return reader.site();
    },
    article: async (by) => {
      const article = await lookUp('Article', (articleBy) => reader.article(articleBy))(by);
      // A live blog's updates change with their article, unless the source makes them entries of their own (Contentful's): then each carries its own key, as a page block does.
      for (const update of article?.liveBlog?.updates ?? []) note(partKey('Block', update.id));
      return article;
    },
    author: lookUp('Author', (by) => reader.author(by)),
    topic: lookUp('Topic', (by) => reader.topic(by)),
    page: async (by) => {
      const page = await lookUp('Page', (pageBy) => reader.page(pageBy))(by);
      for (const block of page?.blocks ?? []) note(partKey('Block', block.id));
      return page;
    },
    asset: async (id, options) => {
      // Noted even when hidden: the asset becomes visible when what shows it is published, and that change names it.
      note(recordKey('Asset', id));
      return reader.asset(id, options);
    },
    // Noted even when not found: an embed a document names may be published later (Contentful's are entries of their own).
    embed: (type, id, options) => {
      note(partKey('Embed', id));
      return reader.embed(type, id, options);
    },
    authorsOf: async (article) => noteAll(await reader.authorsOf(article)),
    topicsOf: async (article) => noteAll(await reader.topicsOf(article)),
    related: async (article, first) => {
      // Related reading is drawn from the article's topics: it changes when one of their lists does.
      const [topics, related] = await Promise.all([
        reader.topicsOf(article),
        reader.related(article, first),
      ]);
      for (const topic of topics) noteHere(topicArticlesKey(topic.id));
      return noteAll(related);
    },
    articles: (filter, page) =>
      listPage(articleListKey(filter), reader.articles(filter, page), (node) => node),
    latestArticles: async (count, topicId) => {
      noteHere(articleListKey({ topicId }));
      return noteAll(await reader.latestArticles(count, topicId));
    },
    articleCount: (topicId) => {
      noteHere(topicArticlesKey(topicId));
      return reader.articleCount(topicId);
    },
    authors: (page) => listPage(AUTHORS_KEY, reader.authors(page), (node) => node),
    topics: (page) => listPage(TOPICS_KEY, reader.topics(page), (node) => node),
    search: (text, page) => listPage(SEARCH_KEY, reader.search(text, page), (hit) => hit.article),
    // Which versions a document has changes when one of them does, in whichever language.
    translations: (entry) => {
      note(versionsKey(entry.__typename, entry.documentId ?? entry.id));
      return reader.translations(entry);
    },
  };
}
