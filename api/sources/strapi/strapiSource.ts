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
  ContentReader,
  ContentSource,
  ContentStatus,
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
import { createSearchIndex } from '../cms/searchIndex';
import { list, optionalInstant, record, text, whole, type Json } from '../cms/shape';
import type { SourceSettings } from '../../../settings/sourceSettings';
import {
  ARTICLE_FRAGMENTS,
  AUTHOR,
  CARD_FRAGMENTS,
  MEDIA,
  PAGE_FRAGMENTS,
  TOPIC,
} from './strapiQueries';
import {
  documentIdOf,
  mediaFile,
  toArticle,
  toAuthor,
  toMedia,
  toPage,
  toSite,
  toTopic,
  type ArticleParts,
  type Media,
  type PageParts,
} from './strapiShapes';

type StrapiSettings = Extract<SourceSettings, { kind: 'strapi' }>;

/** Newest first, the same order on every list. */
const NEWEST_FIRST = '["publicationDate:desc", "documentId:desc"]';
/**
 * Documents per request when the crawlers, the sitemap and the search index
 * read them all (Strapi's GraphQL `maxLimit`, cms/strapi/config/plugins.js):
 * they page on until Strapi's total.
 */
const CRAWL_PAGE = 100;

/** The collections read whole, and how (everyNode). */
type CrawledType = 'articles' | 'pages' | 'topics' | 'authors';
interface CrawlQuery {
  /** Strapi's `filters` argument, if any. */
  filters?: string;
  /** Strapi's `sort` argument: a stable order, ending on a unique field. */
  sort: string;
  /** What to select of each node. */
  fields: string;
  /** Fragments `fields` spreads. */
  fragments?: readonly string[];
  /** Variables the filters use, asked afresh for every page. */
  variables?: () => Record<string, [string, unknown]>;
}

/**
 * A Strapi 5 server as Folio's content (docs/sources.md#content-sources), over its GraphQL API.
 * Readers read published documents (`status: PUBLISHED`) and see an article
 * from its `publicationDate` on; a previewer reads the drafts (`status:
 * DRAFT`, Strapi's latest version of every document). Ids are `documentId`s:
 * Strapi's numeric ids change at every publish. Everything a request asks in
 * one tick is one request to Strapi (cms/cmsGraphQL.ts): an article page costs
 * Strapi two, the article with everything inside it and then its related
 * reading. Search runs over an index in Folio's database (cms/searchIndex.ts).
 */
export function createStrapiSource(
  settings: StrapiSettings,
  db: Database,
  log: CmsService['log'],
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): ContentSource {
  const service: CmsService = {
    name: 'Strapi',
    url: `${settings.url}/graphql`,
    token: () => settings.token,
    log,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
  };
  const read = <T>(map: () => T) => readShape(service, map);
  const search = createSearchIndex(db, 'strapi');
  const media = (value: unknown, path: string) => toMedia(value, path, settings.url);

  /**
   * Every node of a collection, in `query.sort` order, a page of CRAWL_PAGE
   * (Strapi's `maxLimit`) at a time, until Strapi's total is read.
   */
  async function* everyNode(batch: CmsBatch, type: CrawledType, query: CrawlQuery) {
    const name = `${type}_connection`;
    const filters = query.filters === undefined ? [] : [`filters: ${query.filters}`];
    const pagination = `pagination: { start: $start, limit: ${CRAWL_PAGE} }`;
    const args = [...filters, pagination, `sort: ${query.sort}`].join(', ');
    for (let start = 0; ; start += CRAWL_PAGE) {
      const answer = await batch.query<unknown>({
        field: `${name}(${args}) { nodes { ${query.fields} } pageInfo { total } }`,
        variables: { start: ['Int', start], ...query.variables?.() },
        fragments: query.fragments ?? [],
      });
      const connection = read(() => record(answer, name));
      const nodes = read(() => list(connection, 'nodes', name));
      yield read(() => nodes.map((node, index) => record(node, `${name}.nodes[${index}]`)));
      const pageInfo = read(() => record(connection.pageInfo, `${name}.pageInfo`));
      if (start + CRAWL_PAGE >= read(() => whole(pageInfo, 'total', `${name}.pageInfo`))) return;
    }
  }

  /** Every published article a reader sees, oldest first, a page at a time. */
  function publishedArticles(batch: CmsBatch, fields: string, fragments: readonly string[] = []) {
    return everyNode(batch, 'articles', {
      filters: '{ publicationDate: { lte: $now } }',
      sort: '["publicationDate:asc", "documentId:asc"]',
      fields,
      fragments,
      variables: () => ({ now: ['DateTime', new Date().toISOString()] }),
    });
  }

  /** Every published page (slug, updatedAt), topic or author (slug) by slug, however many. */
  async function everyBySlug(batch: CmsBatch, type: Exclude<CrawledType, 'articles'>) {
    const all: Json[] = [];
    const sort = '["slug:asc", "documentId:asc"]';
    const fields = type === 'pages' ? 'slug updatedAt' : 'slug';
    for await (const nodes of everyNode(batch, type, { sort, fields })) all.push(...nodes);
    return all;
  }

  function reader({ preview }: ReaderOptions): ContentReader {
    const batch = createCmsBatch(service, preview);
    const now = new Date().toISOString();
    const status: ContentStatus = preview ? 'DRAFT' : 'PUBLISHED';
    const store = createRequestStore(preview, now);
    const statusArgument = `status: ${status}`;
    const visible = (filters: string) =>
      preview ? `{ ${filters} }` : `{ ${filters} publicationDate: { lte: $now } }`;
    const timeVariables = (): Record<string, [string, unknown]> =>
      preview ? {} : { now: ['DateTime', now] };

    /** A previewer's draft is PUBLISHED when Strapi also holds a published version of it. */
    const statusOf = (
      node: unknown,
      path: string,
      published: ReadonlySet<string>,
    ): ContentStatus =>
      preview && read(() => published.has(documentIdOf(record(node, path), path)))
        ? 'PUBLISHED'
        : status;
    const keepMedia = (all: Media[]) => {
      for (const { asset } of all) store.assets.set(asset.id, asset);
    };
    const keepArticle = (parts: ArticleParts): Article | null => {
      keepMedia(parts.media);
      for (const embed of parts.embeds) store.embeds.set(embed.id, embed);
      for (const card of parts.cards) keepArticle(card);
      return store.keepArticle(parts.article, parts.authors, parts.topics, parts.whole)
        ? parts.article
        : null;
    };
    const keepPage = (parts: PageParts): Page => {
      keepMedia(parts.media);
      for (const topic of parts.topics) store.topics.set(topic.id, topic);
      for (const card of parts.cards) keepArticle(card);
      store.pages.set(parts.page.id, parts.page);
      // Featured articles a reader may not see yet are not featured.
      return {
        ...parts.page,
        blocks: parts.page.blocks.map((block) =>
          block.__typename === 'FeaturedArticlesBlock'
            ? { ...block, articleIds: block.articleIds.filter((id) => store.articles.has(id)) }
            : block,
        ),
      };
    };

    /** Documents of one type by documentId or slug, one query per batch of keys. */
    const documents = <T>(
      type: 'articles' | 'authors' | 'topics' | 'pages',
      key: 'documentId' | 'slug',
      select: string,
      fragments: readonly string[],
      keep: (node: unknown, path: string, published: ReadonlySet<string>) => T | null,
      keyOf: (value: T) => string,
    ) =>
      new DataLoader<string, T | null>(async (keys) => {
        const drafts = type === 'articles' || type === 'pages';
        const filters = `${key}: { in: $keys }`;
        const keysVariable: Record<string, [string, unknown]> = {
          keys: [key === 'documentId' ? '[ID]' : '[String]', [...keys]],
        };
        // A previewer reads drafts: which of them also have a published version, asked in the same request.
        const publishedVersions =
          preview && drafts
            ? batch.query<unknown>({
                field: `${type}(filters: { ${filters} }, pagination: { limit: ${keys.length} }, status: PUBLISHED) { documentId }`,
                variables: { ...keysVariable },
              })
            : Promise.resolve([]);
        const answer = await batch.query<unknown>({
          field: `${type}(filters: ${type === 'articles' ? visible(filters) : `{ ${filters} }`}, pagination: { limit: ${keys.length} }${drafts ? `, ${statusArgument}` : ''}) { ${select} }`,
          variables: {
            ...keysVariable,
            ...(type === 'articles' ? timeVariables() : {}),
          },
          fragments,
        });
        const publishedNodes = (await publishedVersions) as unknown[];
        const published = new Set(
          read(() =>
            publishedNodes.flatMap((node, index) =>
              node === null
                ? []
                : [documentIdOf(record(node, `${type}[${index}]`), `${type}[${index}]`)],
            ),
          ),
        );
        const found = read(() =>
          (answer as unknown[]).flatMap((node, index) =>
            node === null ? [] : [keep(node, `${type}[${index}]`, published)],
          ),
        ).filter((value): value is T => value !== null);
        const byKey = new Map(found.map((value) => [keyOf(value), value]));
        return keys.map((id) => byKey.get(id) ?? null);
      });
    const articleLoader = (key: 'documentId' | 'slug') =>
      documents(
        'articles',
        key,
        '...FolioArticle',
        ARTICLE_FRAGMENTS,
        (node, path, published) =>
          keepArticle(toArticle(node, path, settings.url, statusOf(node, path, published))),
        (article) => (key === 'slug' ? article.slug : article.id),
      );
    const pageLoader = (key: 'documentId' | 'slug') =>
      documents(
        'pages',
        key,
        '...FolioPage',
        PAGE_FRAGMENTS,
        (node, path, published) =>
          keepPage(toPage(node, path, settings.url, statusOf(node, path, published))),
        (page) => (key === 'slug' ? page.slug : page.id),
      );
    const keepAuthor = (node: unknown, path: string) => {
      const { author, media: avatar } = toAuthor(node, path, settings.url);
      keepMedia(avatar);
      store.authors.set(author.id, author);
      return author;
    };
    const keepTopic = (node: unknown, path: string) => {
      const topic = toTopic(node, path);
      store.topics.set(topic.id, topic);
      return topic;
    };
    const articleById = articleLoader('documentId');
    const articleBySlug = articleLoader('slug');
    const pageById = pageLoader('documentId');
    const pageBySlug = pageLoader('slug');
    const authorById = documents(
      'authors',
      'documentId',
      '...FolioAuthor',
      [MEDIA, AUTHOR],
      keepAuthor,
      (author) => author.id,
    );
    const authorBySlug = documents(
      'authors',
      'slug',
      '...FolioAuthor',
      [MEDIA, AUTHOR],
      keepAuthor,
      (author) => author.slug,
    );
    const topicById = documents(
      'topics',
      'documentId',
      '...FolioTopic',
      [TOPIC],
      keepTopic,
      (topic) => topic.id,
    );
    const topicBySlug = documents(
      'topics',
      'slug',
      '...FolioTopic',
      [TOPIC],
      keepTopic,
      (topic) => topic.slug,
    );
    const assetById = new DataLoader<string, Media['asset'] | null>(async (ids) => {
      const answer = await batch.query<unknown>({
        field: `uploadFiles(filters: { documentId: { in: $ids } }, pagination: { limit: ${ids.length} }) { ...FolioMedia }`,
        variables: { ids: ['[ID]', [...ids]] },
        fragments: [MEDIA],
      });
      keepMedia(
        read(() =>
          (answer as unknown[]).map((node, index) => media(node, `uploadFiles[${index}]`)),
        ),
      );
      return ids.map((id) => store.assets.get(id) ?? null);
    });

    /** A page of newest-first articles matching `filters`, with Strapi's total. */
    const articlePage = async (
      filters: string,
      variables: Record<string, [string, unknown]>,
      first: number,
      after: string | null | undefined,
    ): Promise<ListPage<Article>> => {
      const start = offsetOf(after);
      const answer = await batch.query<unknown>({
        field: `articles_connection(filters: ${visible(filters)}, pagination: { start: $start, limit: $limit }, sort: ${NEWEST_FIRST}, ${statusArgument}) { nodes { ...FolioArticleCard } pageInfo { total } }`,
        variables: {
          ...variables,
          ...timeVariables(),
          start: ['Int', start],
          limit: ['Int', first + 1],
        },
        fragments: CARD_FRAGMENTS,
      });
      const connection = read(() => record(answer, 'articles_connection'));
      const nodes = read(() =>
        list(connection, 'nodes', 'articles_connection').flatMap(
          (node, index) =>
            keepArticle(
              toArticle(node, `articles_connection.nodes[${index}]`, settings.url, status),
            ) ?? [],
        ),
      );
      const total = read(() =>
        whole(
          record(connection.pageInfo, 'articles_connection.pageInfo'),
          'total',
          'articles_connection.pageInfo',
        ),
      );
      return offsetListPage(nodes, first, start, () => Promise.resolve(total));
    };
    const filterOf = (query: ArticleQuery) => {
      const filters: string[] = [];
      const variables: Record<string, [string, unknown]> = {};
      if (query.topicId !== undefined) {
        filters.push('topics: { documentId: { eq: $topic } }');
        variables.topic = ['ID', query.topicId];
      }
      if (query.authorId !== undefined) {
        filters.push('authors: { documentId: { eq: $author } }');
        variables.author = ['ID', query.authorId];
      }
      if (query.anyTopicOf !== undefined) {
        filters.push('topics: { documentId: { in: $topics } }');
        variables.topics = ['[ID]', query.anyTopicOf];
      }
      if (query.except !== undefined) {
        filters.push('documentId: { ne: $self }');
        variables.self = ['ID', query.except];
      }
      return { filters: filters.join(' '), variables };
    };
    const directory = async <T>(
      type: 'authors' | 'topics',
      first: number,
      after: string | null | undefined,
      keep: (node: unknown, path: string) => T,
    ): Promise<ListPage<T>> => {
      const start = offsetOf(after);
      const answer = await batch.query<unknown>({
        field: `${type}_connection(pagination: { start: $start, limit: $limit }, sort: ["name:asc", "documentId:asc"]) { nodes { ...${type === 'authors' ? 'FolioAuthor' : 'FolioTopic'} } pageInfo { total } }`,
        variables: { start: ['Int', start], limit: ['Int', first + 1] },
        fragments: type === 'authors' ? [MEDIA, AUTHOR] : [TOPIC],
      });
      const connection = read(() => record(answer, `${type}_connection`));
      const nodes = read(() =>
        list(connection, 'nodes', `${type}_connection`).map((node, index) =>
          keep(node, `${type}_connection.nodes[${index}]`),
        ),
      );
      const total = read(() =>
        whole(
          record(connection.pageInfo, `${type}_connection.pageInfo`),
          'total',
          `${type}_connection.pageInfo`,
        ),
      );
      return offsetListPage(nodes, first, start, () => Promise.resolve(total));
    };
    return cmsReader(
      {
        store,
        site: async () => {
          const answer = await batch.query<unknown>({
            field: 'site { title description navigation { label url } footer { label url } }',
          });
          return answer === null ? { ...SITE_WITHOUT_RECORD } : read(() => toSite(answer, 'site'));
        },
        // Whole: a card this request saw in a list has no body.
        article: (by) => store.wholeArticle(by, articleById, articleBySlug),
        page: (by) =>
          'id' in by
            ? store.known(store.pages, by.id, pageById)
            : store.bySlug(store.pages, by.slug, pageBySlug),
        articleById,
        authorById,
        authorBySlug,
        topicById,
        topicBySlug,
        assetById,
        // An embed lives in its article's body (`documentId.position`): the article brings it.
        loadEmbed: (id) =>
          store.wholeArticle({ id: id.split('.', 1)[0]! }, articleById, articleBySlug),
        articlePage: (query, first, after) => {
          const { filters, variables } = filterOf(query);
          return articlePage(filters, variables, first, after);
        },
        articleCount: async (topicId) => {
          const answer = await batch.query<unknown>({
            field: `articles_connection(filters: ${visible('topics: { documentId: { eq: $topic } }')}, pagination: { limit: 1 }, ${statusArgument}) { pageInfo { total } }`,
            variables: { topic: ['ID', topicId], ...timeVariables() },
          });
          return read(() =>
            whole(
              record(
                record(answer, 'articles_connection').pageInfo,
                'articles_connection.pageInfo',
              ),
              'total',
              'articles_connection.pageInfo',
            ),
          );
        },
        authors: (page) => directory('authors', page.first, page.after, keepAuthor),
        topics: (page) => directory('topics', page.first, page.after, keepTopic),
      },
      search,
    );
  }

  return cmsSource(
    {
      kind: 'strapi',
      reader,
      async *publishedRows({ bylines }) {
        const batch = createCmsBatch(service, false);
        const fields = bylines
          ? 'slug updatedAt authors { slug } topics { slug }'
          : 'slug updatedAt';
        for await (const nodes of publishedArticles(batch, fields)) {
          yield read(() =>
            nodes.map((node, index) => {
              const path = `articles_connection.nodes[${index}]`;
              const slugs = (field: 'authors' | 'topics') =>
                bylines
                  ? list(node, field, path).map((entry, at) =>
                      text(
                        record(entry, `${path}.${field}[${at}]`),
                        'slug',
                        `${path}.${field}[${at}]`,
                      ),
                    )
                  : [];
              return {
                slug: text(node, 'slug', path),
                updatedAt: optionalInstant(node, 'updatedAt', path),
                authorSlugs: slugs('authors'),
                topicSlugs: slugs('topics'),
              };
            }),
          );
        }
      },
      async *publishedArticles() {
        const batch = createCmsBatch(service, false);
        for await (const nodes of publishedArticles(batch, '...FolioArticle', ARTICLE_FRAGMENTS))
          yield read(() =>
            nodes.map(
              (node, index) =>
                toArticle(node, `articles_connection.nodes[${index}]`, settings.url, 'PUBLISHED')
                  .article,
            ),
          );
      },
      async everyListed() {
        // Every one of them, CRAWL_PAGE at a time; the three lists' pages go together.
        const batch = createCmsBatch(service, false);
        const [pages, topics, authors] = await Promise.all([
          everyBySlug(batch, 'pages'),
          everyBySlug(batch, 'topics'),
          everyBySlug(batch, 'authors'),
        ]);
        const slugs = (rows: Json[], type: 'topics' | 'authors') =>
          rows.map((row, index) =>
            read(() => text(row, 'slug', `${type}_connection.nodes[${index}]`)),
          );
        return {
          pages: pages.map((page, index) => {
            const path = `pages_connection.nodes[${index}]`;
            const updatedAt = read(() => optionalInstant(page, 'updatedAt', path));
            return {
              slug: read(() => text(page, 'slug', path)),
              updatedAt: updatedAt ?? new Date(0).toISOString(),
            };
          }),
          topics: slugs(topics, 'topics'),
          authors: slugs(authors, 'authors'),
        };
      },
      async notYetDue() {
        // Published documents whose publicationDate has not come, earliest first (a page of them at most).
        const batch = createCmsBatch(service, false);
        const answer = await batch.query<unknown>({
          field: `articles(filters: { publicationDate: { gt: $now } }, pagination: { limit: ${CRAWL_PAGE} }, sort: ["publicationDate:asc", "documentId:asc"]) { documentId publicationDate }`,
          variables: { now: ['DateTime', new Date().toISOString()] },
        });
        const rows = read(() =>
          (answer as unknown[]).map((node, index) => ({
            id: documentIdOf(record(node, `articles[${index}]`), `articles[${index}]`),
            at: text(record(node, `articles[${index}]`), 'publicationDate', `articles[${index}]`),
          })),
        );
        return rows;
      },
      async image(file): Promise<ImageOriginal | null> {
        const id = file.split('/', 1)[0]!;
        const answer = await createCmsBatch(service, false).query<unknown>({
          field: 'uploadFile(documentId: $id) { ...FolioMedia }',
          variables: { id: ['ID!', id] },
          fragments: [MEDIA],
        });
        if (answer === null) return null;
        const found = read(() => media(answer, 'uploadFile'));
        if (
          found.asset.file !== file ||
          mediaFile(
            documentIdOf(record(answer, 'uploadFile'), 'uploadFile'),
            file.slice(id.length + 1),
          ) !== file
        )
          return null;
        return {
          contentType: found.asset.contentType,
          // Strapi's media have no status of their own.
          visibility: 'public',
          bytes: () => fetchCmsFile(service, found.url, file),
        };
      },
    },
    search,
  );
}
