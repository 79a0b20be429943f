import type { CmsService } from '../cms/cmsGraphQL';
import { list, optionalInstant, record, text, whole, type Json } from '../cms/answerFields';
import { cmsCrawl, type CrawlQueries, type CrawledItems } from '../cms/cmsCrawl';
import { toArticle } from './contentfulArticles';
import { publishedAtOf, READERS_SEE_IT, sysId } from './contentfulEntries';
import { contentfulLocaleOf, VERSION_SLUGS, versionsIn } from './contentfulLocales';
import { CARD_FRAGMENTS, COST, CRAWLED_ARTICLE } from './contentfulQueries';

/**
 * Articles per request when the crawlers and the search index read them all:
 * Contentful's query complexity (at most 11,000) counts every entry and asset
 * a query could return; a card costs 33 (contentfulQueries.ts), so 100 cost 3,300.
 */
const CRAWL_PAGE = 100;
/**
 * Pages, topics and authors per request when the sitemap lists them all
 * (Contentful's largest `limit`): it pages on until Contentful's total.
 */
const MAX_LIMIT = 1000;

/** How Contentful's crawled items read. */
const CONTENTFUL_ITEMS: CrawledItems<Json> = {
  articlePath: (index) => `articleCollection.items[${index}]`,
  listedPath: (type, index) => `${type}Collection.items[${index}]`,
  listed: (item, path) => ({
    id: sysId(item, path),
    slug: text(item, 'slug', path),
    versions: versionsIn(item),
  }),
  // Its own `lastUpdated`, else its last publish.
  updatedAt: (item, path) =>
    optionalInstant(item, 'lastUpdated', path) ?? publishedAtOf(item, path),
  bylineSlugs: (item, field, path) =>
    list(
      record(item[`${field}Collection`], `${path}.${field}Collection`),
      'items',
      `${path}.${field}Collection`,
    ).flatMap((entry, index) => {
      if (entry === null) return [];
      const at = `${path}.${field}Collection.items[${index}]`;
      return [text(record(entry, at), 'slug', at)];
    }),
  article: (item, path) => toArticle(item, path).article,
};

/** What a crawl asks Contentful, a page of its collections at a time. */
const CONTENTFUL_QUERIES: CrawlQueries<Json> = {
  /**
   * Every published article translated into `locale` (its slug has a value
   * of its own there: `where` matches a locale's own values), oldest first,
   * a page of Contentful's at a time: the crawlers and the search index read them.
   */
  async *articles({ batch, read }, locale, selected) {
    const { fields, cost } = CRAWLED_ARTICLE[selected];
    for (let skip = 0; ; skip += CRAWL_PAGE) {
      const answer = await batch.query<unknown>({
        field: `articleCollection(skip: $skip, limit: ${CRAWL_PAGE}, where: { ${READERS_SEE_IT} slug_exists: true }, order: [publicationDate_ASC, sys_id_ASC], locale: "${contentfulLocaleOf(locale)}") { total items { ${fields} } }`,
        variables: { skip: ['Int', skip], now: ['DateTime', new Date().toISOString()] },
        fragments: fields.includes('FolioArticleCard') ? CARD_FRAGMENTS : [],
        cost: CRAWL_PAGE * cost,
      });
      const page = read(() => record(answer, 'articleCollection'));
      const items = read(() =>
        list(page, 'items', 'articleCollection')
          .filter((item) => item !== null)
          .map((item) => record(item, 'articleCollection.items')),
      );
      yield items;
      if (skip + CRAWL_PAGE >= read(() => whole(page, 'total', 'articleCollection'))) return;
    }
  },
  /** Every published page (with lastUpdated, publishedAt), topic or author translated into `locale`, by slug, with its versions, however many. */
  async every({ batch, read }, type, locale) {
    const name = `${type}Collection`;
    const fields =
      type === 'page'
        ? `sys { id publishedAt } slug lastUpdated ${VERSION_SLUGS}`
        : `sys { id } slug ${VERSION_SLUGS}`;
    const args = `skip: $skip, limit: ${MAX_LIMIT}, where: { slug_exists: true }, order: [slug_ASC, sys_id_ASC], locale: "${contentfulLocaleOf(locale)}"`;
    const all: Json[] = [];
    for (let skip = 0; ; skip += MAX_LIMIT) {
      const answer = await batch.query<unknown>({
        field: `${name}(${args}) { total items { ${fields} } }`,
        variables: { skip: ['Int', skip] },
        cost: MAX_LIMIT * COST.plain,
      });
      const page = read(() => record(answer, name));
      const items = read(() => list(page, 'items', name));
      all.push(...read(() => items.map((item) => record(item, `${name}.items`))));
      if (skip + MAX_LIMIT >= read(() => whole(page, 'total', name))) return all;
    }
  },
  /** Published articles whose publicationDate has not come, earliest first (a page of them at most). */
  async notYetDue({ batch, read }) {
    const answer = await batch.query<unknown>({
      field: `articleCollection(limit: ${CRAWL_PAGE}, where: { publicationDate_gt: $now }, order: [publicationDate_ASC, sys_id_ASC]) { items { sys { id } publicationDate } }`,
      variables: { now: ['DateTime', new Date().toISOString()] },
      cost: CRAWL_PAGE * COST.plain,
    });
    return read(() =>
      list(record(answer, 'articleCollection'), 'items', 'articleCollection').flatMap(
        (item, index) =>
          item === null
            ? []
            : [
                {
                  id: sysId(
                    record(item, `articleCollection.items[${index}]`),
                    `articleCollection.items[${index}]`,
                  ),
                  at: record(item, 'articleCollection.items').publicationDate,
                },
              ],
      ),
    );
  },
};

/**
 * What the crawlers, the sitemap, the search index and the schedule read of
 * Contentful: every published entry of a locale, a page at a time, each
 * crawl in a batch of its own.
 */
export function contentfulCrawl(service: CmsService): ReturnType<typeof cmsCrawl> {
  return cmsCrawl(service, CONTENTFUL_QUERIES, CONTENTFUL_ITEMS);
}
