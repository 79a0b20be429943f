import { createHash } from 'node:crypto';
import type { RichTextNode } from '../../model/contentFiles';
import {
  plainText,
  readingTimeMinutes,
  referencedIds,
  rewriteReferences,
} from '../../model/richText';
import { toGlobalId } from '../../model/globalId';
import type {
  Article,
  Asset,
  Author,
  Embed,
  Link,
  Page,
  PageBlock,
  Site,
  Topic,
} from '../contentSource';
import {
  list,
  oneOf,
  optionalInstant,
  optionalRecord,
  optionalText,
  record,
  text,
  whole,
  type Json,
} from '../cms/answerFields';

/**
 * Contentful's answers in the product's shapes (api/sources/contentSource.ts).
 * Every field is read through api/sources/cms/answerFields.ts: a missing or mistyped one
 * is a ShapeError naming its path.
 */

const ENTRY_TYPES = new Set(['Article', 'Author', 'Topic', 'Page', 'CodeBlock', 'PullQuote']);

export const sysId = (entry: Json, path: string) =>
  text(record(entry.sys, `${path}.sys`), 'id', `${path}.sys`);
const publishedAtOf = (entry: Json, path: string) =>
  optionalInstant(record(entry.sys, `${path}.sys`), 'publishedAt', `${path}.sys`);

/** An asset's file under /images: its id and file name, so one asset's files never collide with another's. */
export function assetFile(id: string, fileName: string): string {
  const safe = fileName.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+/, '') || 'image';
  return `${id}/${safe}`;
}

export function toAsset(value: unknown, path: string): Asset {
  const asset = record(value, path);
  const id = sysId(asset, path);
  const url = text(asset, 'url', path);
  return {
    __typename: 'Asset',
    id,
    file: assetFile(id, optionalText(asset, 'fileName', path) ?? 'image.jpg'),
    // Contentful's file URLs change with the file: the version follows the URL.
    version: createHash('sha256').update(url).digest('hex').slice(0, 10),
    width: whole(asset, 'width', path),
    height: whole(asset, 'height', path),
    alt: optionalText(asset, 'description', path) ?? optionalText(asset, 'title', path) ?? '',
    contentType: text(asset, 'contentType', path),
  };
}

export const optionalAsset = (value: unknown, path: string) =>
  value === null || value === undefined ? null : toAsset(value, path);

export function toTopic(value: unknown, path: string): Topic {
  const topic = record(value, path);
  return {
    __typename: 'Topic',
    id: sysId(topic, path),
    slug: text(topic, 'slug', path),
    name: text(topic, 'name', path),
    description: optionalText(topic, 'description', path) ?? '',
  };
}

export function toAuthor(value: unknown, path: string): Author & { avatar: Asset | null } {
  const author = record(value, path);
  const avatar = optionalAsset(author.avatar, `${path}.avatar`);
  return {
    __typename: 'Author',
    id: sysId(author, path),
    slug: text(author, 'slug', path),
    name: text(author, 'name', path),
    bio: optionalText(author, 'bio', path) ?? '',
    avatarId: avatar?.id ?? null,
    avatar,
  };
}

export function toEmbed(value: unknown, path: string): Embed {
  const entry = record(value, path);
  const id = sysId(entry, path);
  return entry.__typename === 'CodeBlock'
    ? {
        __typename: 'CodeBlock',
        id,
        language: optionalText(entry, 'language', path) ?? 'text',
        code: text(entry, 'code', path),
        caption: optionalText(entry, 'caption', path),
      }
    : {
        __typename: 'PullQuote',
        id,
        quote: text(entry, 'quote', path),
        attribution: optionalText(entry, 'attribution', path),
      };
}

/**
 * A Contentful rich-text document with Folio's global ids in its links:
 * assets by the link's own `linkType`, entries by the type their `links`
 * name. An entry whose type is not known (unpublished, or its links not
 * fetched) keeps Contentful's id, which names nothing Folio resolves: the
 * client leaves that embed out.
 */
export function withGlobalIds(json: unknown, entryTypes: ReadonlyMap<string, string>): unknown {
  if (typeof json !== 'object' || json === null) return json;
  return rewriteReferences(json as RichTextNode, (id, sys) => {
    const type = sys.linkType === 'Asset' ? 'Asset' : entryTypes.get(id);
    return type ? toGlobalId(type, id) : null;
  });
}

/** The ids of the entries a document links to (its asset links left out). */
export const linkedEntryIds = (json: unknown) =>
  referencedIds(json, (sys) => sys.linkType !== 'Asset');

/** The links' entries and assets, and each linked entry's type by id. */
export function linksOf(
  body: Json,
  path: string,
): { entries: Json[]; assets: unknown[]; types: Map<string, string> } {
  const links = optionalRecord(body.links, `${path}.links`);
  const types = new Map<string, string>();
  if (!links) return { entries: [], assets: [], types };
  const entryGroups = record(links.entries, `${path}.links.entries`);
  const assetGroups = record(links.assets, `${path}.links.assets`);
  const entries = ['block', 'inline', 'hyperlink'].flatMap((group) =>
    list(entryGroups, group, `${path}.links.entries`).flatMap((entry, index) =>
      entry === null ? [] : [record(entry, `${path}.links.entries.${group}[${index}]`)],
    ),
  );
  for (const entry of entries) {
    const type =
      typeof entry.__typename === 'string' && ENTRY_TYPES.has(entry.__typename)
        ? entry.__typename
        : null;
    if (type) types.set(sysId(entry, `${path}.links`), type);
  }
  const assets = ['block', 'hyperlink'].flatMap((group) =>
    list(assetGroups, group, `${path}.links.assets`).filter((asset) => asset !== null),
  );
  // Asset links carry their own type; the document names them by id alone.
  for (const asset of assets)
    types.set(sysId(record(asset, `${path}.links.assets`), `${path}.links.assets`), 'Asset');
  return { entries, assets, types };
}

export interface ArticleParts {
  article: Article;
  authors: (Author & { avatar: Asset | null })[];
  topics: Topic[];
  assets: Asset[];
  /** The entries and assets its body links to (when they were asked for). */
  linked: Json[];
  linkedAssets: unknown[];
  /** Whether its body's links came with it (the article page): then every entry it links to is typed. */
  wholeBody: boolean;
  /** The types of the entries its body links to, as its `links` said (empty without them). */
  linkTypes: Map<string, string>;
}

/** An article card or a whole article; its authors, topics and images come with it. */
export function toArticle(value: unknown, path: string): ArticleParts {
  const entry = record(value, path);
  const body = record(entry.body, `${path}.body`);
  const { entries, assets: linkedAssets, types } = linksOf(body, `${path}.body`);
  const json = body.json;
  const heroImage = optionalAsset(entry.heroImage, `${path}.heroImage`);
  const seoImage = optionalAsset(entry.seoImage, `${path}.seoImage`);
  const authors = list(
    record(entry.authorsCollection, `${path}.authorsCollection`),
    'items',
    `${path}.authorsCollection`,
  ).flatMap((author, index) =>
    author === null ? [] : [toAuthor(author, `${path}.authorsCollection.items[${index}]`)],
  );
  const topics = list(
    record(entry.topicsCollection, `${path}.topicsCollection`),
    'items',
    `${path}.topicsCollection`,
  ).flatMap((topic, index) =>
    topic === null ? [] : [toTopic(topic, `${path}.topicsCollection.items[${index}]`)],
  );
  const publishedAt = optionalInstant(entry, 'publicationDate', path);
  const lastPublished = publishedAtOf(entry, path);
  const words = typeof json === 'object' && json !== null ? plainText(json as RichTextNode) : '';
  const article: Article = {
    __typename: 'Article',
    id: sysId(entry, path),
    slug: text(entry, 'slug', path),
    title: text(entry, 'title', path),
    summary: optionalText(entry, 'summary', path) ?? '',
    // As Contentful wrote it: it gets Folio's ids once the linked entries' types are known (contentfulSource.ts).
    body: json,
    // Contentful has no status: an entry the delivery API has published is published; the rest are drafts (seen only in preview).
    status: lastPublished === null ? 'DRAFT' : 'PUBLISHED',
    publishedAt,
    // The content's own `lastUpdated` (sys.publishedAt is stamped by Contentful at each publish:
    // an import's time for every entry); without it, the last publish; a draft never published is as new as the request reading it.
    updatedAt:
      optionalInstant(entry, 'lastUpdated', path) ??
      lastPublished ??
      publishedAt ??
      new Date().toISOString(),
    heroImageId: heroImage?.id ?? null,
    seo: {
      title: optionalText(entry, 'seoTitle', path),
      description: optionalText(entry, 'seoDescription', path),
      imageId: seoImage?.id ?? null,
    },
    readingTimeMinutes: readingTimeMinutes(words),
  };
  const assets = [heroImage, seoImage, ...authors.map((author) => author.avatar)].filter(
    (asset): asset is Asset => asset !== null,
  );
  return {
    article,
    authors,
    topics,
    assets,
    linked: entries,
    linkedAssets,
    wholeBody: body.links !== undefined && body.links !== null,
    linkTypes: types,
  };
}

const linkFrom = (label: string | null, url: string | null): Link | null =>
  label && url ? { label, url } : null;

/**
 * A page as its request brings it: featured articles by id (the schema reads
 * them by id, and leaves out those the reader may not see), and rich-text
 * bodies as Contentful wrote them: `page.blocks` gets Folio's ids in them
 * once the entries they link to are typed (contentfulSource.ts).
 */
export interface PageParts {
  page: Page;
  topics: Topic[];
  assets: Asset[];
}

export function toPage(value: unknown, path: string): PageParts {
  const entry = record(value, path);
  const seoImage = optionalAsset(entry.seoImage, `${path}.seoImage`);
  const parts: Omit<PageParts, 'page'> = { topics: [], assets: seoImage ? [seoImage] : [] };
  const items = list(
    record(entry.blocksCollection, `${path}.blocksCollection`),
    'items',
    `${path}.blocksCollection`,
  );
  const blocks = items.flatMap((item, index): PageBlock[] => {
    if (item === null) return [];
    const at = `${path}.blocksCollection.items[${index}]`;
    const block = record(item, at);
    const id = sysId(block, at);
    switch (block.__typename) {
      case 'HeroBlock': {
        const image = optionalAsset(block.image, `${at}.image`);
        if (image) parts.assets.push(image);
        return [
          {
            __typename: 'HeroBlock',
            id,
            heading: text(block, 'heading', at),
            subheading: optionalText(block, 'subheading', at),
            imageId: image?.id ?? null,
            callToAction: linkFrom(
              optionalText(block, 'ctaLabel', at),
              optionalText(block, 'ctaUrl', at),
            ),
          },
        ];
      }
      case 'RichTextBlock': {
        return [{ __typename: 'RichTextBlock', id, body: record(block.body, `${at}.body`).json }];
      }
      case 'ArticleListBlock': {
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
            id,
            heading: text(block, 'heading', at),
            mode: oneOf(block, 'mode', at, ['LATEST', 'BY_TOPIC'], 'LATEST'),
            topicId: topic?.id ?? null,
            count,
          },
        ];
      }
      case 'FeaturedArticlesBlock': {
        // An article the request may not see is null here (Contentful cannot resolve the link): not featured.
        const articleIds = list(
          record(block.articlesCollection, `${at}.articlesCollection`),
          'items',
          `${at}.articlesCollection`,
        ).flatMap((article, position) =>
          article === null
            ? []
            : [
                sysId(
                  record(article, `${at}.articlesCollection.items[${position}]`),
                  `${at}.articlesCollection.items[${position}]`,
                ),
              ],
        );
        return [
          {
            __typename: 'FeaturedArticlesBlock',
            id,
            heading: text(block, 'heading', at),
            articleIds,
          },
        ];
      }
      case 'CalloutBlock':
        return [
          {
            __typename: 'CalloutBlock',
            id,
            heading: text(block, 'heading', at),
            // Aliased: another block's `body` is rich text, and one selection cannot hold both types under one name.
            body: optionalText(block, 'calloutBody', at) ?? '',
            tone: oneOf(block, 'tone', at, ['INFO', 'SUCCESS', 'WARNING'], 'INFO'),
            link: linkFrom(
              optionalText(block, 'linkLabel', at),
              optionalText(block, 'linkUrl', at),
            ),
          },
        ];
      case 'ImageBlock': {
        const image = optionalAsset(block.image, `${at}.image`);
        if (image) parts.assets.push(image);
        return [
          {
            __typename: 'ImageBlock',
            id,
            imageId: image?.id ?? null,
            caption: optionalText(block, 'caption', at),
          },
        ];
      }
      case 'NewsletterSignupBlock':
        return [
          {
            __typename: 'NewsletterSignupBlock',
            id,
            heading: text(block, 'heading', at),
            description: optionalText(block, 'description', at) ?? '',
            buttonLabel: optionalText(block, 'buttonLabel', at) ?? 'Subscribe',
          },
        ];
      default:
        // A block type this version of Folio does not know: left out, as the client leaves out unknown blocks.
        return [];
    }
  });
  const lastPublished = publishedAtOf(entry, path);
  const page: Page = {
    __typename: 'Page',
    id: sysId(entry, path),
    slug: text(entry, 'slug', path),
    title: text(entry, 'title', path),
    status: lastPublished === null ? 'DRAFT' : 'PUBLISHED',
    // The content's own `lastUpdated`, as for articles.
    updatedAt:
      optionalInstant(entry, 'lastUpdated', path) ?? lastPublished ?? new Date().toISOString(),
    seo: {
      title: optionalText(entry, 'seoTitle', path),
      description: optionalText(entry, 'seoDescription', path),
      imageId: seoImage?.id ?? null,
    },
    blocks,
  };
  return { page, ...parts };
}

/** A JSON field holding `[{label, url}]`; entries that are not links are left out. */
function linksIn(value: unknown): Link[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const link = item as { label?: unknown; url?: unknown } | null;
    return typeof link?.label === 'string' && typeof link.url === 'string'
      ? [{ label: link.label, url: link.url }]
      : [];
  });
}

export function toSite(value: unknown, path: string): Site {
  const site = record(value, path);
  return {
    title: text(site, 'title', path),
    description: optionalText(site, 'description', path) ?? '',
    navigation: linksIn(site.navigation),
    footer: linksIn(site.footer),
  };
}
