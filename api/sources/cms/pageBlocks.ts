import type { Link, PageBlock, Topic } from '../contentSource';
import { oneOf, optionalText, record, text, whole, type Json } from './answerFields';

/**
 * A page's blocks in Folio's shapes, read alike from Strapi's components
 * and Contentful's entries: both name a block's fields as Folio does
 * (cms/README.md). What differs is said by each CMS (BlockReading): which of
 * its types is which of Folio's blocks, a block's id, and how an image, a
 * topic, rich text and featured articles are read.
 */
export interface BlockReading {
  /** Folio's block for one of the CMS's `__typename`s; null for a type this version of Folio does not know. */
  kindOf(typename: unknown): PageBlock['__typename'] | null;
  /** The block's id, read before its type is (`index`: its place on the page). */
  idOf(block: Json, at: string, index: number): string;
  /** The block's `image`, kept with the page's images: its id, or null. */
  image(block: Json, at: string): string | null;
  /** A topic the block names, kept with the page's topics. */
  topic(value: unknown, path: string): Topic;
  /** The block's `body` as a rich-text document. */
  richText(block: Json, at: string): unknown;
  /** The ids of the articles the block features. */
  featuredIds(block: Json, at: string): string[];
}

/** Articles an article list shows when its `count` is empty. */
const DEFAULT_LIST_COUNT = 6;

/** A label and an address, or null when either is missing. */
export const linkFrom = (label: string | null, url: string | null): Link | null =>
  label && url ? { label, url } : null;

type Kind = PageBlock['__typename'];
type BlockOf<K extends Kind> = Extract<PageBlock, { __typename: K }>;

/** Each of Folio's blocks from its fields, in the order they are read. */
const BLOCKS: {
  [K in Kind]: (block: Json, id: string, at: string, reading: BlockReading) => BlockOf<K>;
} = {
  HeroBlock: (block, id, at, reading) => {
    const imageId = reading.image(block, at);
    return {
      __typename: 'HeroBlock',
      id,
      heading: text(block, 'heading', at),
      subheading: optionalText(block, 'subheading', at),
      imageId,
      callToAction: linkFrom(
        optionalText(block, 'ctaLabel', at),
        optionalText(block, 'ctaUrl', at),
      ),
    };
  },
  RichTextBlock: (block, id, at, reading) => ({
    __typename: 'RichTextBlock',
    id,
    body: reading.richText(block, at),
  }),
  ArticleListBlock: (block, id, at, reading) => {
    const topic =
      block.topic === null || block.topic === undefined
        ? null
        : reading.topic(block.topic, `${at}.topic`);
    const count =
      block.count === null || block.count === undefined
        ? DEFAULT_LIST_COUNT
        : whole(block, 'count', at);
    return {
      __typename: 'ArticleListBlock',
      id,
      heading: text(block, 'heading', at),
      mode: oneOf(block, 'mode', at, ['LATEST', 'BY_TOPIC'], 'LATEST'),
      topicId: topic?.id ?? null,
      count,
    };
  },
  FeaturedArticlesBlock: (block, id, at, reading) => {
    const articleIds = reading.featuredIds(block, at);
    return {
      __typename: 'FeaturedArticlesBlock',
      id,
      heading: text(block, 'heading', at),
      articleIds,
    };
  },
  CalloutBlock: (block, id, at) => ({
    __typename: 'CalloutBlock',
    id,
    heading: text(block, 'heading', at),
    // Aliased: another block's `body` is rich text, and one selection cannot hold both types under one name.
    body: optionalText(block, 'calloutBody', at) ?? '',
    tone: oneOf(block, 'tone', at, ['INFO', 'SUCCESS', 'WARNING'], 'INFO'),
    link: linkFrom(optionalText(block, 'linkLabel', at), optionalText(block, 'linkUrl', at)),
  }),
  ImageBlock: (block, id, at, reading) => ({
    __typename: 'ImageBlock',
    id,
    imageId: reading.image(block, at),
    caption: optionalText(block, 'caption', at),
  }),
  NewsletterSignupBlock: (block, id, at) => ({
    __typename: 'NewsletterSignupBlock',
    id,
    heading: text(block, 'heading', at),
    description: optionalText(block, 'description', at) ?? '',
    buttonLabel: optionalText(block, 'buttonLabel', at) ?? 'Subscribe',
  }),
};

/**
 * The blocks of a page's list (`items`, each at `pathOf(index)`): null items
 * and blocks of a type Folio does not know are left out, as the client
 * leaves out unknown blocks.
 */
export function pageBlocksOf(
  items: readonly unknown[],
  pathOf: (index: number) => string,
  reading: BlockReading,
): PageBlock[] {
  return items.flatMap((item, index): PageBlock[] => {
    if (item === null) return [];
    const at = pathOf(index);
    const block = record(item, at);
    const id = reading.idOf(block, at, index);
    const kind = reading.kindOf(block.__typename);
    return kind === null ? [] : [BLOCKS[kind](block, id, at, reading)];
  });
}
