import {
  scheduledPublication,
  type Crawled,
  type Article,
  type ContentSource,
  type ImageOriginal,
  type PublishedOverview,
  type ReaderOptions,
  type ContentReader,
} from '../contentSource';
import type { Database } from '../../db/database';
import { imageOriginal, type FoundImage } from './cmsFiles';
import type { CmsService } from './cmsGraphQL';
import {
  createSearchIndex,
  searchEntryOf,
  type SearchEntry,
  type SearchIndex,
} from './searchIndex';
import { folioVersions, oneBySlug, type CmsVersion } from './localeVersions';
import { DEFAULT_LOCALE, LOCALE_CODES, type Locale } from '../../../shared/locales';
import { HOME_PAGE_SLUG } from '../../../shared/sitePaths';

/** A published article as the crawlers list it in one locale: its slug there, when it last changed, the slugs its byline names, and its versions. */
export interface PublishedArticleRow {
  id: string;
  slug: string;
  updatedAt: string | null;
  authorSlugs: string[];
  topicSlugs: string[];
  /** Every version readers see, itself included, as the CMS names them (cms/localeVersions.ts makes them Folio's). */
  versions: CmsVersion[];
}

/** A page, topic or author as the crawlers list it in one locale. */
export interface ListedDocument {
  id: string;
  slug: string;
  versions: CmsVersion[];
}

/**
 * What a CMS source reads of its CMS for the crawlers, the search index and
 * the schedule, in the CMS's own queries, one locale at a time (Strapi's
 * `locale` argument, Contentful's). The rest of a ContentSource is the same
 * for every CMS, and is cmsSource's.
 */
export interface CmsDialect {
  kind: 'strapi' | 'contentful';
  /** Where what the CMS holds and Folio skips is said (the server's logger). */
  log: CmsService['log'];
  /** A reader of `options.locale` (the default locale when not given). */
  reader(options: ReaderOptions): ContentReader;
  /** Every published article a reader sees in `locale`, oldest publication first, a page of the CMS's at a time. */
  publishedRows(options: {
    bylines: boolean;
    locale: Locale;
  }): AsyncIterable<PublishedArticleRow[]>;
  /** The same articles whole, for the search index. */
  publishedArticles(locale: Locale): AsyncIterable<Article[]>;
  /** Every published page (with when it last changed), topic and author in `locale`, however many: the three lists' pages asked together. */
  everyListed(locale: Locale): Promise<{
    pages: (ListedDocument & { updatedAt: string })[];
    topics: ListedDocument[];
    authors: ListedDocument[];
  }>;
  /** Published articles not yet due, earliest first (a page of them at most). */
  notYetDue(): Promise<{ id: string; at: unknown }[]>;
  image(file: string): Promise<ImageOriginal | null>;
}

/**
 * A CMS as a ContentSource: the published overview folded from the CMS's
 * articles, the crawlers' slices, the search index fed from what readers see,
 * and the next scheduled publication.
 */
export function cmsSource(dialect: CmsDialect, search: SearchIndex): ContentSource {
  return {
    kind: dialect.kind,
    reader: (options) => dialect.reader(options),
    async publishedOverview(locale): Promise<PublishedOverview> {
      const newestBy = new Map<string, string>();
      let articleCount = 0;
      let newest: string | null = null;
      const slugs = new Map<string, string>();
      for await (const rows of dialect.publishedRows({ bylines: true, locale })) {
        for (const row of crawled(rows, 'Article', locale, slugs)) {
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
      const listed = await dialect.everyListed(locale);
      const withNewest = (documents: ListedDocument[], field: 'topics' | 'authors') =>
        crawled(documents, field === 'topics' ? 'Topic' : 'Author', locale).map((document) => ({
          id: document.id,
          slug: document.slug,
          versions: document.versions,
          newestArticleUpdate: newestBy.get(`${field}:${document.slug}`) ?? null,
        }));
      return {
        // Home first, as the embedded source lists it.
        pages: crawled(listed.pages, 'Page', locale)
          .sort(
            (a, b) =>
              Number(a.slug !== HOME_PAGE_SLUG) - Number(b.slug !== HOME_PAGE_SLUG) ||
              a.slug.localeCompare(b.slug),
          )
          .map((page) => ({
            id: page.id,
            slug: page.slug,
            versions: page.versions,
            updatedAt: page.updatedAt,
          })),
        topics: withNewest(listed.topics, 'topics'),
        authors: withNewest(listed.authors, 'authors'),
        articleCount,
        newestArticleUpdate: newest,
      };
    },
    async publishedArticles(from, count, locale) {
      const urls: (Crawled & { updatedAt: string })[] = [];
      let seen = 0;
      const slugs = new Map<string, string>();
      for await (const rows of dialect.publishedRows({ bylines: false, locale })) {
        for (const row of crawled(rows, 'Article', locale, slugs)) {
          if (seen >= from && urls.length < count)
            urls.push({
              id: row.id,
              slug: row.slug,
              versions: row.versions,
              updatedAt: row.updatedAt ?? new Date(0).toISOString(),
            });
          seen += 1;
        }
        if (urls.length >= count) break;
      }
      return urls;
    },
    image: (file) => dialect.image(file),
    // Every locale's versions (docs/decisions.md#locales); the count is of the default locale's articles, those readers of every page see.
    async refreshSearch() {
      const entries: SearchEntry[] = [];
      for (const locale of LOCALE_CODES)
        for await (const articles of dialect.publishedArticles(locale))
          for (const article of articles) entries.push(searchEntryOf({ ...article, locale }));
      await search.replaceAll(entries);
      return entries.filter((entry) => entry.locale === DEFAULT_LOCALE).length;
    },
    async refreshSearchFor(articleIds) {
      // What readers see of each now, in every locale: a published version is written, one readers do not see (a draft, unpublished, deleted, untranslated) goes.
      const found = await Promise.all(
        LOCALE_CODES.map(async (locale) => {
          const read = dialect.reader({ preview: false, locale });
          return Promise.all(
            articleIds.map(async (id) => ({ id, locale, article: await read.article({ id }) })),
          );
        }),
      );
      const versions = found.flat();
      await search.update(
        versions.flatMap(({ article, locale }) =>
          article ? [searchEntryOf({ ...article, locale })] : [],
        ),
        versions.flatMap(({ article, id, locale }) => (article ? [] : [{ articleId: id, locale }])),
      );
    },
    nextScheduled: async () => scheduledPublication(await dialect.notYetDue()),
    close: async () => undefined,
  };

  /** What a crawler lists of one locale's documents: their versions as Folio's, one document per slug, none whose original is missing. */
  function crawled<T extends { id: string; slug: string; versions: CmsVersion[] }>(
    documents: readonly T[],
    type: string,
    locale: Locale,
    slugs?: Map<string, string>,
  ): (Omit<T, 'versions'> & { versions: Crawled['versions'] })[] {
    const withVersions = documents.flatMap((document) => {
      const versions = folioVersions(document.versions, { type, id: document.id }, dialect.log);
      return versions.some((version) => version.locale === locale && version.slug === document.slug)
        ? [{ ...document, versions }]
        : [];
    });
    return oneBySlug(withVersions, type, locale, dialect.log, slugs);
  }
}

/** What tests give a CMS source besides its settings: their own fetch, a shorter timeout. */
export interface CmsSourceOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** What makes one CMS's source: the GraphQL service it asks, and what it reads over it and its search index. */
export interface CmsSourceRecipe<Settings extends { fileHosts: readonly string[] }> {
  kind: CmsDialect['kind'];
  /** The CMS's service, but for the logger and tests' options, which every source's gets alike. */
  service(settings: Settings): Omit<CmsService, 'log' | 'fetch' | 'timeoutMs'>;
  /** Made once per source: what it keeps across requests lives here. */
  dialect(
    service: CmsService,
    settings: Settings,
    search: SearchIndex,
  ): Omit<CmsDialect, 'kind' | 'log' | 'image'>;
  /** The image with this id (the first part of its file's name under /images), or null. */
  findImage(
    service: CmsService,
    settings: Settings,
    id: string,
    file: string,
  ): Promise<FoundImage | null>;
}

/**
 * How a CMS source is made (api/sources/createContentSource.ts): from its
 * settings, Folio's database (its search index lives there), the logger,
 * and tests' options.
 */
export function cmsSourceMaker<Settings extends { fileHosts: readonly string[] }>(
  recipe: CmsSourceRecipe<Settings>,
) {
  return (
    settings: Settings,
    db: Database,
    log: CmsService['log'],
    options: CmsSourceOptions = {},
  ): ContentSource => {
    const service: CmsService = {
      ...recipe.service(settings),
      log,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
    };
    const search = createSearchIndex(db, recipe.kind);
    return cmsSource(
      {
        kind: recipe.kind,
        log,
        ...recipe.dialect(service, settings, search),
        image: (file) =>
          imageOriginal(service, file, settings.fileHosts, (id) =>
            recipe.findImage(service, settings, id, file),
          ),
      },
      search,
    );
  };
}
