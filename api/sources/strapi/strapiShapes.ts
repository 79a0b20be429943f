import { createHash } from 'node:crypto';
import type { RichTextNode } from '../../model/contentFiles';
import { plainText, readingTimeMinutes } from '../../model/richText';
import { toGlobalId } from '../../model/globalId';
import type {
  Article,
  Asset,
  Author,
  ContentStatus,
  Embed,
  Page,
  PageBlock,
  Site,
  Topic,
} from '../contentSource';
import {
  list,
  oneOf,
  optionalInstant,
  optionalText,
  record,
  text,
  whole,
  type Json,
} from '../cms/answerFields';
import { blocksToNodes, embedNode, richTextDocument, tableNode } from './strapiRichText';

/**
 * Strapi's answers in the product's shapes (api/sources/contentSource.ts).
 * Every field is read through api/sources/cms/answerFields.ts: a missing or mistyped one
 * is a ShapeError naming its path.
 */

export const documentIdOf = (entry: Json, path: string) => text(entry, 'documentId', path);

/** A media file under /images: its documentId and name, so two files never collide. */
export function mediaFile(documentId: string, name: string): string {
  const safe = name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+/, '') || 'image';
  return `${documentId}/${safe}`;
}

export interface Media {
  asset: Asset;
  /** Where Strapi serves the original (absolute). */
  url: string;
}

export function toMedia(value: unknown, path: string, strapiUrl: string): Media {
  const media = record(value, path);
  const id = documentIdOf(media, path);
  const url = text(media, 'url', path);
  return {
    asset: {
      __typename: 'Asset',
      id,
      file: mediaFile(
        id,
        optionalText(media, 'name', path) ?? `image${optionalText(media, 'ext', path) ?? '.jpg'}`,
      ),
      // Strapi's file URLs carry the file's hash: the version follows the URL.
      version: createHash('sha256').update(url).digest('hex').slice(0, 10),
      width: whole(media, 'width', path),
      height: whole(media, 'height', path),
      alt: optionalText(media, 'alternativeText', path) ?? '',
      contentType: text(media, 'mime', path),
    },
    url: new URL(url, `${strapiUrl}/`).toString(),
  };
}

const optionalMedia = (value: unknown, path: string, strapiUrl: string) =>
  value === null || value === undefined ? null : toMedia(value, path, strapiUrl);

export function toTopic(value: unknown, path: string): Topic {
  const topic = record(value, path);
  return {
    __typename: 'Topic',
    id: documentIdOf(topic, path),
    slug: text(topic, 'slug', path),
    name: text(topic, 'name', path),
    description: optionalText(topic, 'description', path) ?? '',
  };
}

export function toAuthor(
  value: unknown,
  path: string,
  strapiUrl: string,
): { author: Author; media: Media[] } {
  const entry = record(value, path);
  const avatar = optionalMedia(entry.avatar, `${path}.avatar`, strapiUrl);
  return {
    author: {
      __typename: 'Author',
      id: documentIdOf(entry, path),
      slug: text(entry, 'slug', path),
      name: text(entry, 'name', path),
      bio: optionalText(entry, 'bio', path) ?? '',
      avatarId: avatar?.asset.id ?? null,
    },
    media: avatar ? [avatar] : [],
  };
}

export interface ArticleParts {
  article: Article;
  authors: Author[];
  topics: Topic[];
  media: Media[];
  /** Code blocks and pull quotes of its body, and the articles its cards show. */
  embeds: Embed[];
  cards: ArticleParts[];
  /** The whole article, its body included; false for a card (lists, search hits, cards in a body). */
  whole: boolean;
}

/** An embed's id: the article's documentId and the component's place in its body (component ids change at every publish). */
export const embedId = (articleId: string, index: number) => `${articleId}.${index}`;

/** The components whose words count towards reading time (the rest are embeds, cards and images). */
const READING_COMPONENTS = new Set(['ComponentArticleText', 'ComponentArticleTable']);

/** An article card (no `body`) or a whole article; its authors, topics, images and embeds come with it. */
export function toArticle(
  value: unknown,
  path: string,
  strapiUrl: string,
  status: ContentStatus,
): ArticleParts {
  const entry = record(value, path);
  const id = documentIdOf(entry, path);
  const heroImage = optionalMedia(entry.heroImage, `${path}.heroImage`, strapiUrl);
  const seoImage = optionalMedia(entry.seoImage, `${path}.seoImage`, strapiUrl);
  const authors = list(entry, 'authors', path).map((author, index) =>
    toAuthor(author, `${path}.authors[${index}]`, strapiUrl),
  );
  const topics = list(entry, 'topics', path).map((topic, index) =>
    toTopic(topic, `${path}.topics[${index}]`),
  );
  const parts: ArticleParts = {
    article: undefined as unknown as Article,
    authors: authors.map((author) => author.author),
    topics,
    media: [heroImage, seoImage, ...authors.flatMap((author) => author.media)].filter(
      (media): media is Media => media !== null,
    ),
    embeds: [],
    cards: [],
    whole: entry.body !== undefined,
  };
  const nodes = parts.whole
    ? bodyNodes(list(entry, 'body', path), id, `${path}.body`, strapiUrl, status, parts)
    : [];
  const body = richTextDocument(nodes);
  // A card's reading time is the whole article's: from its text, which the card carries alone.
  const readable = parts.whole
    ? body
    : richTextDocument(
        entry.readingText === undefined
          ? []
          : bodyNodes(
              // Its text and tables: other components come with their type alone (GraphQL merges a card's fields).
              list(entry, 'readingText', path).filter((component) =>
                READING_COMPONENTS.has(String((component as Json | null)?.__typename)),
              ),
              id,
              `${path}.readingText`,
              strapiUrl,
              status,
              parts,
            ),
      );
  const publishedAt = optionalInstant(entry, 'publicationDate', path);
  parts.article = {
    __typename: 'Article',
    id,
    slug: text(entry, 'slug', path),
    title: text(entry, 'title', path),
    summary: optionalText(entry, 'summary', path) ?? '',
    body,
    status,
    publishedAt,
    updatedAt:
      optionalInstant(entry, 'updatedAt', path) ?? publishedAt ?? new Date(0).toISOString(),
    heroImageId: heroImage?.asset.id ?? null,
    seo: {
      title: optionalText(entry, 'seoTitle', path),
      description: optionalText(entry, 'seoDescription', path),
      imageId: seoImage?.asset.id ?? null,
    },
    readingTimeMinutes: readingTimeMinutes(plainText(readable as RichTextNode)),
  };
  return parts;
}

/** The body's dynamic zone as rich-text nodes; embeds become entries and assets the document links to. */
function bodyNodes(
  components: unknown[],
  articleId: string,
  path: string,
  strapiUrl: string,
  status: ContentStatus,
  parts: ArticleParts,
) {
  return components.flatMap((value, index) => {
    if (value === null) return [];
    const at = `${path}[${index}]`;
    const component = record(value, at);
    switch (component.__typename) {
      case 'ComponentArticleText':
        return blocksToNodes(component.content);
      case 'ComponentArticleCodeBlock': {
        const embed: Embed = {
          __typename: 'CodeBlock',
          id: embedId(articleId, index),
          language: optionalText(component, 'language', at) ?? 'text',
          code: text(component, 'code', at),
          caption: optionalText(component, 'caption', at),
        };
        parts.embeds.push(embed);
        return [embedNode('embedded-entry-block', toGlobalId('CodeBlock', embed.id))];
      }
      case 'ComponentArticlePullQuote': {
        const embed: Embed = {
          __typename: 'PullQuote',
          id: embedId(articleId, index),
          quote: text(component, 'quote', at),
          attribution: optionalText(component, 'attribution', at),
        };
        parts.embeds.push(embed);
        return [embedNode('embedded-entry-block', toGlobalId('PullQuote', embed.id))];
      }
      case 'ComponentArticleArticleCard': {
        if (component.article === null || component.article === undefined) return [];
        const card = toArticle(component.article, `${at}.article`, strapiUrl, status);
        parts.cards.push(card);
        return [embedNode('embedded-entry-block', toGlobalId('Article', card.article.id))];
      }
      case 'ComponentArticleImage': {
        const image = optionalMedia(component.image, `${at}.image`, strapiUrl);
        if (!image) return [];
        parts.media.push(image);
        return [embedNode('embedded-asset-block', toGlobalId('Asset', image.asset.id))];
      }
      case 'ComponentArticleTable':
        return tableNode(component.rows);
      default:
        // A component this version of Folio does not know: left out, as unknown rich-text nodes are.
        return [];
    }
  });
}

export interface PageParts {
  page: Page;
  cards: ArticleParts[];
  topics: Topic[];
  media: Media[];
}

const linkFrom = (label: string | null, url: string | null) =>
  label && url ? { label, url } : null;

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
  const blocks = list(entry, 'blocks', path).flatMap((value, index): PageBlock[] => {
    if (value === null) return [];
    const at = `${path}.blocks[${index}]`;
    const block = record(value, at);
    // A block's id: the page's documentId and its place (component ids change at every publish).
    const blockId = `${id}.${index}`;
    const image = () => {
      const media = optionalMedia(block.image, `${at}.image`, strapiUrl);
      if (media) parts.media.push(media);
      return media?.asset.id ?? null;
    };
    switch (block.__typename) {
      case 'ComponentBlocksHero':
        return [
          {
            __typename: 'HeroBlock',
            id: blockId,
            heading: text(block, 'heading', at),
            subheading: optionalText(block, 'subheading', at),
            imageId: image(),
            callToAction: linkFrom(
              optionalText(block, 'ctaLabel', at),
              optionalText(block, 'ctaUrl', at),
            ),
          },
        ];
      case 'ComponentBlocksRichText':
        return [
          {
            __typename: 'RichTextBlock',
            id: blockId,
            body: richTextDocument(blocksToNodes(block.body)),
          },
        ];
      case 'ComponentBlocksArticleList': {
        const topic =
          block.topic === null || block.topic === undefined
            ? null
            : toTopic(block.topic, `${at}.topic`);
        if (topic) parts.topics.push(topic);
        const count =
          block.count === null || block.count === undefined ? 6 : whole(block, 'count', at);
        return [
          {
            __typename: 'ArticleListBlock',
            id: blockId,
            heading: text(block, 'heading', at),
            mode: oneOf(block, 'mode', at, ['LATEST', 'BY_TOPIC'], 'LATEST'),
            topicId: topic?.id ?? null,
            count,
          },
        ];
      }
      case 'ComponentBlocksFeaturedArticles': {
        const cards = list(block, 'articles', at).map((article, position) =>
          toArticle(article, `${at}.articles[${position}]`, strapiUrl, status),
        );
        parts.cards.push(...cards);
        return [
          {
            __typename: 'FeaturedArticlesBlock',
            id: blockId,
            heading: text(block, 'heading', at),
            articleIds: cards.map((card) => card.article.id),
          },
        ];
      }
      case 'ComponentBlocksCallout':
        return [
          {
            __typename: 'CalloutBlock',
            id: blockId,
            heading: text(block, 'heading', at),
            body: optionalText(block, 'calloutBody', at) ?? '',
            tone: oneOf(block, 'tone', at, ['INFO', 'SUCCESS', 'WARNING'], 'INFO'),
            link: linkFrom(
              optionalText(block, 'linkLabel', at),
              optionalText(block, 'linkUrl', at),
            ),
          },
        ];
      case 'ComponentBlocksImage':
        return [
          {
            __typename: 'ImageBlock',
            id: blockId,
            imageId: image(),
            caption: optionalText(block, 'caption', at),
          },
        ];
      case 'ComponentBlocksNewsletterSignup':
        return [
          {
            __typename: 'NewsletterSignupBlock',
            id: blockId,
            heading: text(block, 'heading', at),
            description: optionalText(block, 'description', at) ?? '',
            buttonLabel: optionalText(block, 'buttonLabel', at) ?? 'Subscribe',
          },
        ];
      default:
        return [];
    }
  });
  return {
    page: {
      __typename: 'Page',
      id,
      slug: text(entry, 'slug', path),
      title: text(entry, 'title', path),
      status,
      updatedAt: optionalInstant(entry, 'updatedAt', path) ?? new Date(0).toISOString(),
      seo: {
        title: optionalText(entry, 'seoTitle', path),
        description: optionalText(entry, 'seoDescription', path),
        imageId: seoImage?.asset.id ?? null,
      },
      blocks,
    },
    ...parts,
  };
}

export function toSite(value: unknown, path: string): Site {
  const site = record(value, path);
  const links = (key: string) =>
    list(site, key, path).flatMap((item, index) => {
      if (item === null) return [];
      const link = record(item, `${path}.${key}[${index}]`);
      return [
        {
          label: text(link, 'label', `${path}.${key}[${index}]`),
          url: text(link, 'url', `${path}.${key}[${index}]`),
        },
      ];
    });
  return {
    title: text(site, 'title', path),
    description: optionalText(site, 'description', path) ?? '',
    navigation: links('navigation'),
    footer: links('footer'),
  };
}
