import type DataLoader from 'dataloader';
import { MAX_FIRST } from '../../../shared/limits';
import type {
  Article,
  Asset,
  Author,
  ContentReader,
  Embed,
  ListPage,
  Page,
  PageRequest,
  Site,
  Topic,
} from '../contentSource';
import type { Translatable } from '../contentSource';
import type { CmsService } from './cmsGraphQL';
import { RELATED_CANDIDATES, type RequestStore } from './requestStore';
import type { SearchIndex } from './searchIndex';
import { folioVersions, type CmsVersion } from './localeVersions';
import type { Locale } from '../../../shared/locales';

/** Which newest-first articles a list shows, in Folio's words; each CMS says it in its own filters. */
export interface ArticleQuery {
  topicId?: string;
  authorId?: string;
  /** Articles in any of these topics (related reading's candidates)… */
  anyTopicOf?: string[];
  /** …but this one. */
  except?: string;
}

/** What one request looks up in its CMS, in the CMS's own queries: documents by id or slug, images, embeds, the site. */
export interface CmsLookups {
  site(): Promise<Site>;
  /** An article as the article page shows it (by slug), or as a card or a link shows it (by id). */
  article(by: { id: string } | { slug: string }): Promise<Article | null>;
  page(by: { id: string } | { slug: string }): Promise<Page | null>;
  /** Articles by id, as much of them as a card shows and a byline names. */
  articleById: DataLoader<string, Article | null>;
  authorById: DataLoader<string, Author | null>;
  authorBySlug: DataLoader<string, Author | null>;
  topicById: DataLoader<string, Topic | null>;
  topicBySlug: DataLoader<string, Topic | null>;
  assetById: DataLoader<string, Asset | null>;
  /** Brings the embed with this id into the store (its article, or the entry itself). */
  loadEmbed(id: string): Promise<unknown>;
}

/** The lists one request reads of its CMS (cmsLists.ts makes them from the CMS's queries). */
export interface CmsLists {
  /** A page of newest-first visible articles, with the CMS's total. */
  articlePage(
    query: ArticleQuery,
    first: number,
    after: string | null | undefined,
  ): Promise<ListPage<Article>>;
  articleCount(topicId: string): Promise<number>;
  authors(page: PageRequest): Promise<ListPage<Author>>;
  topics(page: PageRequest): Promise<ListPage<Topic>>;
}

/**
 * What one request of a CMS source asks its CMS, in the CMS's own queries
 * (strapi/strapiReader.ts, contentful/contentfulReader.ts). Everything else a
 * reader does is the same for every CMS, and is cmsReader's.
 */
export interface CmsRequest extends CmsLookups, CmsLists {
  /** The language this request reads (docs/decisions.md#locales). */
  locale: Locale;
  /** Where what the CMS holds and Folio skips is said (the server's logger). */
  log: CmsService['log'];
  /** What this request fetched, by id: every answer fills it. */
  store: RequestStore;
  /** Every version of a document this request may see, itself included, as the CMS names them. */
  translations(entry: Translatable): Promise<CmsVersion[]>;
}

/**
 * A CMS source's ContentReader for one request: lookups through what the
 * request already fetched, bylines, related reading, lists, and search over
 * the index Folio keeps of the CMS's published articles.
 */
export function cmsReader(request: CmsRequest, search: SearchIndex): ContentReader {
  const { store } = request;
  const bylineOf = async (article: Article) =>
    store.bylineOf(article.id) ??
    ((await request.articleById.load(article.id)) ? store.bylineOf(article.id) : undefined) ?? {
      authors: [],
      topics: [],
    };
  return {
    translations: async (entry) =>
      folioVersions(
        await request.translations(entry),
        { type: entry.__typename, id: entry.id },
        request.log,
      ),
    site: () => request.site(),
    article: (by) => request.article(by),
    author: (by) =>
      'id' in by
        ? store.known(store.authors, by.id, request.authorById)
        : store.bySlug(store.authors, by.slug, request.authorBySlug),
    topic: (by) =>
      'id' in by
        ? store.known(store.topics, by.id, request.topicById)
        : store.bySlug(store.topics, by.slug, request.topicBySlug),
    page: (by) => request.page(by),
    // A CMS's media have no visibility of their own beyond being published: one is seen by anyone who has its id.
    asset: (id) => store.known(store.assets, id, request.assetById),
    embed: async (type, id): Promise<Embed | null> => {
      if (!store.embeds.has(id)) await request.loadEmbed(id);
      const embed = store.embeds.get(id);
      return embed?.__typename === type ? embed : null;
    },
    authorsOf: async (article) => (await bylineOf(article)).authors,
    topicsOf: async (article) => (await bylineOf(article)).topics,
    related: async (article, first) => {
      const own = (await bylineOf(article)).topics.map((topic) => topic.id);
      if (first === 0 || own.length === 0) return [];
      const candidates = await request.articlePage(
        { anyTopicOf: own, except: article.id },
        RELATED_CANDIDATES,
        null,
      );
      return store.rankRelated(candidates.nodes, own, first);
    },
    articles: (filter, page) => request.articlePage(filter, page.first, page.after),
    latestArticles: async (count, topicId) =>
      (
        await request.articlePage(
          topicId === null ? {} : { topicId },
          Math.min(Math.max(count, 0), MAX_FIRST),
          null,
        )
      ).nodes,
    articleCount: (topicId) => request.articleCount(topicId),
    authors: (page) => request.authors(page),
    topics: (page) => request.topics(page),
    search: async (text, page) => {
      const hits = await search.search(text, page, request.locale);
      // The index is fed from what readers see; the articles come from the CMS, as this request may see them now.
      const found = await Promise.all(
        hits.nodes.map((hit) => store.known(store.articles, hit.articleId, request.articleById)),
      );
      return {
        ...hits,
        nodes: hits.nodes.flatMap((hit, index) =>
          found[index] ? [{ article: found[index], headline: hit.headline }] : [],
        ),
        cursors: hits.cursors.filter((_, index) => found[index]),
      };
    },
  };
}
