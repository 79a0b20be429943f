import type { Article, Author, ContentStatus, Page, ReaderOptions, Topic } from '../contentSource';
import type { CmsService } from '../cms/cmsGraphQL';
import { record } from '../cms/answerFields';
import {
  createRequestContext,
  type QueryVariables,
  type RequestContext,
} from '../cms/requestContext';
import type { SearchIndex } from '../cms/searchIndex';
import type { SourceSettings } from '../../../settings/sourceSettings';
import { DEFAULT_LOCALE } from '../../../shared/locales';
import type { ArticleParts } from './strapiArticles';
import { documentIdOf, toAuthor, toMedia, toTopic, type Media } from './strapiDocuments';
import { strapiLocaleOf } from './strapiLocales';
import type { PageParts } from './strapiPages';

export type StrapiSettings = Extract<SourceSettings, { kind: 'strapi' }>;

/** What every request of the Strapi source shares. */
export interface StrapiContext {
  service: CmsService;
  settings: StrapiSettings;
  search: SearchIndex;
}

/** The types Strapi's i18n localizes (cms/strapi/src/api/*: `pluginOptions.i18n.localized`). */
export type LocalizedType = 'articles' | 'authors' | 'topics' | 'pages';

/** The types with draft and publish: a query of them names the status it reads. */
export const hasDrafts = (type: LocalizedType) => type === 'articles' || type === 'pages';

/**
 * What one request of Strapi shares beyond any CMS's (RequestContext): the
 * words its queries read a status and a locale with, and how Strapi's
 * answers are kept in the request's store.
 */
export interface StrapiRequest extends RequestContext {
  settings: StrapiSettings;
  /** What it reads: a previewer's drafts (Strapi's latest version of every document), a reader's published documents. */
  status: ContentStatus;
  /** `status: DRAFT` or `status: PUBLISHED`, for the types with draft and publish. */
  statusArgument: string;
  /** The locale every query of a localized type names: `locale: $locale`. */
  localeVariable: QueryVariables;
  /** Strapi's `filters` for a localized type: `filters` and, outside the default locale, only documents with an original. */
  translated(filters: string): string;
  /** `translated`, and for a reader only articles whose publication date has come. */
  visible(filters: string): string;
  media(value: unknown, path: string): Media;
  keepMedia(all: Media[]): void;
  /** Keeps an article with its images, embeds and cards: the article, or null when the request may not see it. */
  keepArticleParts(parts: ArticleParts): Article | null;
  /** Keeps a page with its images, topics and cards: the page as this request shows it. */
  keepPageParts(parts: PageParts): Page;
  keepAuthorNode(node: unknown, path: string): Author;
  keepTopicNode(node: unknown, path: string): Topic;
  /** A previewer's draft is PUBLISHED when Strapi also holds a published version of it (`published`: their documentIds). */
  statusOf(node: unknown, path: string, published: ReadonlySet<string>): ContentStatus;
}

/**
 * One request of Strapi (a reader's published documents, a previewer's
 * drafts) in one locale. Every query of a localized type names the locale
 * (Strapi's `locale: I18NLocaleCode`); a document not translated into it is
 * not found there, and relations (bylines, cards) link the same locale's
 * versions, as Strapi keeps them (docs/decisions.md#locales).
 */
export function strapiRequest(
  { service, settings }: StrapiContext,
  options: ReaderOptions,
): StrapiRequest {
  const context = createRequestContext(service, options, options.preview);
  const { preview, locale, store, read } = context;
  const status: ContentStatus = preview ? 'DRAFT' : 'PUBLISHED';
  /**
   * Outside the default locale, only documents that have a version in it: a
   * translation whose original is missing is served nowhere, as content/
   * refuses such a file and the crawlers skip it, logged (../cms/localeVersions.ts).
   */
  const original =
    locale === DEFAULT_LOCALE
      ? ''
      : ` localizations: { locale: { eq: "${strapiLocaleOf(DEFAULT_LOCALE)}" } }`;
  const translated = (filters: string) => `{ ${filters}${original} }`;
  const keepMedia = (all: Media[]) => {
    for (const { asset } of all) context.keepAsset(asset);
  };
  const keepArticleParts = (parts: ArticleParts): Article | null => {
    keepMedia(parts.media);
    for (const embed of parts.embeds) store.embeds.set(embed.id, embed);
    for (const card of parts.cards) keepArticleParts(card);
    return context.keepArticle(parts.article, parts.authors, parts.topics, parts.whole);
  };
  const keepPageParts = (parts: PageParts): Page => {
    keepMedia(parts.media);
    for (const topic of parts.topics) context.keepTopic(topic);
    for (const card of parts.cards) keepArticleParts(card);
    parts.page.locale = locale;
    store.pages.set(parts.page.id, parts.page);
    // Featured articles a reader may not see yet are not featured.
    return {
      ...parts.page,
      blocks: parts.page.blocks.map((block) =>
        block.__typename === 'FeaturedArticlesBlock'
          ? { ...block, articleIds: block.articleIds.filter((id) => store.articles.has(id)) }
          : block,
      ),
    };
  };
  return {
    ...context,
    settings,
    status,
    statusArgument: `status: ${status}`,
    localeVariable: { locale: ['I18NLocaleCode', strapiLocaleOf(locale)] },
    translated,
    visible: (filters) =>
      translated(preview ? filters : `${filters} publicationDate: { lte: $now }`),
    media: (value, path) => toMedia(value, path, settings.url),
    keepMedia,
    keepArticleParts,
    keepPageParts,
    keepAuthorNode: (node, path) => {
      const { author, media: avatar } = toAuthor(node, path, settings.url);
      keepMedia(avatar);
      return context.keepAuthor(author);
    },
    keepTopicNode: (node, path) => context.keepTopic(toTopic(node, path)),
    statusOf: (node, path, published) =>
      preview && read(() => published.has(documentIdOf(record(node, path), path)))
        ? 'PUBLISHED'
        : status,
  };
}
