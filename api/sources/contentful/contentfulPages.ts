import type { Asset, Page, PageBlock, Topic } from '../contentSource';
import { list, optionalInstant, record } from '../cms/answerFields';
import { pageOf } from '../cms/documentFields';
import { pageBlocksOf } from '../cms/pageBlocks';
import { optionalAsset, publishedAtOf, sysId, toTopic } from './contentfulEntries';

/**
 * A page as its request brings it: featured articles by id (the schema reads
 * them by id, and leaves out those the reader may not see), and rich-text
 * bodies as Contentful wrote them: `page.blocks` gets Folio's ids in them
 * once the entries they link to are typed (contentfulLinkedEntries.ts).
 */
export interface PageParts {
  page: Page;
  topics: Topic[];
  assets: Asset[];
}

/** Contentful's block entries are named as Folio's blocks are. */
const BLOCK_TYPES = new Set<unknown>([
  'HeroBlock',
  'RichTextBlock',
  'ArticleListBlock',
  'FeaturedArticlesBlock',
  'CalloutBlock',
  'ImageBlock',
  'NewsletterSignupBlock',
] satisfies PageBlock['__typename'][]);

export function toPage(value: unknown, path: string): PageParts {
  const entry = record(value, path);
  const seoImage = optionalAsset(entry.seoImage, `${path}.seoImage`);
  const parts: Omit<PageParts, 'page'> = { topics: [], assets: seoImage ? [seoImage] : [] };
  const items = list(
    record(entry.blocksCollection, `${path}.blocksCollection`),
    'items',
    `${path}.blocksCollection`,
  );
  const blocks = pageBlocksOf(items, (index) => `${path}.blocksCollection.items[${index}]`, {
    kindOf: (typename) =>
      BLOCK_TYPES.has(typename) ? (typename as PageBlock['__typename']) : null,
    idOf: (block, at) => sysId(block, at),
    image: (block, at) => {
      const image = optionalAsset(block.image, `${at}.image`);
      if (image) parts.assets.push(image);
      return image?.id ?? null;
    },
    topic: (topicValue, at) => {
      const topic = toTopic(topicValue, at);
      parts.topics.push(topic);
      return topic;
    },
    richText: (block, at) => record(block.body, `${at}.body`).json,
    // An article the request may not see is null here (Contentful cannot resolve the link): not featured.
    featuredIds: (block, at) =>
      list(
        record(block.articlesCollection, `${at}.articlesCollection`),
        'items',
        `${at}.articlesCollection`,
      ).flatMap((article, position) => {
        if (article === null) return [];
        const item = `${at}.articlesCollection.items[${position}]`;
        return [sysId(record(article, item), item)];
      }),
  });
  const lastPublished = publishedAtOf(entry, path);
  const page = pageOf(entry, path, {
    id: sysId(entry, path),
    status: lastPublished === null ? 'DRAFT' : 'PUBLISHED',
    // The content's own `lastUpdated`, as for articles.
    updatedAt: () =>
      optionalInstant(entry, 'lastUpdated', path) ?? lastPublished ?? new Date().toISOString(),
    seoImageId: seoImage?.id ?? null,
    blocks,
  });
  return { page, ...parts };
}
