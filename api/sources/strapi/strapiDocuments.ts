import type { Asset, Author, Site, Topic } from '../contentSource';
import { list, optionalText, record, text, whole, type Json } from '../cms/answerFields';
import { imageFile, imageVersion } from '../cms/assetFiles';
import { authorOf, siteOf, topicOf } from '../cms/documentFields';

/**
 * Strapi's media files, topics, authors and site in the product's shapes
 * (api/sources/contentSource.ts). Every field is read through
 * api/sources/cms/answerFields.ts: a missing or mistyped one is a ShapeError
 * naming its path.
 */

export const documentIdOf = (entry: Json, path: string) => text(entry, 'documentId', path);

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
      file: imageFile(
        id,
        optionalText(media, 'name', path) ?? `image${optionalText(media, 'ext', path) ?? '.jpg'}`,
      ),
      version: imageVersion(url),
      width: whole(media, 'width', path),
      height: whole(media, 'height', path),
      alt: optionalText(media, 'alternativeText', path) ?? '',
      contentType: text(media, 'mime', path),
    },
    url: new URL(url, `${strapiUrl}/`).toString(),
  };
}

export const optionalMedia = (value: unknown, path: string, strapiUrl: string) =>
  value === null || value === undefined ? null : toMedia(value, path, strapiUrl);

export function toTopic(value: unknown, path: string): Topic {
  const topic = record(value, path);
  return topicOf(topic, documentIdOf(topic, path), path);
}

export function toAuthor(
  value: unknown,
  path: string,
  strapiUrl: string,
): { author: Author; media: Media[] } {
  const entry = record(value, path);
  const avatar = optionalMedia(entry.avatar, `${path}.avatar`, strapiUrl);
  return {
    author: authorOf(entry, documentIdOf(entry, path), path, avatar?.asset.id ?? null),
    media: avatar ? [avatar] : [],
  };
}

export function toSite(value: unknown, path: string): Site {
  const site = record(value, path);
  return siteOf(site, path, (key) =>
    list(site, key, path).flatMap((item, index) => {
      if (item === null) return [];
      const at = `${path}.${key}[${index}]`;
      const link = record(item, at);
      return [{ label: text(link, 'label', at), url: text(link, 'url', at) }];
    }),
  );
}
