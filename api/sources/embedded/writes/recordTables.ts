import { DEFAULT_LOCALE } from '../../../../shared/locales';
import type { RecordKind } from '../../../model/recordKinds';
import { inLocale } from '../visibility';

/**
 * Where the embedded source keeps each kind of content/'s records, and what
 * every write shares: which rows are the originals, and how many rows go in
 * one statement.
 */

/** The tables each kind is kept in, the column its key is, and (for embeds, which share one table) the type its rows have. */
export const TABLES: Record<
  Exclude<RecordKind, 'translation'>,
  { table: string; key: string; type?: 'CodeBlock' | 'PullQuote'; localized?: true }
> = {
  site: { table: 'site', key: 'id' },
  asset: { table: 'assets', key: 'key' },
  author: { table: 'authors', key: 'slug', localized: true },
  topic: { table: 'topics', key: 'slug', localized: true },
  codeBlock: { table: 'embeds', key: 'key', type: 'CodeBlock' },
  pullQuote: { table: 'embeds', key: 'key', type: 'PullQuote' },
  article: { table: 'articles', key: 'slug', localized: true },
  page: { table: 'pages', key: 'slug', localized: true },
};

/**
 * The rows content/'s files are (the default locale's); a translation is a
 * row of its own in its locale (docs/decisions.md#locales), never touched
 * by what writes an original.
 */
export const original = (alias: string) => inLocale(alias, DEFAULT_LOCALE);

/**
 * Rows per batched statement: the values of 20 articles in one parameter.
 * PGlite runs each statement on the thread that serves readers: 250 articles
 * held it 300–430 ms, 20 hold it 20–75 ms (measured; the top when the search
 * index merges its pending entries). A PostgreSQL server pays a few more
 * round trips.
 */
export const BATCH = 20;
