import { ARTICLE_PAGE_SIZE, DIRECTORY_PAGE_SIZE } from '../../shared/limits';
import { articleVoteBudget, spendBudget } from '../readerData/rateLimits';
import { addVote } from '../readerData/votes';
import { IMAGE_WIDTHS, imageFormatExtension } from '../images/imageOptions';
import type {
  Article,
  Asset,
  Author,
  Embed,
  LiveBlog,
  LiveBlogUpdate,
  Page,
  PageBlock,
  ContentReader,
  SeoFields,
  Topic,
  Translatable,
} from '../sources/contentSource';
import { movedDocument } from '../sources/slugHistory';
import { checkFirst, connection } from './connections';
import type { ApiContext } from './context';
import { apiError } from './errors';
import { sourceIdOf, toGlobalId } from '../model/globalId';
import { subscribeToNewsletter } from './newsletter';
import { inLocale, resolveNode } from './nodes';
import { richTextIn, richTextLinks } from './richText';
import { searchArticles } from './search';
import { liveField } from './subscriptions';
import { IMAGES_PATH } from '../../shared/sitePaths';
import { DEFAULT_LOCALE, isLocale, LOCALE_CODES, type Locale } from '../../shared/locales';

type PageArgs = { first?: number; after?: string; locale?: string | null };
type Block<T extends PageBlock['__typename']> = Extract<PageBlock, { __typename: T }>;
const typename = (value: { __typename: string }) => value.__typename;
/** What carries its locale (docs/decisions.md#locales): an entry, a page's block, SEO fields. */
type InLocale = { locale?: Locale | undefined };
/** The reader of the locale an object was read in: nested objects are in their parent's. */
const readerOf = (parent: InLocale, { contentIn }: ApiContext) =>
  contentIn(parent.locale ?? DEFAULT_LOCALE);
/** A root field's `locale`: the default when omitted, one of the site's locales or BAD_USER_INPUT. */
const localeArg = (locale: string | null | undefined): Locale => {
  if (locale === undefined || locale === null) return DEFAULT_LOCALE;
  if (isLocale(locale)) return locale;
  throw apiError('BAD_USER_INPUT', `\`locale\` must be one of ${LOCALE_CODES.join(', ')}.`);
};
const rootReader = (args: { locale?: string | null }, context: ApiContext) =>
  context.contentIn(localeArg(args.locale));
const maybeAsset = async (id: string | null, parent: InLocale, context: ApiContext) =>
  id === null
    ? null
    : inLocale(
        await readerOf(parent, context).asset(id, { namedByVisibleDocument: true }),
        parent.locale ?? DEFAULT_LOCALE,
      );
/** A rich-text field: the document with its links as read in `locale` (richText.ts). */
const richTextOf = (json: unknown, locale: Locale | undefined) => ({
  json: richTextIn(json, locale ?? DEFAULT_LOCALE),
});
/** SEO fields with the entry's own title and description standing in for those left empty. */
const seoOf = (
  seo: SeoFields,
  title: string,
  description: string,
  imageId: string | null,
  locale: Locale | undefined,
) => ({
  title: seo.title ?? title,
  description: seo.description ?? description,
  imageId: seo.imageId ?? imageId,
  locale,
});
const localeOf = (entry: InLocale) => entry.locale ?? DEFAULT_LOCALE;
const translationsOf = (entry: Article | Author | Topic | Page, _: unknown, context: ApiContext) =>
  readerOf(entry, context).translations(entry);
type LocaleArgs = { locale?: string | null };
/** A block's global ID: its type, its source id and, outside the default locale, its page's locale (`HeroBlock@de:12.0`). */
const blockId = (block: PageBlock & InLocale) =>
  toGlobalId(block.__typename, block.id, block.locale);
type SlugArgs = { slug: string } & LocaleArgs;
/**
 * A root field's document by its slug in the field's locale; a slug it left
 * (renamed since) finds it too, as it is now: a link to its old address,
 * followed inside the site, shows it, and the server answers that address
 * with a 301 (docs/routes.md#addresses-that-moved).
 */
const bySlug = async <T extends Translatable>(
  type: T['__typename'],
  args: SlugArgs,
  context: ApiContext,
  read: (reader: ContentReader, by: { slug: string }) => Promise<T | null>,
): Promise<T | null> => {
  const locale = localeArg(args.locale);
  const reader = context.contentIn(locale);
  const found = await read(reader, { slug: args.slug });
  if (found) return found;
  const moved = await movedDocument(context.db, context.source, reader, type, locale, args.slug);
  return moved as T | null;
};
const pageRequest = (args: PageArgs, fallback: number) => ({
  first: checkFirst(args.first, fallback),
  after: args.after,
});

/** `article(slug, locale)`: the query's field, and the subscription's. */
const articleAt = (_: unknown, args: SlugArgs, context: ApiContext) =>
  bySlug('Article', args, context, (reader, by) => reader.article(by));

export const resolvers = {
  Node: { __resolveType: typename },
  RichTextEntry: { __resolveType: typename },
  PageBlock: { __resolveType: typename },
  PreviewedEntry: { __resolveType: typename },

  Query: {
    node: (_: unknown, { id }: { id: string }, context: ApiContext) => resolveNode(id, context),
    nodes: (_: unknown, { ids }: { ids: string[] }, context: ApiContext) => {
      if (ids.length > 100) throw apiError('BAD_USER_INPUT', 'At most 100 ids at a time.');
      return Promise.all(ids.map((id) => resolveNode(id, context)));
    },
    site: (_: unknown, args: LocaleArgs, context: ApiContext) => rootReader(args, context).site(),
    viewer: (_: unknown, __: unknown, { previewScope }: ApiContext) => ({
      isPreview: previewScope !== null,
      previewScope,
    }),
    article: articleAt,
    articles: async (_: unknown, args: PageArgs, context: ApiContext) =>
      connection(
        await rootReader(args, context).articles({}, pageRequest(args, ARTICLE_PAGE_SIZE)),
      ),
    author: (_: unknown, args: SlugArgs, context: ApiContext) =>
      bySlug('Author', args, context, (reader, by) => reader.author(by)),
    authors: async (_: unknown, args: PageArgs, context: ApiContext) =>
      connection(await rootReader(args, context).authors(pageRequest(args, DIRECTORY_PAGE_SIZE))),
    topic: (_: unknown, args: SlugArgs, context: ApiContext) =>
      bySlug('Topic', args, context, (reader, by) => reader.topic(by)),
    topics: async (_: unknown, args: PageArgs, context: ApiContext) =>
      connection(await rootReader(args, context).topics(pageRequest(args, DIRECTORY_PAGE_SIZE))),
    page: (_: unknown, args: SlugArgs, context: ApiContext) =>
      bySlug('Page', args, context, (reader, by) => reader.page(by)),
    search: (
      _: unknown,
      args: { query: string; first?: number; after?: string } & LocaleArgs,
      context: ApiContext,
    ) => searchArticles(rootReader(args, context), args.query, args.first, args.after),
  },

  Subscription: {
    article: liveField(articleAt),
  },

  Viewer: {
    // A one-document session's document in the page's locale, as the session shows it (docs/http-and-cache.md#preview).
    previewedDocument: async (_: unknown, args: LocaleArgs, { previewed }: ApiContext) => {
      if (previewed === null) return null;
      const locale = localeArg(args.locale);
      return {
        version: previewed.version === 'draft' ? 'DRAFT' : 'PUBLISHED',
        document: inLocale(await previewed.in(locale), locale),
      };
    },
  },

  Mutation: {
    subscribeToNewsletter: (_: unknown, { email }: { email: string }, context: ApiContext) =>
      subscribeToNewsletter(context, email),
    rateArticle: async (
      _: unknown,
      { articleId, helpful }: { articleId: string; helpful: boolean },
      { db, content, source, votes, clientAddress }: ApiContext,
    ) => {
      const id = sourceIdOf(articleId, 'Article');
      if (id === null) throw apiError('BAD_USER_INPUT', '`articleId` is not an article ID.');
      // Every attempt counts, on an article or not, so the budget also slows down probing.
      await spendBudget(db, articleVoteBudget(id), clientAddress);
      const article = await content.article({ id });
      if (!article) throw apiError('NOT_FOUND', 'There is no such article.');
      await addVote(db, source, id, helpful);
      votes.clear(id);
      return { article };
    },
  },

  Article: {
    id: (article: Article) => toGlobalId('Article', article.id, article.locale),
    locale: localeOf,
    translations: translationsOf,
    body: (article: Article) => richTextOf(article.body, article.locale),
    heroImage: (article: Article, _: unknown, context: ApiContext) =>
      maybeAsset(article.heroImageId, article, context),
    authors: (article: Article, _: unknown, context: ApiContext) =>
      readerOf(article, context).authorsOf(article),
    topics: (article: Article, _: unknown, context: ApiContext) =>
      readerOf(article, context).topicsOf(article),
    helpfulCount: async (article: Article, _: unknown, { votes }: ApiContext) =>
      (await votes.load(article.id)).helpful,
    notHelpfulCount: async (article: Article, _: unknown, { votes }: ApiContext) =>
      (await votes.load(article.id)).notHelpful,
    seo: (article: Article) =>
      seoOf(article.seo, article.title, article.summary, article.heroImageId, article.locale),
    related: (article: Article, { first }: { first?: number }, context: ApiContext) =>
      readerOf(article, context).related(article, checkFirst(first, 3)),
    // Its updates are read in the article's language, with the article's own keys (a change to one is a change to it).
    liveBlog: (article: Article) =>
      article.liveBlog ? { ...article.liveBlog, locale: article.locale } : null,
  },

  LiveBlog: {
    coverageStartTime: (live: LiveBlog) => live.coverageStart,
    coverageEndTime: (live: LiveBlog) => live.coverageEnd,
    pinnedSummary: (live: LiveBlog & InLocale) =>
      live.summary ? richTextOf(live.summary, live.locale) : null,
    updates: (live: LiveBlog & InLocale) =>
      live.updates.map((update) => ({ ...update, locale: live.locale })),
  },

  LiveBlogUpdate: {
    id: (update: LiveBlogUpdate & InLocale) =>
      toGlobalId('LiveBlogUpdate', update.id, update.locale),
    publishedAt: (update: LiveBlogUpdate) => update.at,
    body: (update: LiveBlogUpdate & InLocale) => richTextOf(update.body, update.locale),
    isKeyEvent: (update: LiveBlogUpdate) => update.keyEvent,
    author: (update: LiveBlogUpdate & InLocale, _: unknown, context: ApiContext) =>
      update.authorId === null ? null : readerOf(update, context).author({ id: update.authorId }),
  },

  Author: {
    id: (author: Author) => toGlobalId('Author', author.id, author.locale),
    locale: localeOf,
    translations: translationsOf,
    avatar: (author: Author, _: unknown, context: ApiContext) =>
      maybeAsset(author.avatarId, author, context),
    articles: async (author: Author, args: PageArgs, context: ApiContext) =>
      connection(
        await readerOf(author, context).articles(
          { authorId: author.id },
          pageRequest(args, ARTICLE_PAGE_SIZE),
        ),
      ),
  },

  Topic: {
    id: (topic: Topic) => toGlobalId('Topic', topic.id, topic.locale),
    locale: localeOf,
    translations: translationsOf,
    articleCount: (topic: Topic, _: unknown, context: ApiContext) =>
      readerOf(topic, context).articleCount(topic.id),
    articles: async (topic: Topic, args: PageArgs, context: ApiContext) =>
      connection(
        await readerOf(topic, context).articles(
          { topicId: topic.id },
          pageRequest(args, ARTICLE_PAGE_SIZE),
        ),
      ),
  },

  Asset: {
    id: (asset: Asset) => toGlobalId('Asset', asset.id, asset.locale),
    url: (asset: Asset) => `${IMAGES_PATH}/${asset.file}?v=${asset.version}`,
    resizedUrl: (asset: Asset, { width, format }: { width: number; format?: string | null }) => {
      if (!(IMAGE_WIDTHS as readonly number[]).includes(width))
        throw apiError('BAD_USER_INPUT', `\`width\` must be one of ${IMAGE_WIDTHS.join(', ')}.`);
      const fm = format ? imageFormatExtension(format) : null;
      return `${IMAGES_PATH}/${asset.file}?w=${width}${fm ? `&fm=${fm}` : ''}&v=${asset.version}`;
    },
  },

  Seo: {
    image: (seo: { imageId: string | null } & InLocale, _: unknown, context: ApiContext) =>
      maybeAsset(seo.imageId, seo, context),
  },

  RichText: {
    links: (richText: { json: unknown }, _: unknown, context: ApiContext) =>
      richTextLinks(richText.json, context),
  },

  CodeBlock: { id: (embed: Embed) => toGlobalId('CodeBlock', embed.id, embed.locale) },
  PullQuote: { id: (embed: Embed) => toGlobalId('PullQuote', embed.id, embed.locale) },

  Page: {
    id: (page: Page) => toGlobalId('Page', page.id, page.locale),
    locale: localeOf,
    translations: translationsOf,
    seo: (page: Page) => seoOf(page.seo, page.title, '', null, page.locale),
    // Each block is read in its page's locale (its articles, topic and images).
    blocks: (page: Page) => page.blocks.map((block) => ({ ...block, locale: page.locale })),
  },

  HeroBlock: {
    id: blockId,
    image: (block: Block<'HeroBlock'> & InLocale, _: unknown, context: ApiContext) =>
      maybeAsset(block.imageId, block, context),
  },
  RichTextBlock: {
    id: blockId,
    body: (block: Block<'RichTextBlock'> & InLocale) => richTextOf(block.body, block.locale),
  },
  ArticleListBlock: {
    id: blockId,
    topic: (block: Block<'ArticleListBlock'> & InLocale, _: unknown, context: ApiContext) =>
      block.topicId === null ? null : readerOf(block, context).topic({ id: block.topicId }),
    articles: (block: Block<'ArticleListBlock'> & InLocale, _: unknown, context: ApiContext) =>
      readerOf(block, context).latestArticles(
        block.count,
        block.mode === 'BY_TOPIC' ? block.topicId : null,
      ),
  },
  FeaturedArticlesBlock: {
    id: blockId,
    articles: async (
      block: Block<'FeaturedArticlesBlock'> & InLocale,
      _: unknown,
      context: ApiContext,
    ) =>
      (
        await Promise.all(block.articleIds.map((id) => readerOf(block, context).article({ id })))
      ).filter((article) => article !== null),
  },
  CalloutBlock: { id: blockId },
  ImageBlock: {
    id: blockId,
    image: (block: Block<'ImageBlock'> & InLocale, _: unknown, context: ApiContext) =>
      maybeAsset(block.imageId, block, context),
  },
  NewsletterSignupBlock: { id: blockId },
};
