/**
 * The embedded source's rows as its SQL returns them, and each row type's
 * columns for a SELECT; rowsAsContent.ts gives them the source contract's
 * shapes (api/sources/contentSource.ts).
 */

export interface ArticleRow {
  id: number;
  locale: string;
  original_id: number | null;
  slug: string;
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
}
export interface AuthorRow {
  id: number;
  locale: string;
  original_id: number | null;
  slug: string;
  name: string;
  bio: string;
  avatar_id: number | null;
}
export interface TopicRow {
  id: number;
  locale: string;
  original_id: number | null;
  slug: string;
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
export interface PageRow {
  id: number;
  locale: string;
  original_id: number | null;
  slug: string;
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
export const articleColumns = (alias: string) =>
  columns(alias, [
    'id',
    'locale',
    'original_id',
    'slug',
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
  ]);
export const authorColumns = (alias: string) =>
  columns(alias, ['id', 'locale', 'original_id', 'slug', 'name', 'bio', 'avatar_id']);
export const topicColumns = (alias: string) =>
  columns(alias, ['id', 'locale', 'original_id', 'slug', 'name', 'description']);
export const assetColumns = (alias: string) =>
  columns(alias, ['id', 'key', 'file', 'alt', 'width', 'height', 'content_type', 'version']);
export const embedColumns = (alias: string) => columns(alias, ['id', 'type', 'data']);
export const pageColumns = (alias: string) =>
  columns(alias, [
    'id',
    'locale',
    'original_id',
    'slug',
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
