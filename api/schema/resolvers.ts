import { DIRECTORY_PAGE_SIZE } from '../../shared/limits';
import { addVote, authorsByName, countOf, latestArticles, topicsByName } from '../data/lists';
import { articleVoteBudget, spendBudget } from '../data/rateLimits';
import { isoString, type ArticleRow, type AssetRow, type AuthorRow, type EmbedRow, type PageRow, type TopicRow } from '../data/rows';
import { readSite } from '../data/site';
import type { Database } from '../db/database';
import { IMAGE_WIDTHS, imageFormatExtension } from '../images/imageOptions';
import { articleConnection, checkFirst, connection, offsetPage } from './connections';
import type { ApiContext } from './context';
import { apiError } from './errors';
import { databaseId, toGlobalId } from './globalId';
import { subscribeToNewsletter } from './newsletter';
import { resolveNode } from './nodes';
import { richTextLinks } from './richText';
import { searchArticles } from './search';

type Args<T = Record<string, never>> = T;
const typename = (value: { __typename: string }) => value.__typename;
const maybeAsset = (id: number | null, context: ApiContext) => (id === null ? null : context.loaders.assetById.load(id));
const seoOf = (title: string, description: string, imageId: number | null) => ({ title, description, imageId });

/** A page block as stored, with its page and position for its ID. */
type StoredBlock = Record<string, unknown> & { type: string; pageId: number; index: number };
/** A block's global ID: its type, page and position (`HeroBlock:12.0`). */
const blockId = (block: StoredBlock) => toGlobalId(block.type, `${block.pageId}.${block.index}`);

/** Authors or topics by name, a page at a time (offset cursors), counted only when asked. */
async function directoryPage<T>(db: Database, table: 'authors' | 'topics', byName: (db: Database, offset: number, limit: number) => Promise<T[]>, args: { first?: number; after?: string }) {
  const page = offsetPage(args.first, DIRECTORY_PAGE_SIZE, args.after);
  const nodes = await byName(db, page.offset, page.first + 1);
  return connection(
    nodes,
    page.first,
    page.offset > 0,
    (node) => page.cursorAt(nodes.indexOf(node)),
    () => countOf(db, table),
  );
}

export const resolvers = {
  Node: { __resolveType: typename },
  RichTextEntry: { __resolveType: typename },
  PageBlock: { __resolveType: (block: StoredBlock) => block.type },

  Query: {
    node: (_: unknown, { id }: Args<{ id: string }>, context: ApiContext) => resolveNode(id, context),
    nodes: (_: unknown, { ids }: Args<{ ids: string[] }>, context: ApiContext) => {
      if (ids.length > 100) throw apiError('BAD_USER_INPUT', 'At most 100 ids at a time.');
      return Promise.all(ids.map((id) => resolveNode(id, context)));
    },
    site: async (_: unknown, __: unknown, { db }: ApiContext) => (await readSite(db)) ?? { title: 'Folio', description: '', navigation: [], footer: [] },
    viewer: (_: unknown, __: unknown, { preview }: ApiContext) => ({ isPreview: preview }),
    article: (_: unknown, { slug }: Args<{ slug: string }>, { loaders }: ApiContext) => loaders.articleBySlug.load(slug),
    articles: (_: unknown, args: Args<{ first?: number; after?: string }>, context: ApiContext) => articleConnection(context, {}, args.first, args.after),
    author: (_: unknown, { slug }: Args<{ slug: string }>, { loaders }: ApiContext) => loaders.authorBySlug.load(slug),
    authors: (_: unknown, args: Args<{ first?: number; after?: string }>, { db }: ApiContext) => directoryPage(db, 'authors', authorsByName, args),
    topic: (_: unknown, { slug }: Args<{ slug: string }>, { loaders }: ApiContext) => loaders.topicBySlug.load(slug),
    topics: (_: unknown, args: Args<{ first?: number; after?: string }>, { db }: ApiContext) => directoryPage(db, 'topics', topicsByName, args),
    page: (_: unknown, { slug }: Args<{ slug: string }>, { loaders }: ApiContext) => loaders.pageBySlug.load(slug),
    search: (_: unknown, args: Args<{ query: string; first?: number; after?: string }>, context: ApiContext) => searchArticles(context, args.query, args.first, args.after),
  },

  Mutation: {
    subscribeToNewsletter: (_: unknown, { email }: Args<{ email: string }>, context: ApiContext) => subscribeToNewsletter(context, email),
    rateArticle: async (_: unknown, { articleId, helpful }: Args<{ articleId: string; helpful: boolean }>, { db, loaders, preview, clientAddress }: ApiContext) => {
      const id = databaseId(articleId, 'Article');
      if (id === null) throw apiError('BAD_USER_INPUT', '`articleId` is not an article ID.');
      await spendBudget(db, articleVoteBudget(id), clientAddress);
      const article = await addVote(db, preview, id, helpful);
      if (!article) throw apiError('NOT_FOUND', 'There is no such article.');
      loaders.articleById.clear(id).prime(id, article);
      return { article };
    },
  },

  Article: {
    id: (row: ArticleRow) => toGlobalId('Article', row.id),
    body: (row: ArticleRow) => ({ json: row.body }),
    heroImage: (row: ArticleRow, _: unknown, context: ApiContext) => maybeAsset(row.hero_image_id, context),
    authors: (row: ArticleRow, _: unknown, { loaders }: ApiContext) => loaders.authorsByArticle.load(row.id),
    topics: (row: ArticleRow, _: unknown, { loaders }: ApiContext) => loaders.topicsByArticle.load(row.id),
    publishedAt: (row: ArticleRow) => isoString(row.published_at),
    updatedAt: (row: ArticleRow) => isoString(row.updated_at),
    readingTimeMinutes: (row: ArticleRow) => row.reading_time_minutes,
    helpfulCount: (row: ArticleRow) => row.helpful_count,
    notHelpfulCount: (row: ArticleRow) => row.not_helpful_count,
    seo: (row: ArticleRow) => seoOf(row.seo_title ?? row.title, row.seo_description ?? row.summary, row.seo_image_id ?? row.hero_image_id),
    related: (row: ArticleRow, { first }: Args<{ first?: number }>, { loaders }: ApiContext) => loaders.relatedArticles.load(`${row.id}:${checkFirst(first, 3)}`),
  },

  Author: {
    id: (row: AuthorRow) => toGlobalId('Author', row.id),
    avatar: (row: AuthorRow, _: unknown, context: ApiContext) => maybeAsset(row.avatar_id, context),
    articles: (row: AuthorRow, args: Args<{ first?: number; after?: string }>, context: ApiContext) => articleConnection(context, { authorId: row.id }, args.first, args.after),
  },

  Topic: {
    id: (row: TopicRow) => toGlobalId('Topic', row.id),
    articleCount: (row: TopicRow, _: unknown, { loaders }: ApiContext) => loaders.articleCountByTopic.load(row.id),
    articles: (row: TopicRow, args: Args<{ first?: number; after?: string }>, context: ApiContext) => articleConnection(context, { topicId: row.id }, args.first, args.after),
  },

  Asset: {
    id: (row: AssetRow) => toGlobalId('Asset', row.id),
    url: (row: AssetRow) => `/images/${row.file}?v=${row.version}`,
    contentType: (row: AssetRow) => row.content_type,
    resizedUrl: (row: AssetRow, { width, format }: Args<{ width: number; format?: string | null }>) => {
      if (!(IMAGE_WIDTHS as readonly number[]).includes(width)) throw apiError('BAD_USER_INPUT', `\`width\` must be one of ${IMAGE_WIDTHS.join(', ')}.`);
      const fm = format ? imageFormatExtension(format) : null;
      return `/images/${row.file}?w=${width}${fm ? `&fm=${fm}` : ''}&v=${row.version}`;
    },
  },

  Seo: {
    image: (seo: { imageId: number | null }, _: unknown, context: ApiContext) => maybeAsset(seo.imageId, context),
  },

  RichText: {
    links: (richText: { json: unknown }, _: unknown, context: ApiContext) => richTextLinks(richText.json, context),
  },

  CodeBlock: {
    id: (row: EmbedRow) => toGlobalId('CodeBlock', row.id),
    language: (row: EmbedRow) => row.data.language ?? 'text',
    code: (row: EmbedRow) => row.data.code ?? '',
    caption: (row: EmbedRow) => row.data.caption ?? null,
  },
  PullQuote: {
    id: (row: EmbedRow) => toGlobalId('PullQuote', row.id),
    quote: (row: EmbedRow) => row.data.quote ?? '',
    attribution: (row: EmbedRow) => row.data.attribution ?? null,
  },

  Page: {
    id: (row: PageRow) => toGlobalId('Page', row.id),
    updatedAt: (row: PageRow) => isoString(row.updated_at),
    seo: (row: PageRow) => seoOf(row.seo_title ?? row.title, row.seo_description ?? '', row.seo_image_id),
    blocks: (row: PageRow): StoredBlock[] => row.blocks.map((block, index) => ({ ...(block as { type: string }), pageId: row.id, index })),
  },

  HeroBlock: {
    id: blockId,
    image: (block: StoredBlock, _: unknown, context: ApiContext) => maybeAsset((block.imageId as number | null) ?? null, context),
  },
  RichTextBlock: {
    id: blockId,
    body: (block: StoredBlock) => ({ json: block.body }),
  },
  ArticleListBlock: {
    id: blockId,
    topic: (block: StoredBlock, _: unknown, { loaders }: ApiContext) => (typeof block.topicId === 'number' ? loaders.topicById.load(block.topicId) : null),
    count: (block: StoredBlock) => Number(block.count ?? 6),
    articles: (block: StoredBlock, _: unknown, { db, preview }: ApiContext) =>
      latestArticles(db, preview, Number(block.count ?? 6), block.mode === 'BY_TOPIC' && typeof block.topicId === 'number' ? block.topicId : null),
  },
  FeaturedArticlesBlock: {
    id: blockId,
    articles: async (block: StoredBlock, _: unknown, { loaders }: ApiContext) => {
      const ids = Array.isArray(block.articleIds) ? (block.articleIds as number[]) : [];
      const rows = await loaders.articleById.loadMany(ids);
      return rows.filter((row): row is ArticleRow => row !== null && !(row instanceof Error));
    },
  },
  CalloutBlock: {
    id: blockId,
    tone: (block: StoredBlock) => block.tone ?? 'INFO',
  },
  ImageBlock: {
    id: blockId,
    image: (block: StoredBlock, _: unknown, context: ApiContext) => maybeAsset((block.imageId as number | null) ?? null, context),
  },
  NewsletterSignupBlock: {
    id: blockId,
    buttonLabel: (block: StoredBlock) => block.buttonLabel ?? 'Subscribe',
  },
};
