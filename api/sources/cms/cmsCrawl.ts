import type { Article } from '../contentSource';
import type { Locale } from '../../../shared/locales';
import { createCmsBatch, readShape, type CmsBatch, type CmsService } from './cmsGraphQL';
import type { CmsDialect, ListedDocument, PublishedArticleRow } from './cmsSource';

/** The lists of documents a crawler reads whole, besides articles. */
export type ListedType = 'page' | 'topic' | 'author';

/**
 * How a CMS's crawled items read (cmsSource.ts's CmsDialect): the same
 * fields under each CMS's own names, and the paths the log names when one
 * is missing. Each CMS reads its items a page of its answers at a time, in
 * its own queries; what is made of them is the same for every CMS.
 */
export interface CrawledItems<Item> {
  /** The path of the article at `index` of a page of them. */
  articlePath(index: number): string;
  /** The path of the page, topic or author at `index` of its whole list. */
  listedPath(type: ListedType, index: number): string;
  /** An item's id, slug (in the locale read) and versions. */
  listed(item: Item, path: string): ListedDocument;
  /** When an article or a page last changed, if the CMS says. */
  updatedAt(item: Item, path: string): string | null;
  /** The slugs of an article's authors or topics (selected only when asked). */
  bylineSlugs(item: Item, field: 'authors' | 'topics', path: string): string[];
  /** An article whole, for the search index. */
  article(item: Item, path: string): Article;
}

/** Reads a mapping of the CMS's answer (readShape). */
type Read = <T>(map: () => T) => T;

/** How a crawled article is selected: as a crawler's row, with its bylines' slugs too, or whole (for the search index). */
export type CrawledArticle = 'row' | 'row with bylines' | 'whole';

/** One crawl: a batch of its own (published content only), and how its answers are read. */
export interface CrawlBatch {
  batch: CmsBatch;
  read: Read;
}

/** What a crawl asks a CMS, in the CMS's own queries, a page of its answers at a time. */
export interface CrawlQueries<Item> {
  /** Every published article a reader sees in `locale`, oldest publication first, a page at a time. */
  articles(crawl: CrawlBatch, locale: Locale, selected: CrawledArticle): AsyncIterable<Item[]>;
  /** Every published page, topic or author in `locale`, by slug, however many. */
  every(crawl: CrawlBatch, type: ListedType, locale: Locale): Promise<Item[]>;
  /** Published articles not yet due, earliest first (a page of them at most). */
  notYetDue(crawl: CrawlBatch): Promise<{ id: string; at: unknown }[]>;
}

/** Published articles as the crawlers list them, a page at a time; their bylines' slugs only with `bylines`. */
async function* publishedRowsOf<Item>(
  pages: AsyncIterable<Item[]>,
  crawled: CrawledItems<Item>,
  read: Read,
  bylines: boolean,
): AsyncGenerator<PublishedArticleRow[]> {
  for await (const items of pages)
    yield read(() =>
      items.map((item, index) => {
        const path = crawled.articlePath(index);
        return {
          ...crawled.listed(item, path),
          updatedAt: crawled.updatedAt(item, path),
          authorSlugs: bylines ? crawled.bylineSlugs(item, 'authors', path) : [],
          topicSlugs: bylines ? crawled.bylineSlugs(item, 'topics', path) : [],
        };
      }),
    );
}

/** Published articles whole, a page at a time (the search index). */
async function* publishedArticlesOf<Item>(
  pages: AsyncIterable<Item[]>,
  crawled: CrawledItems<Item>,
  read: Read,
): AsyncGenerator<Article[]> {
  for await (const items of pages)
    yield read(() => items.map((item, index) => crawled.article(item, crawled.articlePath(index))));
}

/**
 * Every published page (with when it last changed: the epoch when the CMS
 * does not say), topic and author, from `every` list of them; the three
 * lists' pages are asked together.
 */
async function everyListedOf<Item>(
  every: (type: ListedType) => Promise<Item[]>,
  crawled: CrawledItems<Item>,
  read: Read,
) {
  const [pages, topics, authors] = await Promise.all([
    every('page'),
    every('topic'),
    every('author'),
  ]);
  const listedIn = (items: Item[], type: ListedType) =>
    read(() => items.map((item, index) => crawled.listed(item, crawled.listedPath(type, index))));
  return {
    pages: read(() =>
      pages.map((page, index) => {
        const path = crawled.listedPath('page', index);
        return {
          ...crawled.listed(page, path),
          updatedAt: crawled.updatedAt(page, path) ?? new Date(0).toISOString(),
        };
      }),
    ),
    topics: listedIn(topics, 'topic'),
    authors: listedIn(authors, 'author'),
  };
}

/**
 * What the crawlers, the sitemap, the search index and the schedule read of
 * a CMS, the same for every CMS: each crawl asks in a batch of its own, in
 * the CMS's `queries`, and `items` reads what it answers.
 */
export function cmsCrawl<Item>(
  service: CmsService,
  queries: CrawlQueries<Item>,
  items: CrawledItems<Item>,
): Pick<CmsDialect, 'publishedRows' | 'publishedArticles' | 'everyListed' | 'notYetDue'> {
  const open = (): CrawlBatch => ({
    batch: createCmsBatch(service, false),
    read: (map) => readShape(service, map),
  });
  return {
    publishedRows: ({ bylines, locale }) => {
      const crawl = open();
      const pages = queries.articles(crawl, locale, bylines ? 'row with bylines' : 'row');
      return publishedRowsOf(pages, items, crawl.read, bylines);
    },
    publishedArticles: (locale) => {
      const crawl = open();
      return publishedArticlesOf(queries.articles(crawl, locale, 'whole'), items, crawl.read);
    },
    // Every one of them, however many; the three lists' pages go together.
    everyListed: (locale) => {
      const crawl = open();
      return everyListedOf((type) => queries.every(crawl, type, locale), items, crawl.read);
    },
    notYetDue: () => queries.notYetDue(open()),
  };
}
