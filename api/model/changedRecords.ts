import type { Locale } from '../../shared/locales';

/**
 * The records a content change names (api/changes/contentChange.ts): what
 * publishing, a CMS webhook or the schedule says changed, in Folio's words.
 */
export type ChangedRecordType =
  'Article' | 'Author' | 'Topic' | 'Page' | 'Site' | 'Asset' | 'Embed' | 'Block';

export interface ChangedRecord {
  /**
   * `Embed` (a code block or pull quote) and `Block` (a page block) are
   * records of their own only where the source makes them entries published
   * on their own (Contentful's linked entries); elsewhere they are parts of
   * the article or page that shows them, and change with it.
   */
  type: ChangedRecordType;
  /** The source's own id: a serial of the embedded database, a Strapi `documentId`, a Contentful `sys.id`. */
  id: string;
  /**
   * The language the change is in, when the announcer knows it (a translation
   * published, a Strapi webhook's `entry.locale`): the lists and searches of
   * that locale are dropped, the others' kept. None: the record changed in
   * every locale it has (a Contentful entry, whose webhook names none).
   */
  locale?: Locale;
}
