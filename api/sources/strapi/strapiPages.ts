import type { ContentStatus, Page, PageBlock, Topic } from '../contentSource';
import { list, optionalInstant, record } from '../cms/answerFields';
import { pageOf } from '../cms/documentFields';
import { pageBlocksOf } from '../cms/pageBlocks';
import { toArticle, type ArticleParts } from './strapiArticles';
import { documentIdOf, optionalMedia, toTopic, type Media } from './strapiDocuments';
import { blocksToNodes, richTextDocument } from './strapiRichText';

/** A page as Strapi's answer brings it: with the cards its featured blocks show, its topics and images. */
export interface PageParts {
  page: Page;
  cards: ArticleParts[];
  topics: Topic[];
  media: Media[];
}

/** Folio's block for each of the page's dynamic-zone components (cms/strapi/src/components/blocks/). */
const BLOCK_OF_COMPONENT: Readonly<Record<string, PageBlock['__typename']>> = {
  ComponentBlocksHero: 'HeroBlock',
  ComponentBlocksRichText: 'RichTextBlock',
  ComponentBlocksArticleList: 'ArticleListBlock',
  ComponentBlocksFeaturedArticles: 'FeaturedArticlesBlock',
  ComponentBlocksCallout: 'CalloutBlock',
  ComponentBlocksImage: 'ImageBlock',
  ComponentBlocksNewsletterSignup: 'NewsletterSignupBlock',
};

export function toPage(
  value: unknown,
  path: string,
  strapiUrl: string,
  status: ContentStatus,
): PageParts {
  const entry = record(value, path);
  const id = documentIdOf(entry, path);
  const seoImage = optionalMedia(entry.seoImage, `${path}.seoImage`, strapiUrl);
  const parts: Omit<PageParts, 'page'> = {
    cards: [],
    topics: [],
    media: seoImage ? [seoImage] : [],
  };
  const blocks = pageBlocksOf(list(entry, 'blocks', path), (index) => `${path}.blocks[${index}]`, {
    kindOf: (typename) =>
      typeof typename === 'string' && Object.hasOwn(BLOCK_OF_COMPONENT, typename)
        ? BLOCK_OF_COMPONENT[typename]!
        : null,
    // A block's id: the page's documentId and its place (component ids change at every publish).
    idOf: (_block, _at, index) => `${id}.${index}`,
    image: (block, at) => {
      const media = optionalMedia(block.image, `${at}.image`, strapiUrl);
      if (media) parts.media.push(media);
      return media?.asset.id ?? null;
    },
    topic: (topicValue, at) => {
      const topic = toTopic(topicValue, at);
      parts.topics.push(topic);
      return topic;
    },
    richText: (block) => richTextDocument(blocksToNodes(block.body)),
    featuredIds: (block, at) => {
      const cards = list(block, 'articles', at).map((article, position) =>
        toArticle(article, `${at}.articles[${position}]`, strapiUrl, status),
      );
      parts.cards.push(...cards);
      return cards.map((card) => card.article.id);
    },
  });
  const page = pageOf(entry, path, {
    id,
    status,
    updatedAt: () => optionalInstant(entry, 'updatedAt', path) ?? new Date(0).toISOString(),
    seoImageId: seoImage?.asset.id ?? null,
    blocks,
  });
  return { page, ...parts };
}
