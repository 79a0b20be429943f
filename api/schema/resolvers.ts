import { ARTICLE_PAGE_SIZE, DIRECTORY_PAGE_SIZE } from '../../shared/limits';
import { articleVoteBudget, spendBudget } from '../readerData/rateLimits';
import { addVote } from '../readerData/votes';
import { IMAGE_WIDTHS, imageFormatExtension } from '../images/imageOptions';
import type {
  Article,
  Asset,
  Author,
  Embed,
  Page,
  PageBlock,
  SeoFields,
  Topic,
} from '../sources/contentSource';
import { checkFirst, connection } from './connections';
import type { ApiContext } from './context';
import { apiError } from './errors';
import { sourceIdOf, toGlobalId } from '../model/globalId';
import { subscribeToNewsletter } from './newsletter';
import { resolveNode } from './nodes';
import { richTextLinks } from './richText';
import { searchArticles } from './search';
import { IMAGES_PATH } from '../../shared/sitePaths';

type PageArgs = { first?: number; after?: string };
type Block<T extends PageBlock['__typename']> = Extract<PageBlock, { __typename: T }>;
const typename = (value: { __typename: string }) => value.__typename;
const maybeAsset = (id: string | null, { content }: ApiContext) =>
  id === null ? null : content.asset(id, { namedByVisibleDocument: true });
/** SEO fields with the entry's own title and description standing in for those left empty. */
const seoOf = (seo: SeoFields, title: string, description: string, imageId: string | null) => ({
  title: seo.title ?? title,
  description: seo.description ?? description,
  imageId: seo.imageId ?? imageId,
});
/** A block's global ID: its type and its source id (`HeroBlock:12.0`). */
const blockId = (block: PageBlock) => toGlobalId(block.__typename, block.id);
const pageRequest = (args: PageArgs, fallback: number) => ({
  first: checkFirst(args.first, fallback),
  after: args.after,
});

export const resolvers = {
  Node: { __resolveType: typename },
  RichTextEntry: { __resolveType: typename },
  PageBlock: { __resolveType: typename },

  Query: {
    node: (_: unknown, { id }: { id: string }, context: ApiContext) => resolveNode(id, context),
    nodes: (_: unknown, { ids }: { ids: string[] }, context: ApiContext) => {
      if (ids.length > 100) throw apiError('BAD_USER_INPUT', 'At most 100 ids at a time.');
      return Promise.all(ids.map((id) => resolveNode(id, context)));
    },
    site: (_: unknown, __: unknown, { content }: ApiContext) => content.site(),
    viewer: (_: unknown, __: unknown, { preview, previewScope }: ApiContext) => ({
      isPreview: preview,
      previewScope,
    }),
    article: (_: unknown, { slug }: { slug: string }, { content }: ApiContext) =>
      content.article({ slug }),
    articles: async (_: unknown, args: PageArgs, { content }: ApiContext) =>
      connection(await content.articles({}, pageRequest(args, ARTICLE_PAGE_SIZE))),
    author: (_: unknown, { slug }: { slug: string }, { content }: ApiContext) =>
      content.author({ slug }),
    authors: async (_: unknown, args: PageArgs, { content }: ApiContext) =>
      connection(await content.authors(pageRequest(args, DIRECTORY_PAGE_SIZE))),
    topic: (_: unknown, { slug }: { slug: string }, { content }: ApiContext) =>
      content.topic({ slug }),
    topics: async (_: unknown, args: PageArgs, { content }: ApiContext) =>
      connection(await content.topics(pageRequest(args, DIRECTORY_PAGE_SIZE))),
    page: (_: unknown, { slug }: { slug: string }, { content }: ApiContext) =>
      content.page({ slug }),
    search: (
      _: unknown,
      args: { query: string; first?: number; after?: string },
      context: ApiContext,
    ) => searchArticles(context, args.query, args.first, args.after),
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
    id: (article: Article) => toGlobalId('Article', article.id),
    body: (article: Article) => ({ json: article.body }),
    heroImage: (article: Article, _: unknown, context: ApiContext) =>
      maybeAsset(article.heroImageId, context),
    authors: (article: Article, _: unknown, { content }: ApiContext) => content.authorsOf(article),
    topics: (article: Article, _: unknown, { content }: ApiContext) => content.topicsOf(article),
    helpfulCount: async (article: Article, _: unknown, { votes }: ApiContext) =>
      (await votes.load(article.id)).helpful,
    notHelpfulCount: async (article: Article, _: unknown, { votes }: ApiContext) =>
      (await votes.load(article.id)).notHelpful,
    seo: (article: Article) =>
      seoOf(article.seo, article.title, article.summary, article.heroImageId),
    related: (article: Article, { first }: { first?: number }, { content }: ApiContext) =>
      content.related(article, checkFirst(first, 3)),
  },

  Author: {
    id: (author: Author) => toGlobalId('Author', author.id),
    avatar: (author: Author, _: unknown, context: ApiContext) =>
      maybeAsset(author.avatarId, context),
    articles: async (author: Author, args: PageArgs, { content }: ApiContext) =>
      connection(
        await content.articles({ authorId: author.id }, pageRequest(args, ARTICLE_PAGE_SIZE)),
      ),
  },

  Topic: {
    id: (topic: Topic) => toGlobalId('Topic', topic.id),
    articleCount: (topic: Topic, _: unknown, { content }: ApiContext) =>
      content.articleCount(topic.id),
    articles: async (topic: Topic, args: PageArgs, { content }: ApiContext) =>
      connection(
        await content.articles({ topicId: topic.id }, pageRequest(args, ARTICLE_PAGE_SIZE)),
      ),
  },

  Asset: {
    id: (asset: Asset) => toGlobalId('Asset', asset.id),
    url: (asset: Asset) => `${IMAGES_PATH}/${asset.file}?v=${asset.version}`,
    resizedUrl: (asset: Asset, { width, format }: { width: number; format?: string | null }) => {
      if (!(IMAGE_WIDTHS as readonly number[]).includes(width))
        throw apiError('BAD_USER_INPUT', `\`width\` must be one of ${IMAGE_WIDTHS.join(', ')}.`);
      const fm = format ? imageFormatExtension(format) : null;
      return `${IMAGES_PATH}/${asset.file}?w=${width}${fm ? `&fm=${fm}` : ''}&v=${asset.version}`;
    },
  },

  Seo: {
    image: (seo: { imageId: string | null }, _: unknown, context: ApiContext) =>
      maybeAsset(seo.imageId, context),
  },

  RichText: {
    links: (richText: { json: unknown }, _: unknown, context: ApiContext) =>
      richTextLinks(richText.json, context),
  },

  CodeBlock: { id: (embed: Embed) => toGlobalId('CodeBlock', embed.id) },
  PullQuote: { id: (embed: Embed) => toGlobalId('PullQuote', embed.id) },

  Page: {
    id: (page: Page) => toGlobalId('Page', page.id),
    seo: (page: Page) => seoOf(page.seo, page.title, '', null),
  },

  HeroBlock: {
    id: blockId,
    image: (block: Block<'HeroBlock'>, _: unknown, context: ApiContext) =>
      maybeAsset(block.imageId, context),
  },
  RichTextBlock: {
    id: blockId,
    body: (block: Block<'RichTextBlock'>) => ({ json: block.body }),
  },
  ArticleListBlock: {
    id: blockId,
    topic: (block: Block<'ArticleListBlock'>, _: unknown, { content }: ApiContext) =>
      block.topicId === null ? null : content.topic({ id: block.topicId }),
    articles: (block: Block<'ArticleListBlock'>, _: unknown, { content }: ApiContext) =>
      content.latestArticles(block.count, block.mode === 'BY_TOPIC' ? block.topicId : null),
  },
  FeaturedArticlesBlock: {
    id: blockId,
    articles: async (block: Block<'FeaturedArticlesBlock'>, _: unknown, { content }: ApiContext) =>
      (await Promise.all(block.articleIds.map((id) => content.article({ id })))).filter(
        (article) => article !== null,
      ),
  },
  CalloutBlock: { id: blockId },
  ImageBlock: {
    id: blockId,
    image: (block: Block<'ImageBlock'>, _: unknown, context: ApiContext) =>
      maybeAsset(block.imageId, context),
  },
  NewsletterSignupBlock: { id: blockId },
};
