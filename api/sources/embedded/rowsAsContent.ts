import type { Locale } from '../../../shared/locales';
import type {
  Article,
  Asset,
  Author,
  ContentStatus,
  Embed,
  Link,
  LiveBlog,
  Page,
  PageBlock,
  Topic,
} from '../contentSource';
import type {
  ArticleRow,
  AssetRow,
  AuthorRow,
  EmbedRow,
  LocalizedRow,
  PageRow,
  StoredLiveBlog,
  TopicRow,
} from './tableRows';

/** The embedded source's rows (tableRows.ts) in the source contract's shapes (api/sources/contentSource.ts). */

export function isoString(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

const idOf = (id: number | null | undefined) =>
  id === null || id === undefined ? null : String(id);
const textOf = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * What names a row of a kind kept per locale: its id, its locale, its
 * document (a translation row's is its original's, docs/decisions.md#locales;
 * an original's is itself) and its slug.
 */
const localizedIdentity = (row: LocalizedRow) => ({
  id: String(row.id),
  locale: row.locale as Locale,
  ...(row.original_id === null || row.original_id === undefined
    ? {}
    : { documentId: String(row.original_id) }),
  slug: row.slug,
});

/** An article's or page's search and social fields. */
const seoOf = (row: {
  seo_title: string | null;
  seo_description: string | null;
  seo_image_id: number | null;
}) => ({
  title: row.seo_title,
  description: row.seo_description,
  imageId: idOf(row.seo_image_id),
});

export function toArticle(row: ArticleRow): Article {
  return {
    __typename: 'Article',
    ...localizedIdentity(row),
    title: row.title,
    summary: row.summary,
    body: row.body,
    status: row.status as ContentStatus,
    publishedAt: isoString(row.published_at),
    updatedAt: isoString(row.updated_at)!,
    heroImageId: idOf(row.hero_image_id),
    seo: seoOf(row),
    readingTimeMinutes: row.reading_time_minutes,
    liveBlog: row.live_blog ? toLiveBlog(row.id, row.live_blog) : null,
  };
}

/** An update is named by its article and its time (unique within its live blog: api/publishing/liveBlogFile.ts). */
function toLiveBlog(articleId: number, live: StoredLiveBlog): LiveBlog {
  return {
    coverageStart: live.coverageStart,
    coverageEnd: live.coverageEnd,
    summary: live.summary ?? null,
    updates: live.updates.map((update) => ({
      id: `${articleId}.${Date.parse(update.at)}`,
      at: update.at,
      title: update.title,
      body: update.body,
      keyEvent: update.keyEvent,
      authorId: idOf(update.authorId),
    })),
  };
}

export function toAuthor(row: AuthorRow): Author {
  return {
    __typename: 'Author',
    ...localizedIdentity(row),
    name: row.name,
    bio: row.bio,
    avatarId: idOf(row.avatar_id),
  };
}

export function toTopic(row: TopicRow): Topic {
  return {
    __typename: 'Topic',
    ...localizedIdentity(row),
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
    ...localizedIdentity(row),
    title: row.title,
    status: row.status as ContentStatus,
    updatedAt: isoString(row.updated_at)!,
    seo: seoOf(row),
    blocks: row.blocks.flatMap((block, index) => toBlock(block, `${row.id}.${index}`) ?? []),
  };
}
