import {
  alone,
  scheduledPublication,
  type Crawled,
  SITE_WITHOUT_RECORD,
  type ListPage,
  type Article,
  type ContentSource,
  type ImageOriginal,
  type PublishedOverview,
  type ReaderOptions,
  type ContentReader,
} from '../contentSource';
import { searchEntryOf, type SearchIndex } from './searchIndex';
import { DEFAULT_LOCALE } from '../../../shared/locales';

/** A published article as the crawlers list it: its slug, when it last changed, and the slugs its byline names. */
export interface PublishedArticleRow {
  slug: string;
  updatedAt: string | null;
  authorSlugs: string[];
  topicSlugs: string[];
}

/**
 * What a CMS source reads of its CMS for the crawlers, the search index and
 * the schedule, in the CMS's own queries. The rest of a ContentSource is the
 * same for every CMS, and is cmsSource's.
 */
export interface CmsDialect {
  kind: 'strapi' | 'contentful';
  reader(options: ReaderOptions): ContentReader;
  /** Every published article a reader sees, oldest publication first, a page of the CMS's at a time. */
  publishedRows(options: { bylines: boolean }): AsyncIterable<PublishedArticleRow[]>;
  /** The same articles whole, for the search index. */
  publishedArticles(): AsyncIterable<Article[]>;
  /** Every published page (with when it last changed), topic and author, however many: the three lists' pages asked together. */
  everyListed(): Promise<{
    pages: { slug: string; updatedAt: string }[];
    topics: string[];
    authors: string[];
  }>;
  /** Published articles not yet due, earliest first (a page of them at most). */
  notYetDue(): Promise<{ id: string; at: unknown }[]>;
  image(file: string): Promise<ImageOriginal | null>;
}

const emptyPage = <T>(): ListPage<T> => ({
  nodes: [],
  cursors: [],
  hasNextPage: false,
  hasPreviousPage: false,
  totalCount: async () => 0,
});

/** What a reader of a locale the source does not serve yet sees: no document, empty lists. */
const NOTHING_IN_THIS_LOCALE: ContentReader = {
  site: async () => SITE_WITHOUT_RECORD,
  article: async () => null,
  author: async () => null,
  topic: async () => null,
  page: async () => null,
  asset: async () => null,
  embed: async () => null,
  authorsOf: async () => [],
  topicsOf: async () => [],
  related: async () => [],
  articles: async () => emptyPage(),
  latestArticles: async () => [],
  articleCount: async () => 0,
  authors: async () => emptyPage(),
  topics: async () => emptyPage(),
  search: async () => emptyPage(),
  translations: async () => [],
};

/**
 * A CMS as a ContentSource: the published overview folded from the CMS's
 * articles, the crawlers' slices, the search index fed from what readers see,
 * and the next scheduled publication.
 */
export function cmsSource(dialect: CmsDialect, search: SearchIndex): ContentSource {
  return {
    kind: dialect.kind,
    // Its other locales are not read yet (docs/sources.md#the-source-contract): a reader there finds nothing, never the default locale's content under another language's address.
    reader: (options) =>
      (options.locale ?? DEFAULT_LOCALE) === DEFAULT_LOCALE
        ? dialect.reader(options)
        : NOTHING_IN_THIS_LOCALE,
    async publishedOverview(locale): Promise<PublishedOverview> {
      // Its other locales are not read yet: nothing to crawl there.
      if (locale !== DEFAULT_LOCALE)
        return { pages: [], topics: [], authors: [], articleCount: 0, newestArticleUpdate: null };
      const newestBy = new Map<string, string>();
      let articleCount = 0;
      let newest: string | null = null;
      for await (const rows of dialect.publishedRows({ bylines: true })) {
        for (const row of rows) {
          articleCount += 1;
          const updated = row.updatedAt;
          if (updated === null) continue;
          if (newest === null || updated > newest) newest = updated;
          const named = [
            ...row.authorSlugs.map((slug) => `authors:${slug}`),
            ...row.topicSlugs.map((slug) => `topics:${slug}`),
          ];
          for (const key of named)
            if ((newestBy.get(key) ?? '') < updated) newestBy.set(key, updated);
        }
      }
      const { pages, topics, authors } = await dialect.everyListed();
      const withNewest = (slugs: string[], field: 'topics' | 'authors') =>
        slugs.map((slug) => ({
          ...alone(locale, slug),
          newestArticleUpdate: newestBy.get(`${field}:${slug}`) ?? null,
        }));
      return {
        // Home first, as the embedded source lists it.
        pages: pages
          .sort(
            (a, b) =>
              Number(a.slug !== 'home') - Number(b.slug !== 'home') ||
              a.slug.localeCompare(b.slug),
          )
          .map((page) => ({ ...alone(locale, page.slug), updatedAt: page.updatedAt })),
        topics: withNewest(topics, 'topics'),
        authors: withNewest(authors, 'authors'),
        articleCount,
        newestArticleUpdate: newest,
      };
    },
    async publishedArticles(from, count, locale) {
      const urls: (Crawled & { updatedAt: string })[] = [];
      if (locale !== DEFAULT_LOCALE) return urls;
      let seen = 0;
      for await (const rows of dialect.publishedRows({ bylines: false })) {
        for (const row of rows) {
          if (seen >= from && urls.length < count)
            urls.push({
              ...alone(locale, row.slug),
              updatedAt: row.updatedAt ?? new Date(0).toISOString(),
            });
          seen += 1;
        }
        if (urls.length >= count) break;
      }
      return urls;
    },
    image: (file) => dialect.image(file),
    async refreshSearch() {
      const entries: Parameters<SearchIndex['replaceAll']>[0] = [];
      for await (const articles of dialect.publishedArticles())
        for (const article of articles) entries.push(searchEntryOf(article));
      await search.replaceAll(entries);
      return entries.length;
    },
    async refreshSearchFor(articleIds) {
      // What readers see of each now: a published article is written, one readers do not see (a draft, unpublished, deleted) goes.
      const read = dialect.reader({ preview: false });
      const articles = await Promise.all(articleIds.map((id) => read.article({ id })));
      const seen = articles.filter((article): article is Article => article !== null);
      const seenIds = new Set(seen.map((article) => article.id));
      await search.update(
        seen.map(searchEntryOf),
        articleIds.filter((id) => !seenIds.has(id)),
      );
    },
    nextScheduled: async () => scheduledPublication(await dialect.notYetDue()),
    close: async () => undefined,
  };
}
