import type { RichTextNode } from '../../model/contentFiles';
import { plainText, readingTimeMinutes } from '../../model/richText';
import type { Article, Asset, Author, Topic } from '../contentSource';
import { list, optionalInstant, optionalRecord, record, type Json } from '../cms/answerFields';
import { articleOf } from '../cms/documentFields';
import {
  firstPublishedAtOf,
  optionalAsset,
  publishedAtOf,
  sysId,
  toAuthor,
  toTopic,
} from './contentfulEntries';
import { linksOf } from './contentfulRichText';

/** An article as Contentful's answer brings it: with its authors, topics and images, and what its body's links brought. */
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
  /** Its live coverage when it is a live blog and was read whole (its updates are entries of their own: contentfulLiveBlogs.ts). */
  live: LiveCoverage | null;
}

/** What an article entry says of its live blog: a coverage start makes it one. */
export interface LiveCoverage {
  coverageStart: string;
  coverageEnd: string | null;
  /** The pinned summary as Contentful wrote it (a rich-text document without Folio's ids yet), or null. */
  summary: unknown;
}

function liveCoverageOf(entry: Json, path: string): LiveCoverage | null {
  const coverageStart = optionalInstant(entry, 'liveCoverageStart', path);
  if (coverageStart === null) return null;
  return {
    coverageStart,
    coverageEnd: optionalInstant(entry, 'liveCoverageEnd', path),
    summary: optionalRecord(entry.liveSummary, `${path}.liveSummary`)?.json ?? null,
  };
}

/** The items of a `…Collection` an entry links to, each read by `read` (null items, unpublished, left out). */
function linkedItems<T>(
  entry: Json,
  field: string,
  path: string,
  read: (item: unknown, path: string) => T,
): T[] {
  return list(record(entry[field], `${path}.${field}`), 'items', `${path}.${field}`).flatMap(
    (item, index) => (item === null ? [] : [read(item, `${path}.${field}.items[${index}]`)]),
  );
}

/** An article card or a whole article; its authors, topics and images come with it. */
export function toArticle(value: unknown, path: string): ArticleParts {
  const entry = record(value, path);
  const body = record(entry.body, `${path}.body`);
  const { entries, assets: linkedAssets, types } = linksOf(body, `${path}.body`);
  const json = body.json;
  const heroImage = optionalAsset(entry.heroImage, `${path}.heroImage`);
  const seoImage = optionalAsset(entry.seoImage, `${path}.seoImage`);
  const authors = linkedItems(entry, 'authorsCollection', path, toAuthor);
  const topics = linkedItems(entry, 'topicsCollection', path, toTopic);
  const lastPublished = publishedAtOf(entry, path);
  // No publicationDate: readers see it from its first publication (docs/content-model.md#content-states).
  const publishedAt =
    optionalInstant(entry, 'publicationDate', path) ??
    (lastPublished === null ? null : firstPublishedAtOf(entry, path));
  const words = typeof json === 'object' && json !== null ? plainText(json as RichTextNode) : '';
  const article = articleOf(entry, path, {
    id: sysId(entry, path),
    // As Contentful wrote it: it gets Folio's ids once the linked entries' types are known (contentfulLinkedEntries.ts).
    body: json,
    // Contentful has no status: an entry the delivery API has published is published; the rest are drafts (seen only in preview).
    status: lastPublished === null ? 'DRAFT' : 'PUBLISHED',
    publishedAt,
    // The content's own `lastUpdated` (sys.publishedAt is stamped by Contentful at each publish:
    // an import's time for every entry); without it, the last publish; a draft never published is as new as the request reading it.
    updatedAt: () =>
      optionalInstant(entry, 'lastUpdated', path) ??
      lastPublished ??
      publishedAt ??
      new Date().toISOString(),
    heroImageId: heroImage?.id ?? null,
    seoImageId: seoImage?.id ?? null,
    readingTimeMinutes: readingTimeMinutes(words),
  });
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
    live: liveCoverageOf(entry, path),
  };
}
