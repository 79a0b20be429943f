/** Rows as the loaders return them, tagged with their GraphQL type. */
export interface ArticleRow {
  __typename: 'Article';
  id: number;
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
  helpful_count: number;
  not_helpful_count: number;
}
export interface AuthorRow {
  __typename: 'Author';
  id: number;
  slug: string;
  name: string;
  bio: string;
  avatar_id: number | null;
}
export interface TopicRow {
  __typename: 'Topic';
  id: number;
  slug: string;
  name: string;
  description: string;
}
export interface AssetRow {
  __typename: 'Asset';
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
  __typename: 'CodeBlock' | 'PullQuote';
  id: number;
  type: 'CodeBlock' | 'PullQuote';
  data: Record<string, string | undefined>;
}
export interface PageRow {
  __typename: 'Page';
  id: number;
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
const columns = (alias: string, names: readonly string[]) => names.map((name) => `${alias}.${name}`).join(', ');
export const articleColumns = (alias: string) =>
  columns(alias, [
    'id',
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
    'helpful_count',
    'not_helpful_count',
  ]);
export const authorColumns = (alias: string) => columns(alias, ['id', 'slug', 'name', 'bio', 'avatar_id']);
export const topicColumns = (alias: string) => columns(alias, ['id', 'slug', 'name', 'description']);
export const assetColumns = (alias: string) => columns(alias, ['id', 'key', 'file', 'alt', 'width', 'height', 'content_type', 'version']);
export const embedColumns = (alias: string) => columns(alias, ['id', 'type', 'data']);
export const pageColumns = (alias: string) => columns(alias, ['id', 'slug', 'title', 'status', 'updated_at', 'seo_title', 'seo_description', 'seo_image_id', 'blocks']);
/** The article columns under the alias `a`, the one most statements use. */
export const ARTICLE_COLUMNS = articleColumns('a');

export function tag<T extends { __typename: string }>(typename: T['__typename'], rows: Omit<T, '__typename'>[]): T[] {
  return rows.map((row) => ({ ...row, __typename: typename }) as T);
}

export function isoString(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
