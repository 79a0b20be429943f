import path from 'node:path';
import type { Database } from '../../db/database';
import { CONTENT_DIR } from '../../../settings/contentDir';
import { DEFAULT_LOCALE } from '../../../shared/locales';
import {
  countAfresh,
  SITE_WITHOUT_RECORD,
  type ContentReader,
  type ContentSource,
  type ReaderOptions,
  type Site,
  type SourceServices,
} from '../contentSource';
import { publishedArticles, publishedOverview } from './crawl';
import { embeddedImage } from './images';
import { articleList, latestArticles } from './articleLists';
import { directoryPage } from './directoryPages';
import { createLoaders } from './loaders';
import { numericId } from './tableRows';
import { searchArticles } from './search';
import { nextScheduled } from './schedule';
import { readSite } from './site';
import { translationsOf } from './translations';

/** `{id}` or `{slug}` to the loader that takes it; an id that is no row of ours is simply not found. */
function byIdOrSlug<T>(
  by: { id: string } | { slug: string },
  byId: { load(id: number): Promise<T | null> },
  bySlug: { load(slug: string): Promise<T | null> },
): Promise<T | null> {
  if ('slug' in by) return bySlug.load(by.slug);
  const id = numericId(by.id);
  return id === null ? Promise.resolve(null) : byId.load(id);
}

/**
 * Folio's own PostgreSQL/PGlite, filled from content/ (the default source):
 * SQL with one DataLoader batch per lookup, keyset article lists, and
 * PostgreSQL's full-text search over the articles themselves.
 */
export function createEmbeddedSource(
  db: Database,
  {
    counts = countAfresh,
    imagesDir = path.join(CONTENT_DIR, 'images'),
  }: Partial<SourceServices> & { imagesDir?: string } = {},
): ContentSource {
  return {
    kind: 'embedded',
    reader({ preview, locale = DEFAULT_LOCALE }: ReaderOptions): ContentReader {
      const loaders = createLoaders(db, preview, counts, locale);
      const numeric = (id: string) => numericId(id) ?? -1;
      return {
        site: async () => ({
          ...SITE_WITHOUT_RECORD,
          ...((await readSite(db, locale)) as Partial<Site> | null),
        }),
        article: (by) => byIdOrSlug(by, loaders.articleById, loaders.articleBySlug),
        author: (by) => byIdOrSlug(by, loaders.authorById, loaders.authorBySlug),
        topic: (by) => byIdOrSlug(by, loaders.topicById, loaders.topicBySlug),
        page: (by) => byIdOrSlug(by, loaders.pageById, loaders.pageBySlug),
        asset: async (id, { namedByVisibleDocument = false } = {}) => {
          const key = numericId(id);
          if (key === null) return null;
          return preview || namedByVisibleDocument || (await loaders.assetIsVisible.load(key))
            ? loaders.assetById.load(key)
            : null;
        },
        embed: async (type, id, { namedByVisibleDocument = false } = {}) => {
          const key = numericId(id);
          if (key === null) return null;
          if (!preview && !namedByVisibleDocument && !(await loaders.embedIsVisible.load(key)))
            return null;
          const embed = await loaders.embedById.load(key);
          return embed?.__typename === type ? embed : null;
        },
        authorsOf: (article) => loaders.authorsByArticle.load(numeric(article.id)),
        topicsOf: (article) => loaders.topicsByArticle.load(numeric(article.id)),
        related: (article, first) =>
          loaders.relatedArticles.load(`${numeric(article.id)}:${first}`),
        articles: (filter, page) => articleList(db, preview, counts, filter, page, locale),
        latestArticles: (count, topicId) =>
          latestArticles(db, preview, count, topicId === null ? null : numeric(topicId), locale),
        articleCount: (topicId) => loaders.articleCountByTopic.load(numeric(topicId)),
        authors: (page) => directoryPage(db, 'authors', page, locale),
        topics: (page) => directoryPage(db, 'topics', page, locale),
        search: (text, page) => searchArticles(db, preview, counts, text, page, locale),
        translations: (entry) => translationsOf(db, preview, entry),
      };
    },
    publishedOverview: (locale) => publishedOverview(db, locale),
    publishedArticles: (from, count, locale) => publishedArticles(db, from, count, locale),
    image: (file) => embeddedImage(db, imagesDir, file),
    nextScheduled: () => nextScheduled(db),
    // The database is the server's (it also holds readers' own data): the server closes it.
    close: async () => undefined,
  };
}
