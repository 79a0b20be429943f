import type { RichTextNode } from '../../model/contentFiles';
import { plainText, readingTimeMinutes } from '../../model/richText';
import { toGlobalId } from '../../model/globalId';
import type { Article, Author, ContentStatus, Embed, Topic } from '../contentSource';
import { list, optionalInstant, record, type Json } from '../cms/answerFields';
import { articleOf, codeBlockOf, pullQuoteOf } from '../cms/documentFields';
import { documentIdOf, optionalMedia, toAuthor, toTopic, type Media } from './strapiDocuments';
import { liveBlogOf } from './strapiLiveBlogs';
import { blocksToNodes, embedNode, richTextDocument, tableNode } from './strapiRichText';

/** An article as Strapi's answer brings it: with its authors, topics, images, embeds and the cards its body shows. */
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

/** What the body's components are read with: the article's id, Strapi's address, the status read, and where embeds go. */
interface BodyContext {
  articleId: string;
  strapiUrl: string;
  status: ContentStatus;
  parts: ArticleParts;
}

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
  const context: BodyContext = { articleId: id, strapiUrl, status, parts };
  const body = richTextDocument(
    parts.whole ? bodyNodes(list(entry, 'body', path), `${path}.body`, context) : [],
  );
  const readable = parts.whole ? body : cardReadingText(entry, path, context);
  const publishedAt = optionalInstant(entry, 'publicationDate', path);
  parts.article = articleOf(entry, path, {
    id,
    body,
    status,
    publishedAt,
    updatedAt: () =>
      optionalInstant(entry, 'updatedAt', path) ?? publishedAt ?? new Date(0).toISOString(),
    heroImageId: heroImage?.asset.id ?? null,
    seoImageId: seoImage?.asset.id ?? null,
    readingTimeMinutes: readingTimeMinutes(plainText(readable as RichTextNode)),
  });
  // A whole article says whether it is a live blog; a card leaves it unsaid.
  if (parts.whole) parts.article.liveBlog = liveBlogOf(entry, id, path);
  return parts;
}

/**
 * A card's reading time is the whole article's: from its text, which the
 * card carries alone (`readingText`: its text and tables; other components
 * come with their type alone, as GraphQL merges a card's fields).
 */
function cardReadingText(entry: Json, path: string, context: BodyContext): unknown {
  return richTextDocument(
    entry.readingText === undefined
      ? []
      : bodyNodes(
          list(entry, 'readingText', path).filter((component) =>
            READING_COMPONENTS.has(String((component as Json | null)?.__typename)),
          ),
          `${path}.readingText`,
          context,
        ),
  );
}

/** The body's dynamic zone as rich-text nodes; embeds become entries and assets the document links to. */
function bodyNodes(components: unknown[], path: string, context: BodyContext) {
  return components.flatMap((value, index) => {
    if (value === null) return [];
    const at = `${path}[${index}]`;
    return componentNodes(record(value, at), at, index, context);
  });
}

/** One component of the body as rich-text nodes. */
function componentNodes(component: Json, at: string, index: number, context: BodyContext) {
  const { articleId, strapiUrl, status, parts } = context;
  switch (component.__typename) {
    case 'ComponentArticleText':
      return blocksToNodes(component.content);
    case 'ComponentArticleCodeBlock':
    case 'ComponentArticlePullQuote': {
      const embed =
        component.__typename === 'ComponentArticleCodeBlock'
          ? codeBlockOf(component, embedId(articleId, index), at)
          : pullQuoteOf(component, embedId(articleId, index), at);
      parts.embeds.push(embed);
      return [embedNode('embedded-entry-block', toGlobalId(embed.__typename, embed.id))];
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
}
