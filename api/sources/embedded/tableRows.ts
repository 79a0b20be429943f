/**
 * The embedded source's rows as its SQL returns them, and each row type's
 * columns for a SELECT; rowsAsContent.ts gives them the source contract's
 * shapes (api/sources/contentSource.ts).
 */

/** What names a row of a kind kept per locale (articles, pages, authors, topics): one row per locale, a translation naming its original. */
export interface LocalizedRow {
  id: number;
  locale: string;
  original_id: number | null;
  slug: string;
}
export interface ArticleRow extends LocalizedRow {
  title: string;
  summary: string;
  body: unknown;
  status: string;
  published_at: Date | string | null;
  updated_at: Date | string;
  hero_image_id: number | null;
  seo_title: string | null;
  seo_description: string | null;
  seo_image_id: number | null;
  reading_time_minutes: number;
  /** A live blog as storedLiveBlog (writes/recordWrites.ts) keeps it; null for any other article. */
  live_blog: StoredLiveBlog | null;
}
export interface StoredLiveBlog {
  coverageStart: string;
  coverageEnd: string | null;
  summary: unknown;
  updates: {
    at: string;
    title: string;
    keyEvent: boolean;
    authorId: number | null;
    body: unknown;
  }[];
}
export interface AuthorRow extends LocalizedRow {
  name: string;
  bio: string;
  avatar_id: number | null;
}
export interface TopicRow extends LocalizedRow {
  name: string;
  description: string;
}
export interface AssetRow {
  id: number;
  key: string;
  file: string;
  alt: string;
  width: number;
  height: number;
  content_type: string;
  version: string;
}
export interface EmbedRow {
  id: number;
  type: 'CodeBlock' | 'PullQuote';
  data: Record<string, string | undefined>;
}
export interface PageRow extends LocalizedRow {
  title: string;
  status: string;
  updated_at: Date | string;
  seo_title: string | null;
  seo_description: string | null;
  seo_image_id: number | null;
  blocks: Record<string, unknown>[];
}

/** Each row type's columns, written once: `alias.column, …` for a SELECT. */
const columns = (alias: string, names: readonly string[]) =>
  names.map((name) => `${alias}.${name}`).join(', ');
/** What names a row of a kind kept per locale: its id, locale, original (a translation's) and slug. */
const LOCALIZED_IDENTITY = ['id', 'locale', 'original_id', 'slug'] as const;
export const articleColumns = (alias: string) =>
  columns(alias, [
    ...LOCALIZED_IDENTITY,
    'title',
    'summary',
    'body',
    'status',
    'published_at',
    'updated_at',
    'hero_image_id',
    'seo_title',
    'seo_description',
    'seo_image_id',
    'reading_time_minutes',
    'live_blog',
  ]);
export const authorColumns = (alias: string) =>
  columns(alias, [...LOCALIZED_IDENTITY, 'name', 'bio', 'avatar_id']);
export const topicColumns = (alias: string) =>
  columns(alias, [...LOCALIZED_IDENTITY, 'name', 'description']);
export const assetColumns = (alias: string) =>
  columns(alias, ['id', 'key', 'file', 'alt', 'width', 'height', 'content_type', 'version']);
export const embedColumns = (alias: string) => columns(alias, ['id', 'type', 'data']);
export const pageColumns = (alias: string) =>
  columns(alias, [
    ...LOCALIZED_IDENTITY,
    'title',
    'status',
    'updated_at',
    'seo_title',
    'seo_description',
    'seo_image_id',
    'blocks',
  ]);
/** The article columns under the alias `a`, the one most statements use. */
export const ARTICLE_COLUMNS = articleColumns('a');

/** A source id as the embedded tables key it (`serial`), or null for anything else. */
export function numericId(id: string): number | null {
  return /^\d{1,9}$/.test(id) ? Number(id) : null;
}
