import type {
  Article,
  Author,
  ContentStatus,
  Embed,
  Link,
  Page,
  SeoFields,
  Site,
  Topic,
} from '../contentSource';
import { optionalText, text, type Json } from './answerFields';

/**
 * Folio's documents from the fields Strapi and Contentful name alike
 * (cms/README.md: both carry one content model). What each CMS says its own
 * way (ids, images, statuses, dates, rich text) is read by its own shapes
 * and given here; every field is read in the order written below, so the
 * first field of a bad answer is the one the log names.
 */

export function topicOf(topic: Json, id: string, path: string): Topic {
  return {
    __typename: 'Topic',
    id,
    slug: text(topic, 'slug', path),
    name: text(topic, 'name', path),
    description: optionalText(topic, 'description', path) ?? '',
  };
}

export function authorOf(author: Json, id: string, path: string, avatarId: string | null): Author {
  return {
    __typename: 'Author',
    id,
    slug: text(author, 'slug', path),
    name: text(author, 'name', path),
    bio: optionalText(author, 'bio', path) ?? '',
    avatarId,
  };
}

export function codeBlockOf(entry: Json, id: string, path: string): Embed {
  return {
    __typename: 'CodeBlock',
    id,
    language: optionalText(entry, 'language', path) ?? 'text',
    code: text(entry, 'code', path),
    caption: optionalText(entry, 'caption', path),
  };
}

export function pullQuoteOf(entry: Json, id: string, path: string): Embed {
  return {
    __typename: 'PullQuote',
    id,
    quote: text(entry, 'quote', path),
    attribution: optionalText(entry, 'attribution', path),
  };
}

export function seoOf(entry: Json, path: string, imageId: string | null): SeoFields {
  return {
    title: optionalText(entry, 'seoTitle', path),
    description: optionalText(entry, 'seoDescription', path),
    imageId,
  };
}

/** What an article's CMS says its own way; `updatedAt` is read after the summary. */
export interface ArticleOwnFields {
  id: string;
  body: unknown;
  status: ContentStatus;
  publishedAt: string | null;
  updatedAt: () => string;
  heroImageId: string | null;
  seoImageId: string | null;
  readingTimeMinutes: number;
}

export function articleOf(entry: Json, path: string, own: ArticleOwnFields): Article {
  return {
    __typename: 'Article',
    id: own.id,
    slug: text(entry, 'slug', path),
    title: text(entry, 'title', path),
    summary: optionalText(entry, 'summary', path) ?? '',
    body: own.body,
    status: own.status,
    publishedAt: own.publishedAt,
    updatedAt: own.updatedAt(),
    heroImageId: own.heroImageId,
    seo: seoOf(entry, path, own.seoImageId),
    readingTimeMinutes: own.readingTimeMinutes,
  };
}

/** What a page's CMS says its own way; `updatedAt` is read after the title. */
export interface PageOwnFields {
  id: string;
  status: ContentStatus;
  updatedAt: () => string;
  seoImageId: string | null;
  blocks: Page['blocks'];
}

export function pageOf(entry: Json, path: string, own: PageOwnFields): Page {
  return {
    __typename: 'Page',
    id: own.id,
    slug: text(entry, 'slug', path),
    title: text(entry, 'title', path),
    status: own.status,
    updatedAt: own.updatedAt(),
    seo: seoOf(entry, path, own.seoImageId),
    blocks: own.blocks,
  };
}

/** The site's title and description, and its two lists of links as `linksOf` reads them. */
export function siteOf(
  site: Json,
  path: string,
  linksOf: (key: 'navigation' | 'footer') => Link[],
): Site {
  return {
    title: text(site, 'title', path),
    description: optionalText(site, 'description', path) ?? '',
    navigation: linksOf('navigation'),
    footer: linksOf('footer'),
  };
}
