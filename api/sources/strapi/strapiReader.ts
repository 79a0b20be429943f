import DataLoader from 'dataloader';
import { createCmsBatch, readShape, type CmsService } from '../cms/cmsGraphQL';
import type {
  Article,
  ContentReader,
  ContentStatus,
  ListPage,
  Page,
  ReaderOptions,
  Translatable,
} from '../contentSource';
import { SITE_WITHOUT_RECORD } from '../contentSource';
import { offsetListPage, offsetOf } from '../cursors';
import { cmsReader, type ArticleQuery } from '../cms/cmsReader';
import { createRequestStore } from '../cms/requestStore';
import type { SearchIndex } from '../cms/searchIndex';
import { list, record, text, whole } from '../cms/answerFields';
import type { SourceSettings } from '../../../settings/sourceSettings';
import { DEFAULT_LOCALE } from '../../../shared/locales';
import type { CmsVersion } from '../cms/localeVersions';
import { strapiLocaleOf } from './strapiLocales';
import {
  ARTICLE_FRAGMENTS,
  AUTHOR,
  CARD_FRAGMENTS,
  MEDIA,
  PAGE_FRAGMENTS,
  TOPIC,
} from './strapiQueries';
import { toArticle, type ArticleParts } from './strapiArticles';
import { documentIdOf, toAuthor, toMedia, toSite, toTopic, type Media } from './strapiDocuments';
import { toPage, type PageParts } from './strapiPages';

type StrapiSettings = Extract<SourceSettings, { kind: 'strapi' }>;

/** What every request of the Strapi source shares. */
export interface StrapiContext {
  service: CmsService;
  settings: StrapiSettings;
  search: SearchIndex;
}

/** Newest first, the same order on every list. */
const NEWEST_FIRST = '["publicationDate:desc", "documentId:desc"]';

/** The types Strapi's i18n localizes (cms/strapi/src/api/*: `pluginOptions.i18n.localized`). */
type LocalizedType = 'articles' | 'authors' | 'topics' | 'pages';

/**
 * What one request reads of Strapi (a reader's published documents, a
 * previewer's drafts) in one locale, through the shared CMS reader
 * (../cms/cmsReader.ts): Strapi's own queries, batched per tick, with every
 * answer kept in the request's store. Every query of a localized type names
 * the locale (Strapi's `locale: I18NLocaleCode`); a document not translated
 * into it is not found there, and relations (bylines, cards) link the same
 * locale's versions, as Strapi keeps them (docs/decisions.md#locales).
 */
export function strapiReader(
  { service, settings, search }: StrapiContext,
  { preview, locale = DEFAULT_LOCALE }: ReaderOptions,
): ContentReader {
  const read = <T>(map: () => T) => readShape(service, map);
  const media = (value: unknown, path: string) => toMedia(value, path, settings.url);
  const batch = createCmsBatch(service, preview);
  const now = new Date().toISOString();
  const status: ContentStatus = preview ? 'DRAFT' : 'PUBLISHED';
  const store = createRequestStore(preview, now);
  const statusArgument = `status: ${status}`;
  /**
   * Outside the default locale, only documents that have a version in it: a
   * translation whose original is missing is served nowhere, as content/
   * refuses such a file and the crawlers skip it, logged (../cms/localeVersions.ts).
   */
  const original =
    locale === DEFAULT_LOCALE
      ? ''
      : ` localizations: { locale: { eq: "${strapiLocaleOf(DEFAULT_LOCALE)}" } }`;
  /** Strapi's `filters` for a localized type: `filters` and, outside the default locale, `original`. */
  const translated = (filters: string) => `{ ${filters}${original} }`;
  const visible = (filters: string) =>
    translated(preview ? filters : `${filters} publicationDate: { lte: $now }`);
  const timeVariables = (): Record<string, [string, unknown]> =>
    preview ? {} : { now: ['DateTime', now] };
  /** The locale every query of a localized type names: `locale: $locale`. */
  const localeVariable: Record<string, [string, unknown]> = {
    locale: ['I18NLocaleCode', strapiLocaleOf(locale)],
  };

  /** A previewer's draft is PUBLISHED when Strapi also holds a published version of it. */
  const statusOf = (node: unknown, path: string, published: ReadonlySet<string>): ContentStatus =>
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
    parts.article.locale = locale;
    for (const author of parts.authors) author.locale = locale;
    for (const topic of parts.topics) topic.locale = locale;
    return store.keepArticle(parts.article, parts.authors, parts.topics, parts.whole)
      ? parts.article
      : null;
  };
  const keepPage = (parts: PageParts): Page => {
    keepMedia(parts.media);
    for (const topic of parts.topics) store.topics.set(topic.id, { ...topic, locale });
    for (const card of parts.cards) keepArticle(card);
    parts.page.locale = locale;
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
    type: LocalizedType,
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
              field: `${type}(filters: { ${filters} }, pagination: { limit: ${keys.length} }, locale: $locale, status: PUBLISHED) { documentId }`,
              variables: { ...keysVariable, ...localeVariable },
            })
          : Promise.resolve([]);
      const answer = await batch.query<unknown>({
        field: `${type}(filters: ${type === 'articles' ? visible(filters) : translated(filters)}, pagination: { limit: ${keys.length} }, locale: $locale${drafts ? `, ${statusArgument}` : ''}) { ${select} }`,
        variables: {
          ...keysVariable,
          ...localeVariable,
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
    author.locale = locale;
    keepMedia(avatar);
    store.authors.set(author.id, author);
    return author;
  };
  const keepTopic = (node: unknown, path: string) => {
    const topic = { ...toTopic(node, path), locale };
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
      read(() => (answer as unknown[]).map((node, index) => media(node, `uploadFiles[${index}]`))),
    );
    return ids.map((id) => store.assets.get(id) ?? null);
  });

  /**
   * A document's versions, by documentId, one query per type and batch: its
   * own locale and slug and Strapi's `localizations` (the other locales'
   * versions, in the same status as the query: a reader's are published).
   */
  const versionsOf = (type: LocalizedType) =>
    new DataLoader<string, CmsVersion[]>(async (ids) => {
      const drafts = type === 'articles' || type === 'pages';
      const answer = await batch.query<unknown>({
        field: `${type}(filters: ${type === 'articles' ? visible('documentId: { in: $ids }') : '{ documentId: { in: $ids } }'}, pagination: { limit: ${ids.length} }, locale: $locale${drafts ? `, ${statusArgument}` : ''}) { documentId locale slug localizations { locale slug } }`,
        variables: {
          ids: ['[ID]', [...ids]],
          ...localeVariable,
          ...(type === 'articles' ? timeVariables() : {}),
        },
      });
      const found = new Map<string, CmsVersion[]>(
        read(() =>
          (answer as unknown[]).flatMap((node, index): [string, CmsVersion[]][] => {
            if (node === null) return [];
            const path = `${type}[${index}]`;
            const document = record(node, path);
            const version = (value: unknown, at: string): CmsVersion => {
              const entry = record(value, at);
              return { locale: text(entry, 'locale', at), slug: text(entry, 'slug', at) };
            };
            return [
              [
                documentIdOf(document, path),
                [
                  version(document, path),
                  ...list(document, 'localizations', path).map((other, at) =>
                    version(other, `${path}.localizations[${at}]`),
                  ),
                ],
              ],
            ];
          }),
        ),
      );
      return ids.map((id) => found.get(id) ?? []);
    });
  const versionLoaders: Record<Translatable['__typename'], DataLoader<string, CmsVersion[]>> = {
    Article: versionsOf('articles'),
    Author: versionsOf('authors'),
    Topic: versionsOf('topics'),
    Page: versionsOf('pages'),
  };

  /** A page of newest-first articles matching `filters`, with Strapi's total. */
  const articlePage = async (
    filters: string,
    variables: Record<string, [string, unknown]>,
    first: number,
    after: string | null | undefined,
  ): Promise<ListPage<Article>> => {
    const start = offsetOf(after);
    const answer = await batch.query<unknown>({
      field: `articles_connection(filters: ${visible(filters)}, pagination: { start: $start, limit: $limit }, sort: ${NEWEST_FIRST}, locale: $locale, ${statusArgument}) { nodes { ...FolioArticleCard } pageInfo { total } }`,
      variables: {
        ...variables,
        ...localeVariable,
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
      field: `${type}_connection(filters: ${translated('')}, pagination: { start: $start, limit: $limit }, sort: ["name:asc", "documentId:asc"], locale: $locale) { nodes { ...${type === 'authors' ? 'FolioAuthor' : 'FolioTopic'} } pageInfo { total } }`,
      variables: { start: ['Int', start], limit: ['Int', first + 1], ...localeVariable },
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
      locale,
      log: service.log,
      store,
      translations: (entry) => versionLoaders[entry.__typename].load(entry.id),
      site: async () => {
        const answer = await batch.query<unknown>({
          field:
            'site(locale: $locale) { title description navigation { label url } footer { label url } }',
          variables: localeVariable,
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
          field: `articles_connection(filters: ${visible('topics: { documentId: { eq: $topic } }')}, pagination: { limit: 1 }, locale: $locale, ${statusArgument}) { pageInfo { total } }`,
          variables: { topic: ['ID', topicId], ...timeVariables(), ...localeVariable },
        });
        return read(() =>
          whole(
            record(record(answer, 'articles_connection').pageInfo, 'articles_connection.pageInfo'),
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
