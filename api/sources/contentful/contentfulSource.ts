import DataLoader from 'dataloader';
import type { Database } from '../../db/database';
import {
  createCmsBatch,
  fetchCmsFile,
  readShape,
  type CmsBatch,
  type CmsService,
} from '../cms/cmsGraphQL';
import type {
  Article,
  Asset,
  ContentReader,
  ContentSource,
  ImageOriginal,
  ListPage,
  Page,
  ReaderOptions,
} from '../contentSource';
import { SITE_WITHOUT_RECORD } from '../contentSource';
import { offsetListPage, offsetOf } from '../cursors';
import { cmsReader, type ArticleQuery } from '../cms/cmsReader';
import { cmsSource } from '../cms/cmsSource';
import { createRequestStore } from '../cms/requestStore';
import { createSearchIndex, type SearchIndex } from '../cms/searchIndex';
import { list, optionalInstant, record, text, whole, type Json } from '../cms/shape';
import type { SourceSettings } from '../../../settings/sourceSettings';
import {
  ARTICLE_FRAGMENTS,
  ASSET,
  AUTHOR,
  BYLINE_LIMIT,
  CARD_FRAGMENTS,
  COST,
  itemsPerRequest,
  LINKED_ENTRY,
  MAX_COMPLEXITY,
  MAX_QUERY_BYTES,
  PAGE_FRAGMENTS,
  TOPIC,
} from './contentfulQueries';
import {
  linkedEntryIds,
  sysId,
  toArticle,
  toAsset,
  toAuthor,
  toEmbed,
  toPage,
  toSite,
  toTopic,
  withGlobalIds,
  type ArticleParts,
  type PageParts,
} from './contentfulShapes';

type ContentfulSettings = Extract<SourceSettings, { kind: 'contentful' }>;

/**
 * Articles per request when the crawlers and the search index read them all:
 * Contentful's query complexity (at most 11,000) counts every entry and asset
 * a query could return; a card costs 33 (contentfulQueries.ts), so 100 cost 3,300.
 */
const CRAWL_PAGE = 100;
/**
 * Pages, topics and authors per request when the sitemap lists them all
 * (Contentful's largest `limit`): it pages on until Contentful's total.
 */
const MAX_LIMIT = 1000;
/** Entry types remembered at most (a few megabytes); past it the memory starts again. */
const MAX_KNOWN_TYPES = 200_000;
/** Newest first, the same order on every list. */
const NEWEST_FIRST = ['publicationDate_DESC', 'sys_id_DESC'];

/**
 * Contentful's GraphQL Content API as Folio's content (docs/sources.md#content-sources). Readers
 * read published entries with the delivery token and see an article from
 * its `publicationDate` on (Folio's scheduling rule, whatever the source);
 * a previewer reads drafts with `preview: true` and the preview token.
 * Everything a request asks in one tick is one request to Contentful
 * (cms/cmsGraphQL.ts); what it fetched is remembered for the rest of the request.
 * Search runs over an index in Folio's database (cms/searchIndex.ts).
 */
export function createContentfulSource(
  settings: ContentfulSettings,
  db: Database,
  log: CmsService['log'],
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): ContentSource {
  const service: CmsService = {
    name: 'Contentful',
    url: settings.graphqlUrl,
    token: (preview) =>
      preview && settings.previewToken ? settings.previewToken : settings.deliveryToken,
    log,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
    maxCost: MAX_COMPLEXITY,
    maxQueryBytes: MAX_QUERY_BYTES,
  };
  const read = <T>(map: () => T) => readShape(service, map);
  const search: SearchIndex = createSearchIndex(db, 'contentful');

  /**
   * Each entry's type by id, as any answer named it. A rich-text document
   * names entries by id alone, and Folio's ids carry the type; Contentful never
   * changes an entry's content type, so what one request learnt holds for
   * every later one, and a list's bodies are typed without asking again.
   */
  const entryTypes = new Map<string, string>();
  const learn = (id: string, type: string) => {
    if (entryTypes.size >= MAX_KNOWN_TYPES && !entryTypes.has(id)) entryTypes.clear();
    entryTypes.set(id, type);
  };

  /** Every published article, oldest first, a page of Contentful's at a time: the crawlers and the search index read them. */
  async function* publishedArticles(
    batch: CmsBatch,
    fields: string,
    each: number,
  ): AsyncGenerator<Json[]> {
    for (let skip = 0; ; skip += CRAWL_PAGE) {
      const answer = await batch.query<unknown>({
        field: `articleCollection(skip: $skip, limit: ${CRAWL_PAGE}, where: { publicationDate_lte: $now }, order: [publicationDate_ASC, sys_id_ASC]) { total items { ${fields} } }`,
        variables: { skip: ['Int', skip], now: ['DateTime', new Date().toISOString()] },
        fragments: fields.includes('FolioArticleCard') ? CARD_FRAGMENTS : [],
        cost: CRAWL_PAGE * each,
      });
      const page = read(() => record(answer, 'articleCollection'));
      const items = read(() =>
        list(page, 'items', 'articleCollection')
          .filter((item) => item !== null)
          .map((item) => record(item, 'articleCollection.items')),
      );
      yield items;
      if (skip + CRAWL_PAGE >= read(() => whole(page, 'total', 'articleCollection'))) return;
    }
  }

  /** Every published page (slug, publishedAt), topic or author (slug) by slug, however many. */
  async function everyBySlug(batch: CmsBatch, type: 'page' | 'topic' | 'author') {
    const name = `${type}Collection`;
    const fields = type === 'page' ? 'slug sys { publishedAt }' : 'slug';
    const args = `skip: $skip, limit: ${MAX_LIMIT}, order: [slug_ASC, sys_id_ASC]`;
    const all: Json[] = [];
    for (let skip = 0; ; skip += MAX_LIMIT) {
      const answer = await batch.query<unknown>({
        field: `${name}(${args}) { total items { ${fields} } }`,
        variables: { skip: ['Int', skip] },
        cost: MAX_LIMIT * COST.plain,
      });
      const page = read(() => record(answer, name));
      const items = read(() => list(page, 'items', name));
      all.push(...read(() => items.map((item) => record(item, `${name}.items`))));
      if (skip + MAX_LIMIT >= read(() => whole(page, 'total', name))) return all;
    }
  }

  function reader({ preview }: ReaderOptions): ContentReader {
    const batch = createCmsBatch(service, preview);
    const now = new Date().toISOString();
    // What readers may see: Contentful's published entries, articles from their publication date on.
    const visible = (where: string) =>
      preview ? `{ ${where} }` : `{ ${where} publicationDate_lte: $now }`;
    const timeVariables = (): Record<string, [string, unknown]> =>
      preview ? {} : { now: ['DateTime', now] };
    // Every root field of a previewer's request reads previews: the preview token is for the Preview API.
    const previewArgument = preview ? ', preview: true' : '';

    const store = createRequestStore(preview, now);
    const keepAsset = (asset: Asset) => store.assets.set(asset.id, asset);
    const keepArticle = (parts: ArticleParts): Article | null => {
      for (const asset of parts.assets) keepAsset(asset);
      keepLinked(parts.linked, parts.linkedAssets);
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
          const topic = read(() => toTopic(entry, 'links.entries'));
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
            field: `${type}Collection(limit: ${keys.length}, where: { ${where} }${previewArgument}) { items { ${select} } }`,
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
        articles.flatMap((parts) =>
          parts.wholeBody ? [] : [...linkedEntryIds(parts.article.body)],
        ),
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
      for (const topic of parts.topics) store.topics.set(topic.id, topic);
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
      learn(author.id, 'Author');
      store.authors.set(author.id, author);
      if (author.avatar) keepAsset(author.avatar);
      return author;
    };
    const keepTopic = (item: unknown, index: number) => {
      const topic = read(() => toTopic(item, `topicCollection.items[${index}]`));
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
        const items = read(() =>
          list(record(answer, 'entryCollection'), 'items', 'entryCollection'),
        );
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
        field: `${type}Collection(skip: $skip, limit: $limit, order: [name_ASC, sys_id_ASC]${previewArgument}) { total items { ...${type === 'author' ? 'FolioAuthor' : 'FolioTopic'} } }`,
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
        store,
        site: async () => {
          const answer = await batch.query<unknown>({
            field: `siteCollection(limit: 1${previewArgument}) { items { title description navigation footer } }`,
            cost: COST.plain,
          });
          const items = read(() =>
            list(record(answer, 'siteCollection'), 'items', 'siteCollection'),
          );
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
            if ('id' in by ? page.id === by.id : page.slug === by.slug)
              return Promise.resolve(page);
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
          return read(() =>
            whole(record(answer, 'articleCollection'), 'total', 'articleCollection'),
          );
        },
        authors: (page) => directory('author', page.first, page.after, keepAuthor),
        topics: (page) => directory('topic', page.first, page.after, keepTopic),
      },
      search,
    );
  }

  /** A published article's last change: Contentful's `sys.publishedAt`. */
  const publishedAtOf = (item: Json, path: string) =>
    optionalInstant(record(item.sys, `${path}.sys`), 'publishedAt', `${path}.sys`);
  const slugsIn = (item: Json, field: 'authors' | 'topics', path: string) =>
    list(
      record(item[`${field}Collection`], `${path}.${field}Collection`),
      'items',
      `${path}.${field}Collection`,
    ).flatMap((entry, index) =>
      entry === null
        ? []
        : [
            text(
              record(entry, `${path}.${field}Collection.items[${index}]`),
              'slug',
              `${path}.${field}Collection.items[${index}]`,
            ),
          ],
    );

  return cmsSource(
    {
      kind: 'contentful',
      reader,
      async *publishedRows({ bylines }) {
        const batch = createCmsBatch(service, false);
        const fields = bylines
          ? `slug sys { publishedAt } authorsCollection(limit: ${BYLINE_LIMIT}) { items { slug } } topicsCollection(limit: ${BYLINE_LIMIT}) { items { slug } }`
          : 'slug sys { publishedAt }';
        for await (const items of publishedArticles(
          batch,
          fields,
          bylines ? COST.sitemapArticle : COST.plain,
        ))
          yield read(() =>
            items.map((item, index) => {
              const path = `articleCollection.items[${index}]`;
              return {
                slug: text(item, 'slug', path),
                updatedAt: publishedAtOf(item, path),
                authorSlugs: bylines ? slugsIn(item, 'authors', path) : [],
                topicSlugs: bylines ? slugsIn(item, 'topics', path) : [],
              };
            }),
          );
      },
      async *publishedArticles() {
        const batch = createCmsBatch(service, false);
        for await (const items of publishedArticles(batch, '...FolioArticleCard', COST.card))
          yield read(() =>
            items.map(
              (item, index) => toArticle(item, `articleCollection.items[${index}]`).article,
            ),
          );
      },
      async everyListed() {
        // Every one of them, MAX_LIMIT at a time; the three lists' pages go together.
        const batch = createCmsBatch(service, false);
        const [pages, topics, authors] = await Promise.all([
          everyBySlug(batch, 'page'),
          everyBySlug(batch, 'topic'),
          everyBySlug(batch, 'author'),
        ]);
        const slugs = (rows: Json[], name: string) =>
          read(() => rows.map((row, index) => text(row, 'slug', `${name}.items[${index}]`)));
        return {
          pages: read(() =>
            pages.map((page, index) => ({
              slug: text(page, 'slug', `pageCollection.items[${index}]`),
              updatedAt:
                publishedAtOf(page, `pageCollection.items[${index}]`) ?? new Date(0).toISOString(),
            })),
          ),
          topics: slugs(topics, 'topicCollection'),
          authors: slugs(authors, 'authorCollection'),
        };
      },
      async notYetDue() {
        // Published articles whose publicationDate has not come, earliest first (a page of them at most).
        const batch = createCmsBatch(service, false);
        const answer = await batch.query<unknown>({
          field: `articleCollection(limit: ${CRAWL_PAGE}, where: { publicationDate_gt: $now }, order: [publicationDate_ASC, sys_id_ASC]) { items { sys { id } publicationDate } }`,
          variables: { now: ['DateTime', new Date().toISOString()] },
          cost: CRAWL_PAGE * COST.plain,
        });
        const due = read(() =>
          list(record(answer, 'articleCollection'), 'items', 'articleCollection').flatMap(
            (item, index) =>
              item === null
                ? []
                : [
                    {
                      id: sysId(
                        record(item, `articleCollection.items[${index}]`),
                        `articleCollection.items[${index}]`,
                      ),
                      at: record(item, 'articleCollection.items').publicationDate,
                    },
                  ],
          ),
        );
        return due;
      },
      async image(file): Promise<ImageOriginal | null> {
        const id = file.split('/', 1)[0]!;
        const find = async (preview: boolean) => {
          const batch = createCmsBatch(service, preview);
          const answer = await batch.query<unknown>({
            field: `asset(id: $id${preview ? ', preview: true' : ''}) { ...FolioAsset }`,
            variables: { id: ['String!', id] },
            fragments: [ASSET],
            cost: COST.plain,
          });
          return answer === null
            ? null
            : read(() => ({
                asset: toAsset(answer, 'asset'),
                url: String(record(answer, 'asset').url),
              }));
        };
        const published = await find(false);
        const found = published ?? (settings.previewToken ? await find(true) : null);
        // Its own file only: another name after its id is no file of this asset.
        if (!found || found.asset.file !== file) return null;
        const url = found.url.startsWith('//') ? `https:${found.url}` : found.url;
        return {
          contentType: found.asset.contentType,
          visibility: published ? 'public' : 'preview',
          bytes: () => fetchCmsFile(service, url, file),
        };
      },
    },
    search,
  );
}
