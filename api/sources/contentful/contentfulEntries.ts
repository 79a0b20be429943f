import type { Asset, Author, Embed, Link, Site, Topic } from '../contentSource';
import { optionalInstant, optionalText, record, text, whole, type Json } from '../cms/answerFields';
import { imageFile, imageVersion } from '../cms/assetFiles';
import { authorOf, codeBlockOf, pullQuoteOf, siteOf, topicOf } from '../cms/documentFields';

/**
 * Contentful's assets and its entries other than articles and pages, in the
 * product's shapes (api/sources/contentSource.ts). Every field is read
 * through api/sources/cms/answerFields.ts: a missing or mistyped one is a
 * ShapeError naming its path.
 */

export const sysId = (entry: Json, path: string) =>
  text(record(entry.sys, `${path}.sys`), 'id', `${path}.sys`);

/** When Contentful last published the entry (`sys.publishedAt`); null for a draft never published. */
export const publishedAtOf = (entry: Json, path: string) =>
  optionalInstant(record(entry.sys, `${path}.sys`), 'publishedAt', `${path}.sys`);

/** When Contentful first published the entry (`sys.firstPublishedAt`, kept through later publishes); null for a draft never published. */
export const firstPublishedAtOf = (entry: Json, path: string) =>
  optionalInstant(record(entry.sys, `${path}.sys`), 'firstPublishedAt', `${path}.sys`);

/**
 * Readers see an article from its `publicationDate`; one published with that
 * field empty, from the moment Contentful first published it
 * (docs/content-model.md#content-states). Written where each query asks
 * Contentful for what readers may see.
 */
export const READERS_SEE_IT =
  'OR: [{ publicationDate_lte: $now } { publicationDate_exists: false }]';

export function toAsset(value: unknown, path: string): Asset {
  const asset = record(value, path);
  const id = sysId(asset, path);
  const url = text(asset, 'url', path);
  return {
    __typename: 'Asset',
    id,
    file: imageFile(id, optionalText(asset, 'fileName', path) ?? 'image.jpg'),
    version: imageVersion(url),
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
  return topicOf(topic, sysId(topic, path), path);
}

export function toAuthor(value: unknown, path: string): Author & { avatar: Asset | null } {
  const author = record(value, path);
  const avatar = optionalAsset(author.avatar, `${path}.avatar`);
  return { ...authorOf(author, sysId(author, path), path, avatar?.id ?? null), avatar };
}

/** A code block or a pull quote: entries of their own in Contentful. */
export function toEmbed(value: unknown, path: string): Embed {
  const entry = record(value, path);
  const id = sysId(entry, path);
  return entry.__typename === 'CodeBlock'
    ? codeBlockOf(entry, id, path)
    : pullQuoteOf(entry, id, path);
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
  return siteOf(site, path, (key) => linksIn(site[key]));
}
