/**
 * The content source boundary (docs/sources.md#content-sources). Folio's schema is the one contract
 * with the browser; behind it, whatever holds the content — Folio's own
 * PostgreSQL (`embedded`), a Strapi server, Contentful — is a ContentSource.
 * Resolvers, the crawlers and the image handler ask it for content in the
 * product's words and never learn which source answered.
 *
 * Ids here are the source's own (`12`, a Strapi `documentId`, a Contentful
 * `sys.id`); the schema turns them into global ids (`Type:id`, base64url).
 * Rich-text documents carry global ids in `data.target.sys.id`, so
 * `RichText.links` can resolve them through any source.
 */
import type { Database } from '../db/database';

export type ContentStatus = 'DRAFT' | 'PUBLISHED' | 'ARCHIVED';
import type { SourceKind } from '../../settings/sourceSettings';
import { SITE_TITLE_WITHOUT_RECORD } from '../../shared/siteTitle';
import type { Locale } from '../../shared/locales';

export type { SourceKind };

export interface Link {
  label: string;
  url: string;
}

export interface SeoFields {
  /** Null: the entry's own title (or summary) stands in. */
  title: string | null;
  description: string | null;
  imageId: string | null;
}

export interface Asset {
  __typename: 'Asset';
  id: string;
  /** Its name under /images (what image URLs carry); the image handler reads the original through the source. */
  file: string;
  /** Changes whenever the bytes do (URLs carry it, so they can be cached for a year). */
  version: string;
  width: number;
  height: number;
  alt: string;
  contentType: string;
  /** The language its alt text was read in (the schema's resolvers set it); the default locale when not given. */
  locale?: Locale;
}

export interface Article {
  __typename: 'Article';
  id: string;
  /** Its language; the default locale when not given (docs/decisions.md#locales). */
  locale?: Locale;
  /** The id every language version of it shares, when that is not its own id (the embedded source's translation rows name their original). */
  documentId?: string;
  slug: string;
  title: string;
  summary: string;
  /** A Contentful rich-text document whose links name global ids. */
  body: unknown;
  status: ContentStatus;
  /** ISO instant; null for a draft never published; in the future when scheduled. */
  publishedAt: string | null;
  updatedAt: string;
  heroImageId: string | null;
  seo: SeoFields;
  readingTimeMinutes: number;
  /** Present when the article is a live blog (docs/content-model.md#live-blogs); absent or null otherwise. */
  liveBlog?: LiveBlog | null;
}

/** What makes an article a live blog: its coverage, a pinned summary and its timestamped updates. */
export interface LiveBlog {
  /** ISO instant the coverage starts. */
  coverageStart: string;
  /** ISO instant it ended; null while it runs. */
  coverageEnd: string | null;
  /** A rich-text document pinned above the updates, or null. */
  summary: unknown;
  /** Newest first. */
  updates: LiveBlogUpdate[];
}

export interface LiveBlogUpdate {
  /** Unique among the source's updates and stable while the update is edited (the schema makes it global). */
  id: string;
  /** ISO instant: when it was posted, as readers see it. */
  at: string;
  title: string;
  /** A Contentful rich-text document whose links name global ids. */
  body: unknown;
  keyEvent: boolean;
  /** Who posted it (the source's author id), or null. */
  authorId: string | null;
}

export interface Author {
  __typename: 'Author';
  id: string;
  /** Its language; the default locale when not given (docs/decisions.md#locales). */
  locale?: Locale;
  /** The id every language version of it shares, when that is not its own id (the embedded source's translation rows name their original). */
  documentId?: string;
  slug: string;
  name: string;
  bio: string;
  avatarId: string | null;
}

export interface Topic {
  __typename: 'Topic';
  id: string;
  /** Its language; the default locale when not given (docs/decisions.md#locales). */
  locale?: Locale;
  /** The id every language version of it shares, when that is not its own id (the embedded source's translation rows name their original). */
  documentId?: string;
  slug: string;
  name: string;
  description: string;
}

export type Embed = (
  | { __typename: 'CodeBlock'; id: string; language: string; code: string; caption: string | null }
  | { __typename: 'PullQuote'; id: string; quote: string; attribution: string | null }
) & {
  /** The language its words were read in (the schema's resolvers set it); the default locale when not given. */
  locale?: Locale;
};

/** A page block; `id` is unique among blocks of its type (the schema makes it global). */
export type PageBlock =
  | {
      __typename: 'HeroBlock';
      id: string;
      heading: string;
      subheading: string | null;
      imageId: string | null;
      callToAction: Link | null;
    }
  | { __typename: 'RichTextBlock'; id: string; body: unknown }
  | {
      __typename: 'ArticleListBlock';
      id: string;
      heading: string;
      mode: 'LATEST' | 'BY_TOPIC';
      topicId: string | null;
      count: number;
    }
  | { __typename: 'FeaturedArticlesBlock'; id: string; heading: string; articleIds: string[] }
  | {
      __typename: 'CalloutBlock';
      id: string;
      heading: string;
      body: string;
      tone: 'INFO' | 'SUCCESS' | 'WARNING';
      link: Link | null;
    }
  | { __typename: 'ImageBlock'; id: string; imageId: string | null; caption: string | null }
  | {
      __typename: 'NewsletterSignupBlock';
      id: string;
      heading: string;
      description: string;
      buttonLabel: string;
    };

export interface Page {
  __typename: 'Page';
  id: string;
  /** Its language; the default locale when not given (docs/decisions.md#locales). */
  locale?: Locale;
  /** The id every language version of it shares, when that is not its own id (the embedded source's translation rows name their original). */
  documentId?: string;
  slug: string;
  title: string;
  status: ContentStatus;
  updatedAt: string;
  seo: SeoFields;
  blocks: PageBlock[];
}

export interface Site {
  title: string;
  description: string;
  navigation: Link[];
  footer: Link[];
}

/** The site before its record is written (a new CMS space, an empty content/): a name, and nothing else. */
export const SITE_WITHOUT_RECORD: Readonly<Site> = {
  title: SITE_TITLE_WITHOUT_RECORD,
  description: '',
  navigation: [],
  footer: [],
};

export type Entry = Article | Author | Topic | Page | Embed;
export type EntryType = Entry['__typename'];

/** One page of a list, as the schema's connections need it. */
export interface ListPage<T> {
  nodes: T[];
  /** The cursor after each node (opaque to everyone but its source). */
  cursors: string[];
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  /** Counted only when asked. */
  totalCount: () => Promise<number>;
}

export interface SearchHit {
  article: Article;
  /** The passage that matched, with the matched words between U+E000 and U+E001. */
  headline: string;
}

export interface ArticleFilter {
  topicId?: string;
  authorId?: string;
}

/** How a list page is asked for: `first` already checked against MAX_FIRST, `after` as the client sent it. */
export interface PageRequest {
  first: number;
  after: string | null | undefined;
}

/**
 * What one request may read: published, non-future content for readers;
 * everything with a valid preview credential. Made per request, so a source
 * may batch and remember what the request already fetched.
 */
export interface ContentReader {
  site(): Promise<Site>;
  article(by: { id: string } | { slug: string }): Promise<Article | null>;
  author(by: { id: string } | { slug: string }): Promise<Author | null>;
  topic(by: { id: string } | { slug: string }): Promise<Topic | null>;
  page(by: { id: string } | { slug: string }): Promise<Page | null>;
  /**
   * An asset or embed by id. Alone (`node(id:)`), a reader sees one that
   * something visible shows; `namedByVisibleDocument` says a document the
   * request already sees names it.
   */
  asset(id: string, options?: { namedByVisibleDocument?: boolean }): Promise<Asset | null>;
  embed(
    type: Embed['__typename'],
    id: string,
    options?: { namedByVisibleDocument?: boolean },
  ): Promise<Embed | null>;
  authorsOf(article: Article): Promise<Author[]>;
  topicsOf(article: Article): Promise<Topic[]>;
  /** Visible articles sharing the most topics with `article`, newest first. */
  related(article: Article, first: number): Promise<Article[]>;
  /** Newest first, paginated (`after` is a cursor this source made; BAD_USER_INPUT otherwise). */
  articles(filter: ArticleFilter, page: PageRequest): Promise<ListPage<Article>>;
  /** The newest `count` visible articles, of one topic or of all. */
  latestArticles(count: number, topicId: string | null): Promise<Article[]>;
  articleCount(topicId: string): Promise<number>;
  authors(page: PageRequest): Promise<ListPage<Author>>;
  topics(page: PageRequest): Promise<ListPage<Topic>>;
  /** Full-text search, best match first (text already cleaned and bounded). */
  search(text: string, page: PageRequest): Promise<ListPage<SearchHit>>;
  /**
   * Every version of a document this reader may see, in each locale it has
   * (itself included): what the language switcher and `hreflang` link to.
   */
  translations(entry: Translatable): Promise<Translation[]>;
}

/** What has versions in several locales (docs/decisions.md#locales). */
export type Translatable = Article | Author | Topic | Page;

export interface Translation {
  locale: Locale;
  slug: string;
}

/**
 * What a crawler is told of one document: its slug in the locale asked, and
 * its versions (itself included, the default locale first) for the
 * sitemap's `hreflang` alternates (docs/decisions.md#locales).
 */
export interface Crawled {
  /** The source's id of this version (what a reader of the locale reads it by): the slug's history is kept by it (slugHistory.ts). */
  id: string;
  slug: string;
  versions: Translation[];
}

/** Everything readers see in one locale but the articles themselves, with dates: every page, every topic and author with their newest article's update, and how many articles there are. */
export interface PublishedOverview {
  pages: (Crawled & { updatedAt: string })[];
  topics: (Crawled & { newestArticleUpdate: string | null })[];
  authors: (Crawled & { newestArticleUpdate: string | null })[];
  articleCount: number;
  newestArticleUpdate: string | null;
}

export interface ReaderOptions {
  /** With a valid preview credential: drafts, scheduled and archived content too. */
  preview: boolean;
  /** The language read (docs/decisions.md#locales); the default locale when not given. */
  locale?: Locale;
}

/**
 * A place to keep readers' counts a while, which content changes empty
 * (api/caches/readerCounts.ts keeps them; `countAfresh` keeps nothing).
 */
export interface KeptCounts {
  get(key: string, count: () => Promise<number>): Promise<number>;
  /** The count kept (or being counted) for `key`, without counting. */
  peek(key: string): Promise<number> | undefined;
}

export const countAfresh: KeptCounts = { get: (_key, count) => count(), peek: () => undefined };

/** What the server lends a source it makes. */
export interface SourceServices {
  counts: KeptCounts;
}

/** How a source is made, once Folio's own database is open (readers' writes and a CMS's search index live there). */
export type ContentSourceFactory = (db: Database, services: SourceServices) => ContentSource;

/** An image file a source holds, for /images: its bytes, and who may see it. */
export interface ImageOriginal {
  bytes: () => Promise<Buffer>;
  contentType: string;
  /** `public`: something a reader sees shows it; `preview`: only drafts do. */
  visibility: 'public' | 'preview';
}

/** The next moment scheduled articles become visible to readers (issue 21). */
export interface ScheduledPublication {
  /** ISO instant, in the future. */
  at: string;
  /** Every article (source id) readers see from `at` on that they do not see before. */
  articleIds: string[];
}

/** The first row due (earliest first) and every row due at that same instant, or null when none is due or the first has no date. */
export function scheduledPublication(
  due: readonly { id: string; at: unknown }[],
): ScheduledPublication | null {
  const first = due[0];
  if (!first || typeof first.at !== 'string') return null;
  const at = Date.parse(first.at);
  return {
    at: new Date(at).toISOString(),
    articleIds: due
      .filter((row) => typeof row.at === 'string' && Date.parse(row.at) === at)
      .map((row) => row.id),
  };
}

export interface ContentSource {
  readonly kind: SourceKind;
  reader(options: ReaderOptions): ContentReader;
  /** What readers can see in `locale`, at a glance: every page, topic and author (all of them, however many), and the articles' count. */
  publishedOverview(locale: Locale): Promise<PublishedOverview>;
  /** Published articles in `locale`, oldest publication first, `count` of them from the `from`-th: every article readers see, a slice at a time. */
  publishedArticles(
    from: number,
    count: number,
    locale: Locale,
  ): Promise<(Crawled & { updatedAt: string })[]>;
  /** The image file `/images/<file>` names, or null when no asset has that file. */
  image(file: string): Promise<ImageOriginal | null>;
  /**
   * A CMS source's search runs over an index in Folio's database
   * (cms/searchIndex.ts), fed from what readers see: this reads every published
   * article into it and returns how many. The embedded source searches its
   * own tables and has none.
   */
  refreshSearch?(): Promise<number>;
  /**
   * The same for a few articles a change names (their ids): each is read
   * again and written, or removed when readers no longer see it. A change
   * costs the reads of what it names, not of every article.
   */
  refreshSearchFor?(articleIds: string[]): Promise<void>;
  /**
   * The next scheduled publication: the earliest published article whose
   * publication time is still in the future, and every article due at that
   * same instant; null when none is. Readers' caches (in process and CDN)
   * keep nothing past it, and at that moment one Folio process announces the
   * change (api/changes/schedule.ts).
   */
  nextScheduled(): Promise<ScheduledPublication | null>;
  close(): Promise<void>;
}
