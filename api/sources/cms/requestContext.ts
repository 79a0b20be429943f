import type { Article, Asset, Author, ReaderOptions, Topic } from '../contentSource';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/locales';
import { createCmsBatch, readShape, type CmsBatch, type CmsService } from './cmsGraphQL';
import { createRequestStore, type RequestStore } from './requestStore';

/** A query's variables: `$name` → [GraphQL type, value] (cmsGraphQL.ts). */
export type QueryVariables = Record<string, [type: string, value: unknown]>;

/**
 * What every part of one request's reading of a CMS shares, whichever CMS:
 * the locale and whether it previews, its clock, the batch its queries go
 * in, the store its answers fill, and how what it reads is kept there in
 * its locale.
 */
export interface RequestContext {
  service: CmsService;
  locale: Locale;
  preview: boolean;
  /** The request's now: readers see articles published by then. */
  now: string;
  batch: CmsBatch;
  store: RequestStore;
  /** Runs a mapping of the CMS's answer (readShape: a bad shape is logged and SOURCE_BAD_RESPONSE). */
  read<T>(map: () => T): T;
  /** `$now` for the queries of what a reader sees; a previewer's have none. */
  timeVariables(): QueryVariables;
  /** Keeps an article this request may see, with its byline, in the locale read: the article, or null when it may not see it. */
  keepArticle(
    article: Article,
    authors: Author[],
    topics: Topic[],
    isWhole?: boolean,
  ): Article | null;
  keepAuthor<T extends Author>(author: T): T;
  /** The topic as kept, in the locale read. */
  keepTopic(topic: Topic): Topic;
  keepAsset(asset: Asset): void;
}

/**
 * The context of one request: `draftsFromCms` says whether its queries ask
 * the CMS for drafts (a previewer's, where the CMS lets Folio read them).
 */
export function createRequestContext(
  service: CmsService,
  { preview, locale = DEFAULT_LOCALE }: ReaderOptions,
  draftsFromCms: boolean,
): RequestContext {
  const batch = createCmsBatch(service, draftsFromCms);
  const now = new Date().toISOString();
  const store = createRequestStore(preview, now);
  return {
    service,
    locale,
    preview,
    now,
    batch,
    store,
    read: (map) => readShape(service, map),
    timeVariables: (): QueryVariables => (preview ? {} : { now: ['DateTime', now] }),
    keepArticle: (article, authors, topics, isWhole = true) => {
      article.locale = locale;
      for (const author of authors) author.locale = locale;
      for (const topic of topics) topic.locale = locale;
      return store.keepArticle(article, authors, topics, isWhole) ? article : null;
    },
    keepAuthor: (author) => {
      author.locale = locale;
      store.authors.set(author.id, author);
      return author;
    },
    keepTopic: (topic) => {
      const kept = { ...topic, locale };
      store.topics.set(kept.id, kept);
      return kept;
    },
    keepAsset: (asset) => {
      store.assets.set(asset.id, asset);
    },
  };
}
