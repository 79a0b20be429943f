import DataLoader from 'dataloader';
import { SITE_WITHOUT_RECORD, type Article, type Asset } from '../contentSource';
import { list, record } from '../cms/answerFields';
import type { CmsLookups } from '../cms/cmsReader';
import { keyedLoader } from '../cms/keyedLoaders';
import { toAsset, toSite } from './contentfulEntries';
import type { LinkedEntries } from './contentfulLinkedEntries';
import { contentfulLiveBlogs } from './contentfulLiveBlogs';
import { toPage, type PageParts } from './contentfulPages';
import {
  ARTICLE_FRAGMENTS,
  ASSET,
  CARD_FRAGMENTS,
  COST,
  itemsPerRequest,
  SELECTIONS,
} from './contentfulQueries';
import type { ContentfulRequest } from './contentfulRequest';

/** A lookup's key: an entry's `sys.id` or its slug in the request's locale. */
type Key = 'id' | 'slug';

/** Contentful's `where` condition on a lookup's keys (`$keys`). */
const keysIn = (key: Key) => (key === 'id' ? 'sys: { id_in: $keys }' : 'slug_in: $keys');

/** Entries of one content type by id or slug, one collection query per batch of keys: those found, each as `keep` reads it. */
async function findEntries<T>(
  request: ContentfulRequest,
  type: keyof typeof SELECTIONS,
  key: Key,
  keys: readonly string[],
  keep: (item: unknown, index: number) => T | null,
): Promise<T[]> {
  const { select, fragments, cost } = SELECTIONS[type];
  const answer = await request.batch.query<unknown>({
    field: `${type}Collection(limit: ${keys.length}, where: { ${keysIn(key)} slug_exists: true }${request.previewArgument}) { items { ${select} } }`,
    variables: { keys: ['[String]', [...keys]] },
    fragments,
    cost: keys.length * cost,
  });
  const items = request.read(() =>
    list(record(answer, `${type}Collection`), 'items', `${type}Collection`),
  );
  return items
    .flatMap((item, index) => (item === null ? [] : [keep(item, index)]))
    .filter((value): value is T => value !== null);
}

/** What an article lookup selects: a card (by id) or the whole article with its body's links (by slug). */
const ARTICLE_SELECTIONS = {
  id: { select: '...FolioArticleCard', fragments: CARD_FRAGMENTS, cost: COST.card },
  // Whole articles cost 1,000 each for their links (contentfulQueries.ts).
  slug: { select: '...FolioArticle', fragments: ARTICLE_FRAGMENTS, cost: COST.article },
} as const;

/** Articles by id (cards) or slug (whole), one collection query per batch of keys; only those this request may see, kept. */
function articlesBy(
  request: ContentfulRequest,
  linked: LinkedEntries,
  key: Key,
): DataLoader<string, Article | null> {
  const { select, fragments, cost } = ARTICLE_SELECTIONS[key];
  const withLiveBlog = contentfulLiveBlogs(request, linked);
  return keyedLoader(
    async (keys) => {
      const answer = await request.batch.query<unknown>({
        field: `articleCollection(limit: ${keys.length}, where: ${request.visible(keysIn(key))}${request.previewArgument}) { items { ${select} } }`,
        variables: { keys: ['[String]', [...keys]], ...request.timeVariables() },
        fragments,
        cost: keys.length * cost,
      });
      const found = await linked.articlesIn(answer);
      // A whole article that is a live blog comes with its updates, entries of their own.
      if (key === 'slug') await Promise.all(found.map(withLiveBlog));
      return found.flatMap((parts) => request.keepArticleParts(parts) ?? []);
    },
    (article) => (key === 'id' ? article.id : article.slug),
    itemsPerRequest(cost),
  );
}

/** Assets by id, one `assetCollection` query per batch, kept in the request's store. */
function assetsById(request: ContentfulRequest): DataLoader<string, Asset | null> {
  return new DataLoader<string, Asset | null>(
    async (ids) => {
      const items = await request.itemsById('asset', '...FolioAsset', [ASSET], ids);
      const found = request.read(() =>
        items.flatMap((item, index) =>
          item === null ? [] : [toAsset(item, `assetCollection.items[${index}]`)],
        ),
      );
      for (const asset of found) request.keepAsset(asset);
      return ids.map((id) => request.store.assets.get(id) ?? null);
    },
    { maxBatchSize: itemsPerRequest(COST.plain) },
  );
}

/**
 * What one request looks up in Contentful: articles (a card by id, the
 * whole article by slug), pages, authors and topics by id or slug, assets,
 * code blocks and pull quotes by id, the site; each kept in the request's
 * store.
 */
export function contentfulLookups(request: ContentfulRequest, linked: LinkedEntries): CmsLookups {
  const { store } = request;
  const lookup = <T>(
    type: keyof typeof SELECTIONS,
    key: Key,
    keep: (item: unknown, index: number) => T | null,
    documentOf: (value: T) => { id: string; slug: string },
  ) =>
    keyedLoader(
      (keys) => findEntries(request, type, key, keys, keep),
      (value) => documentOf(value)[key],
      itemsPerRequest(SELECTIONS[type].cost),
    );
  const keepPageItem = (item: unknown, index: number) => {
    const parts = request.read(() => toPage(item, `pageCollection.items[${index}]`));
    parts.page.locale = request.locale;
    request.learn(parts.page.id, 'Page');
    return parts;
  };
  const pageOfParts = (parts: PageParts) => parts.page;
  const pageById = lookup('page', 'id', keepPageItem, pageOfParts);
  const pageBySlug = lookup('page', 'slug', keepPageItem, pageOfParts);
  const articleCardById = articlesBy(request, linked, 'id');
  const articleBySlug = articlesBy(request, linked, 'slug');
  const itself = <T>(value: T) => value;
  return {
    site: async () => {
      const answer = await request.batch.query<unknown>({
        field: `siteCollection(limit: 1${request.previewArgument}) { items { title description navigation footer } }`,
        cost: COST.plain,
      });
      const items = request.read(() =>
        list(record(answer, 'siteCollection'), 'items', 'siteCollection'),
      );
      return items[0]
        ? request.read(() => toSite(items[0], 'siteCollection.items[0]'))
        : { ...SITE_WITHOUT_RECORD };
    },
    // By slug (the article page): with its body's links, whose entries come whole in the same request. By id (cards, search hits, links, votes): as a card.
    article: (by) =>
      'id' in by
        ? store.known(store.articles, by.id, articleCardById)
        : store.bySlug(store.articles, by.slug, articleBySlug),
    page: async (by) => {
      for (const page of store.pages.values())
        if ('id' in by ? page.id === by.id : page.slug === by.slug) return page;
      const parts = await ('id' in by ? pageById.load(by.id) : pageBySlug.load(by.slug));
      return parts ? linked.completePage(parts) : null;
    },
    articleById: articleCardById,
    authorById: lookup('author', 'id', request.keepAuthorItem, itself),
    authorBySlug: lookup('author', 'slug', request.keepAuthorItem, itself),
    topicById: lookup('topic', 'id', request.keepTopicItem, itself),
    topicBySlug: lookup('topic', 'slug', request.keepTopicItem, itself),
    assetById: assetsById(request),
    // Code blocks and pull quotes are entries of their own.
    loadEmbed: (id) => linked.entryById.load(id),
  };
}
