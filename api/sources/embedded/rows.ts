import type { Locale } from '../../../shared/locales';
import type {
  Article,
  Asset,
  Author,
  ContentStatus,
  Embed,
  Link,
  Page,
  PageBlock,
  Topic,
} from '../contentSource';

/** Rows as the embedded source's SQL returns them; `toArticle` and the others below give the product's shapes (contentSource.ts). */
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

export function tag<T extends { __typename: string }>(
  typename: T['__typename'],
  rows: Omit<T, '__typename'>[],
): T[] {
  return rows.map((row) => ({ ...row, __typename: typename }) as T);
}

export function isoString(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** A source id as the embedded tables key it (`serial`), or null for anything else. */
export function numericId(id: string): number | null {
  return /^\d{1,9}$/.test(id) ? Number(id) : null;
}

const idOf = (id: number | null | undefined) =>
  id === null || id === undefined ? null : String(id);
const textOf = (value: unknown) => (typeof value === 'string' ? value : null);

/** A translation row's document is its original's (docs/decisions.md#locales); an original's is itself. */
const documentOf = (row: { original_id: number | null }) =>
  row.original_id === null || row.original_id === undefined
    ? {}
    : { documentId: String(row.original_id) };

export function toArticle(row: ArticleRow): Article {
  return {
    __typename: 'Article',
    id: String(row.id),
    locale: row.locale as Locale,
    ...documentOf(row),
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    body: row.body,
    status: row.status as ContentStatus,
    publishedAt: isoString(row.published_at),
    updatedAt: isoString(row.updated_at)!,
    heroImageId: idOf(row.hero_image_id),
    seo: {
      title: row.seo_title,
      description: row.seo_description,
      imageId: idOf(row.seo_image_id),
    },
    readingTimeMinutes: row.reading_time_minutes,
  };
}

export function toAuthor(row: AuthorRow): Author {
  return {
    __typename: 'Author',
    id: String(row.id),
    locale: row.locale as Locale,
    ...documentOf(row),
    slug: row.slug,
    name: row.name,
    bio: row.bio,
    avatarId: idOf(row.avatar_id),
  };
}

export function toTopic(row: TopicRow): Topic {
  return {
    __typename: 'Topic',
    id: String(row.id),
    locale: row.locale as Locale,
    ...documentOf(row),
    slug: row.slug,
    name: row.name,
    description: row.description,
  };
}

export function toAsset(row: AssetRow): Asset {
  return {
    __typename: 'Asset',
    id: String(row.id),
    file: row.file,
    version: row.version,
    width: row.width,
    height: row.height,
    alt: row.alt,
    contentType: row.content_type,
  };
}

export function toEmbed(row: EmbedRow): Embed {
  const { data } = row;
  return row.type === 'CodeBlock'
    ? {
        __typename: 'CodeBlock',
        id: String(row.id),
        language: data.language ?? 'text',
        code: data.code ?? '',
        caption: data.caption ?? null,
      }
    : {
        __typename: 'PullQuote',
        id: String(row.id),
        quote: data.quote ?? '',
        attribution: data.attribution ?? null,
      };
}

const linkOf = (value: unknown): Link | null => {
  const link = value as { label?: unknown; url?: unknown } | null | undefined;
  return typeof link?.label === 'string' && typeof link.url === 'string'
    ? { label: link.label, url: link.url }
    : null;
};

/** A stored block (content/pages with database ids, api/publishing/seedContent.ts) in the product's shape; its id is `page.position`. */
function toBlock(block: Record<string, unknown>, id: string): PageBlock | null {
  const text = (key: string) => textOf(block[key]) ?? '';
  switch (block.type) {
    case 'HeroBlock':
      return {
        __typename: 'HeroBlock',
        id,
        heading: text('heading'),
        subheading: textOf(block.subheading),
        imageId: idOf(block.imageId as number | null),
        callToAction: linkOf(block.callToAction),
      };
    case 'RichTextBlock':
      return { __typename: 'RichTextBlock', id, body: block.body };
    case 'ArticleListBlock':
      return {
        __typename: 'ArticleListBlock',
        id,
        heading: text('heading'),
        mode: block.mode === 'BY_TOPIC' ? 'BY_TOPIC' : 'LATEST',
        topicId: typeof block.topicId === 'number' ? String(block.topicId) : null,
        count: Number(block.count ?? 6),
      };
    case 'FeaturedArticlesBlock':
      return {
        __typename: 'FeaturedArticlesBlock',
        id,
        heading: text('heading'),
        articleIds: Array.isArray(block.articleIds)
          ? (block.articleIds as number[]).map(String)
          : [],
      };
    case 'CalloutBlock':
      return {
        __typename: 'CalloutBlock',
        id,
        heading: text('heading'),
        body: text('body'),
        tone: (block.tone as 'INFO' | 'SUCCESS' | 'WARNING' | undefined) ?? 'INFO',
        link: linkOf(block.link),
      };
    case 'ImageBlock':
      return {
        __typename: 'ImageBlock',
        id,
        imageId: idOf(block.imageId as number | null),
        caption: textOf(block.caption),
      };
    case 'NewsletterSignupBlock':
      return {
        __typename: 'NewsletterSignupBlock',
        id,
        heading: text('heading'),
        description: text('description'),
        buttonLabel: textOf(block.buttonLabel) ?? 'Subscribe',
      };
    default:
      return null;
  }
}

export function toPage(row: PageRow): Page {
  return {
    __typename: 'Page',
    id: String(row.id),
    locale: row.locale as Locale,
    ...documentOf(row),
    slug: row.slug,
    title: row.title,
    status: row.status as ContentStatus,
    updatedAt: isoString(row.updated_at)!,
    seo: {
      title: row.seo_title,
      description: row.seo_description,
      imageId: idOf(row.seo_image_id),
    },
    blocks: row.blocks.flatMap((block, index) => toBlock(block, `${row.id}.${index}`) ?? []),
  };
}
