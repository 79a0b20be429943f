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

export const ARTICLE_COLUMNS =
  'a.id, a.slug, a.title, a.summary, a.body, a.status, a.published_at, a.updated_at, a.hero_image_id, a.seo_title, a.seo_description, a.seo_image_id, a.reading_time_minutes, a.helpful_count, a.not_helpful_count';

export function tag<T extends { __typename: string }>(typename: T['__typename'], rows: Omit<T, '__typename'>[]): T[] {
  return rows.map((row) => ({ ...row, __typename: typename }) as T);
}

export function isoString(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
