import type { Database } from './db/database';
import { inLocaleKey, recordKey, slugKey } from './caches/cacheKeys';
import type { ContentReader, ContentSource, Translatable } from './sources/contentSource';
import {
  documentThatLeft,
  movedLocation,
  sluggedPath,
  type SluggedType,
} from './sources/slugHistory';

/** An old address's answer for readers: where its document is now, and the keys a change drops it by. */
export interface MovedAddress {
  /** The document's path now, in the same locale, with the query asked (`/de/articles/new?x=1`). */
  location: string;
  /**
   * The old slug's lookup (a document taking the slug, or the slug's
   * document moving back, drops it) and the document's own key (a next
   * rename drops it, so a chain of renames stays one hop).
   */
  keys: string[];
}

const bySlugOrId = (
  reader: ContentReader,
  type: SluggedType,
  by: { slug: string } | { id: string },
): Promise<Translatable | null> => {
  switch (type) {
    case 'Article':
      return reader.article(by);
    case 'Author':
      return reader.author(by);
    case 'Topic':
      return reader.topic(by);
    case 'Page':
      return reader.page(by);
  }
};

/**
 * Where a reader asking for an address a document left is sent
 * (docs/routes.md#addresses-that-moved): the page handler answers 301 with
 * it. Null for every other path, at the cost of one lookup by primary key in
 * Folio's database; the source is read only for a slug that was left: the
 * slug is nobody's now (a document that took it, not yet resolved, wins)
 * and its document is one readers see.
 */
export function movedAddresses(db: Database, source: ContentSource) {
  return async (pathname: string, search: string): Promise<MovedAddress | null> => {
    const asked = sluggedPath(pathname);
    if (!asked) return null;
    const { type, locale, slug } = asked;
    const id = await documentThatLeft(db, source.kind, type, locale, slug);
    if (id === null) return null;
    const reader = source.reader({ preview: false, locale });
    const [holder, document] = await Promise.all([
      bySlugOrId(reader, type, { slug }),
      bySlugOrId(reader, type, { id }),
    ]);
    if (holder || !document || document.slug === slug) return null;
    return {
      location: movedLocation(document, locale, search),
      keys: [inLocaleKey(slugKey(type, slug)!, locale), recordKey(type, document.id)],
    };
  };
}
