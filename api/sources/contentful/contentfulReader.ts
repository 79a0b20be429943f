import DataLoader from 'dataloader';
import { createCmsBatch, readShape, type CmsService } from '../cms/cmsGraphQL';
import type {
  Article,
  Asset,
  ContentReader,
  ListPage,
  Page,
  ReaderOptions,
  Translatable,
} from '../contentSource';
import { SITE_WITHOUT_RECORD } from '../contentSource';
import { offsetListPage, offsetOf } from '../cursors';
import { cmsReader, type ArticleQuery } from '../cms/cmsReader';
import { createRequestStore } from '../cms/requestStore';
import { type SearchIndex } from '../cms/searchIndex';
import { list, record, whole, type Json } from '../cms/answerFields';
import {
  ARTICLE_FRAGMENTS,
  ASSET,
  AUTHOR,
  CARD_FRAGMENTS,
  COST,
  itemsPerRequest,
  LINKED_ENTRY,
  PAGE_FRAGMENTS,
  TOPIC,
} from './contentfulQueries';
import { toArticle, type ArticleParts } from './contentfulArticles';
import { sysId, toAsset, toAuthor, toEmbed, toSite, toTopic } from './contentfulEntries';
import { toPage, type PageParts } from './contentfulPages';
import { linkedEntryIds, withGlobalIds } from './contentfulRichText';
import { DEFAULT_LOCALE } from '../../../shared/locales';
import type { CmsVersion } from '../cms/localeVersions';
import { contentfulLocaleOf, VERSION_SLUGS, versionsIn } from './contentfulLocales';

/** What every request of the Contentful source shares. */
export interface ContentfulContext {
  service: CmsService;
  search: SearchIndex;
  /** Each entry's type by id, as any answer named it (kept across requests: Contentful never changes a type). */
  entryTypes: ReadonlyMap<string, string>;
  learn(id: string, type: string): void;
  /** Whether a preview token is set (`FOLIO_CONTENTFUL_PREVIEW_TOKEN`): drafts are read only with it. */
  readsDrafts: boolean;
}

/** Newest first, the same order on every list. */
const NEWEST_FIRST = ['publicationDate_DESC', 'sys_id_DESC'];

/**
 * What one request reads of Contentful (a reader's published entries with the
 * delivery token, a previewer's drafts with the preview token) in one
 * locale, through the shared CMS reader (../cms/cmsReader.ts): Contentful's
 * own queries, batched per tick, with every answer kept in the request's
 * store. Every root field names the locale (Contentful's `locale`, which
 * links inherit); an article, author, topic or page is there only when
 * translated into it, its slug having a value of its own (`slug_exists`
 * matches the locale's own values: cms/contentful/README.md#locales).
 */
export function contentfulReader(
  { service, search, learn, entryTypes, readsDrafts }: ContentfulContext,
  { preview, locale = DEFAULT_LOCALE }: ReaderOptions,
): ContentReader {
  // Drafts come from the Content Preview API, which takes only the preview token: without one a
  // previewer reads published entries (scheduled ones too: Folio's own rule below).
  const drafts = preview && readsDrafts;
  const read = <T>(map: () => T) => readShape(service, map);
  const batch = createCmsBatch(service, drafts);
  const now = new Date().toISOString();
  // What readers may see: Contentful's published entries, articles from their publication date on.
  const visible = (where: string) =>
    preview
      ? `{ ${where} slug_exists: true }`
      : `{ ${where} slug_exists: true publicationDate_lte: $now }`;
  const timeVariables = (): Record<string, [string, unknown]> =>
    preview ? {} : { now: ['DateTime', now] };
  // Every root field of a previewer's request reads previews: the preview token is for the Preview API.
  const previewArgument = `${drafts ? ', preview: true' : ''}, locale: "${contentfulLocaleOf(locale)}"`;

  const store = createRequestStore(preview, now);
  const keepAsset = (asset: Asset) => store.assets.set(asset.id, asset);
  const keepArticle = (parts: ArticleParts): Article | null => {
    for (const asset of parts.assets) keepAsset(asset);
    keepLinked(parts.linked, parts.linkedAssets);
    parts.article.locale = locale;
    for (const author of parts.authors) author.locale = locale;
    for (const topic of parts.topics) topic.locale = locale;
    return store.keepArticle(parts.article, parts.authors, parts.topics) ? parts.article : null;
  };
  /** What a rich-text document's links bring whole (topics, code blocks, pull quotes, assets); linked articles, authors and pages are read by id when shown. */
  const keepLinked = (linked: Json[], linkedAssets: unknown[]) => {
    for (const asset of linkedAssets) keepAsset(read(() => toAsset(asset, 'links.assets')));
    for (const entry of linked) {
      const type = entry.__typename;
      const id = read(() => sysId(entry, 'links.entries'));
      if (typeof type === 'string') learn(id, type);
      if (entry.__typename === 'CodeBlock' || entry.__typename === 'PullQuote') {
        const embed = read(() => toEmbed(entry, 'links.entries'));
        store.embeds.set(embed.id, embed);
      } else if (entry.__typename === 'Topic') {
        const topic = { ...read(() => toTopic(entry, 'links.entries')), locale };
        store.topics.set(topic.id, topic);
      }
    }
  };

  /** Entries of one content type by id or slug, one collection query per batch of keys (each costing `each`). */
  const collection = <T>(
    type: 'author' | 'topic' | 'page',
    key: 'id' | 'slug',
    select: string,
    fragments: readonly string[],
    each: number,
    keep: (item: unknown, index: number) => T | null,
    keyOf: (value: T) => string,
  ) =>
    new DataLoader<string, T | null>(
      async (keys) => {
        const where = key === 'id' ? 'sys: { id_in: $keys }' : 'slug_in: $keys';
        const answer = await batch.query<unknown>({
          field: `${type}Collection(limit: ${keys.length}, where: { ${where} slug_exists: true }${previewArgument}) { items { ${select} } }`,
          variables: { keys: ['[String]', [...keys]] },
          fragments,
          cost: keys.length * each,
        });
        const items = read(() =>
          list(record(answer, `${type}Collection`), 'items', `${type}Collection`),
        );
        const found = new Map(
          items
            .flatMap((item, index) => (item === null ? [] : [keep(item, index)]))
            .filter((value): value is T => value !== null)
            .map((value) => [keyOf(value), value]),
        );
        return keys.map((id) => found.get(id) ?? null);
      },
      { maxBatchSize: itemsPerRequest(each) },
    );
  /** Entries by id typed: Contentful is asked, at once, for those no answer has typed yet; the first failure is thrown. */
  const typeEntries = async (ids: Iterable<string>) => {
    const untyped = [...new Set(ids)].filter((id) => !entryTypes.has(id));
    if (untyped.length === 0) return;
    const failed = (await entryById.loadMany(untyped)).find((result) => result instanceof Error);
    if (failed) throw failed;
  };
  /** The entries a batch of articles' bodies link to, typed, and the bodies given Folio's ids. */
  const typed = async (articles: ArticleParts[]): Promise<ArticleParts[]> => {
    for (const parts of articles) {
      learn(parts.article.id, 'Article');
      for (const author of parts.authors) learn(author.id, 'Author');
      for (const topic of parts.topics) learn(topic.id, 'Topic');
      for (const [id, type] of parts.linkTypes) learn(id, type);
    }
    // A whole article's links name every entry this request may see: what they left out is a draft, not to be asked again.
    await typeEntries(
      articles.flatMap((parts) => (parts.wholeBody ? [] : [...linkedEntryIds(parts.article.body)])),
    );
    for (const parts of articles)
      parts.article.body = withGlobalIds(parts.article.body, entryTypes);
    return articles;
  };
  const articlesIn = async (answer: unknown): Promise<ArticleParts[]> =>
    typed(
      read(() =>
        list(record(answer, 'articleCollection'), 'items', 'articleCollection').flatMap(
          (item, index) =>
            item === null ? [] : [toArticle(item, `articleCollection.items[${index}]`)],
        ),
      ),
    );
  /** Articles by id or slug, one collection query per batch of keys (each costing `each`); only those this request may see. */
  const articles = (
    key: 'id' | 'slug',
    select: string,
    fragments: readonly string[],
    each: number,
  ) =>
    new DataLoader<string, Article | null>(
      async (keys) => {
        const where = key === 'id' ? 'sys: { id_in: $keys }' : 'slug_in: $keys';
        const answer = await batch.query<unknown>({
          field: `articleCollection(limit: ${keys.length}, where: ${visible(where)}${previewArgument}) { items { ${select} } }`,
          variables: { keys: ['[String]', [...keys]], ...timeVariables() },
          fragments,
          cost: keys.length * each,
        });
        const found = new Map(
          (await articlesIn(answer)).flatMap((parts) =>
            keepArticle(parts)
              ? [[key === 'id' ? parts.article.id : parts.article.slug, parts.article] as const]
              : [],
          ),
        );
        return keys.map((value) => found.get(value) ?? null);
      },
      { maxBatchSize: itemsPerRequest(each) },
    );
  const articleCardById = articles('id', '...FolioArticleCard', CARD_FRAGMENTS, COST.card);
  // Whole articles cost 1,000 each for their links (contentfulQueries.ts).
  const articleBySlug = articles('slug', '...FolioArticle', ARTICLE_FRAGMENTS, COST.article);
  const keepPageItem = (item: unknown, index: number) => {
    const parts = read(() => toPage(item, `pageCollection.items[${index}]`));
    parts.page.locale = locale;
    learn(parts.page.id, 'Page');
    return parts;
  };
  const pageById = collection<PageParts>(
    'page',
    'id',
    '...FolioPage',
    PAGE_FRAGMENTS,
    COST.page,
    keepPageItem,
    (parts) => parts.page.id,
  );
  const pageBySlug = collection<PageParts>(
    'page',
    'slug',
    '...FolioPage',
    PAGE_FRAGMENTS,
    COST.page,
    keepPageItem,
    (parts) => parts.page.slug,
  );
  /**
   * A page whole: its rich-text bodies with Folio's ids, once the entries
   * they link to are typed. The same page completed twice (by id and by
   * slug) asks nothing twice: entryById keeps what it was asked.
   */
  const completePage = async (parts: PageParts): Promise<Page> => {
    for (const topic of parts.topics) store.topics.set(topic.id, { ...topic, locale });
    for (const asset of parts.assets) keepAsset(asset);
    await typeEntries(
      parts.page.blocks.flatMap((block) =>
        block.__typename === 'RichTextBlock' ? [...linkedEntryIds(block.body)] : [],
      ),
    );
    const page: Page = {
      ...parts.page,
      blocks: parts.page.blocks.map((block) =>
        block.__typename === 'RichTextBlock'
          ? { ...block, body: withGlobalIds(block.body, entryTypes) }
          : block,
      ),
    };
    store.pages.set(page.id, page);
    return page;
  };
  const pageBy = async (found: Promise<PageParts | null>) => {
    const parts = await found;
    return parts ? completePage(parts) : null;
  };

  const keepAuthor = (item: unknown, index: number) => {
    const author = read(() => toAuthor(item, `authorCollection.items[${index}]`));
    author.locale = locale;
    learn(author.id, 'Author');
    store.authors.set(author.id, author);
    if (author.avatar) keepAsset(author.avatar);
    return author;
  };
  const keepTopic = (item: unknown, index: number) => {
    const topic = { ...read(() => toTopic(item, `topicCollection.items[${index}]`)), locale };
    learn(topic.id, 'Topic');
    store.topics.set(topic.id, topic);
    return topic;
  };
  const authorById = collection(
    'author',
    'id',
    '...FolioAuthor',
    [ASSET, AUTHOR],
    COST.author,
    keepAuthor,
    (author) => author.id,
  );
  const authorBySlug = collection(
    'author',
    'slug',
    '...FolioAuthor',
    [ASSET, AUTHOR],
    COST.author,
    keepAuthor,
    (author) => author.slug,
  );
  const topicById = collection(
    'topic',
    'id',
    '...FolioTopic',
    [TOPIC],
    COST.plain,
    keepTopic,
    (topic) => topic.id,
  );
  const topicBySlug = collection(
    'topic',
    'slug',
    '...FolioTopic',
    [TOPIC],
    COST.plain,
    keepTopic,
    (topic) => topic.slug,
  );
  const assetById = new DataLoader<string, Asset | null>(
    async (ids) => {
      const answer = await batch.query<unknown>({
        field: `assetCollection(limit: ${ids.length}, where: { sys: { id_in: $ids } }${previewArgument}) { items { ...FolioAsset } }`,
        variables: { ids: ['[String]', [...ids]] },
        fragments: [ASSET],
        cost: ids.length * COST.plain,
      });
      const found = read(() =>
        list(record(answer, 'assetCollection'), 'items', 'assetCollection').flatMap(
          (item, index) =>
            item === null ? [] : [toAsset(item, `assetCollection.items[${index}]`)],
        ),
      );
      for (const asset of found) keepAsset(asset);
      return ids.map((id) => store.assets.get(id) ?? null);
    },
    { maxBatchSize: itemsPerRequest(COST.plain) },
  );
  /** Entries by id whatever their type: their types (for documents' ids), and code blocks, pull quotes and topics whole. */
  const entryById = new DataLoader<string, string | null>(
    async (ids) => {
      const answer = await batch.query<unknown>({
        field: `entryCollection(limit: ${ids.length}, where: { sys: { id_in: $ids } }${previewArgument}) { items { ...FolioLinkedEntry } }`,
        variables: { ids: ['[String]', [...ids]] },
        fragments: [TOPIC, LINKED_ENTRY],
        cost: ids.length * COST.plain,
      });
      const items = read(() => list(record(answer, 'entryCollection'), 'items', 'entryCollection'));
      keepLinked(
        items.flatMap((item, index) =>
          item === null ? [] : [read(() => record(item, `entryCollection.items[${index}]`))],
        ),
        [],
      );
      return ids.map((id) => entryTypes.get(id) ?? null);
    },
    { maxBatchSize: itemsPerRequest(COST.plain) },
  );

  /** A document's versions by id, one collection query per type and batch: its own slug in each of Folio's locales (VERSION_SLUGS). */
  const versionsOf = (type: 'article' | 'author' | 'topic' | 'page') =>
    new DataLoader<string, CmsVersion[]>(
      async (ids) => {
        const where =
          type === 'article' ? visible('sys: { id_in: $ids }') : '{ sys: { id_in: $ids } }';
        const answer = await batch.query<unknown>({
          field: `${type}Collection(limit: ${ids.length}, where: ${where}${previewArgument}) { items { sys { id } ${VERSION_SLUGS} } }`,
          variables: {
            ids: ['[String]', [...ids]],
            ...(type === 'article' ? timeVariables() : {}),
          },
          cost: ids.length * COST.plain,
        });
        const found = new Map(
          read(() =>
            list(record(answer, `${type}Collection`), 'items', `${type}Collection`).flatMap(
              (item, index): [string, CmsVersion[]][] => {
                if (item === null) return [];
                const path = `${type}Collection.items[${index}]`;
                const entry = record(item, path);
                return [[sysId(entry, path), versionsIn(entry)]];
              },
            ),
          ),
        );
        return ids.map((id) => found.get(id) ?? []);
      },
      { maxBatchSize: itemsPerRequest(COST.plain) },
    );
  const versionLoaders: Record<Translatable['__typename'], DataLoader<string, CmsVersion[]>> = {
    Article: versionsOf('article'),
    Author: versionsOf('author'),
    Topic: versionsOf('topic'),
    Page: versionsOf('page'),
  };

  /** A page of newest-first articles matching `where`, with Contentful's total. */
  const articlePage = async (
    where: string,
    variables: Record<string, [string, unknown]>,
    first: number,
    after: string | null | undefined,
  ): Promise<ListPage<Article>> => {
    const skip = offsetOf(after);
    const answer = await batch.query<unknown>({
      field: `articleCollection(skip: $skip, limit: $limit, where: ${visible(where)}, order: [${NEWEST_FIRST.join(', ')}]${previewArgument}) { total items { ...FolioArticleCard } }`,
      variables: {
        ...variables,
        ...timeVariables(),
        skip: ['Int', skip],
        limit: ['Int', first + 1],
      },
      fragments: CARD_FRAGMENTS,
      cost: (first + 1) * COST.card,
    });
    const items = (await articlesIn(answer)).flatMap((parts) => keepArticle(parts) ?? []);
    const total = read(() =>
      whole(record(answer, 'articleCollection'), 'total', 'articleCollection'),
    );
    return offsetListPage(items, first, skip, () => Promise.resolve(total));
  };
  const filterOf = (query: ArticleQuery) => {
    const where: string[] = [];
    const variables: Record<string, [string, unknown]> = {};
    if (query.topicId !== undefined) {
      where.push('topics: { sys: { id: $topic } }');
      variables.topic = ['String', query.topicId];
    }
    if (query.authorId !== undefined) {
      where.push('authors: { sys: { id: $author } }');
      variables.author = ['String', query.authorId];
    }
    if (query.anyTopicOf !== undefined) {
      where.push('topics: { sys: { id_in: $topics } }');
      variables.topics = ['[String]', query.anyTopicOf];
    }
    if (query.except !== undefined) {
      where.push('sys: { id_not: $self }');
      variables.self = ['String', query.except];
    }
    return { where: where.join(' '), variables };
  };
  const directory = async <T>(
    type: 'author' | 'topic',
    first: number,
    after: string | null | undefined,
    keep: (item: unknown, index: number) => T,
  ): Promise<ListPage<T>> => {
    const skip = offsetOf(after);
    const answer = await batch.query<unknown>({
      field: `${type}Collection(skip: $skip, limit: $limit, where: { slug_exists: true }, order: [name_ASC, sys_id_ASC]${previewArgument}) { total items { ...${type === 'author' ? 'FolioAuthor' : 'FolioTopic'} } }`,
      variables: { skip: ['Int', skip], limit: ['Int', first + 1] },
      fragments: type === 'author' ? [ASSET, AUTHOR] : [TOPIC],
      cost: (first + 1) * (type === 'author' ? COST.author : COST.plain),
    });
    const page = read(() => record(answer, `${type}Collection`));
    const items = read(() =>
      list(page, 'items', `${type}Collection`).flatMap((item, index) =>
        item === null ? [] : [keep(item, index)],
      ),
    );
    const total = read(() => whole(page, 'total', `${type}Collection`));
    return offsetListPage(items, first, skip, () => Promise.resolve(total));
  };
  return cmsReader(
    {
      locale,
      log: service.log,
      store,
      translations: (entry) => versionLoaders[entry.__typename].load(entry.id),
      site: async () => {
        const answer = await batch.query<unknown>({
          field: `siteCollection(limit: 1${previewArgument}) { items { title description navigation footer } }`,
          cost: COST.plain,
        });
        const items = read(() => list(record(answer, 'siteCollection'), 'items', 'siteCollection'));
        return items[0]
          ? read(() => toSite(items[0], 'siteCollection.items[0]'))
          : { ...SITE_WITHOUT_RECORD };
      },
      // By slug (the article page): with its body's links, whose entries come whole in the same request. By id (cards, search hits, links, votes): as a card.
      article: (by) =>
        'id' in by
          ? store.known(store.articles, by.id, articleCardById)
          : store.bySlug(store.articles, by.slug, articleBySlug),
      page: (by) => {
        for (const page of store.pages.values())
          if ('id' in by ? page.id === by.id : page.slug === by.slug) return Promise.resolve(page);
        return pageBy('id' in by ? pageById.load(by.id) : pageBySlug.load(by.slug));
      },
      articleById: articleCardById,
      authorById,
      authorBySlug,
      topicById,
      topicBySlug,
      assetById,
      // Code blocks and pull quotes are entries of their own.
      loadEmbed: (id) => entryById.load(id),
      articlePage: (query, first, after) => {
        const { where, variables } = filterOf(query);
        return articlePage(where, variables, first, after);
      },
      articleCount: async (topicId) => {
        // `limit: 1` and only `total`: Contentful counts a limit of 0 as 100 towards the query's complexity.
        const answer = await batch.query<unknown>({
          field: `articleCollection(limit: 1, where: ${visible('topics: { sys: { id: $topic } }')}${previewArgument}) { total }`,
          variables: { topic: ['String', topicId], ...timeVariables() },
          cost: COST.plain,
        });
        return read(() => whole(record(answer, 'articleCollection'), 'total', 'articleCollection'));
      },
      authors: (page) => directory('author', page.first, page.after, keepAuthor),
      topics: (page) => directory('topic', page.first, page.after, keepTopic),
    },
    search,
  );
}
