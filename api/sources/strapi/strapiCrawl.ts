import type { CmsService } from '../cms/cmsGraphQL';
import { list, optionalInstant, record, text, whole, type Json } from '../cms/answerFields';
import { cmsCrawl, type CrawlBatch, type CrawlQueries, type CrawledItems } from '../cms/cmsCrawl';
import type { QueryVariables } from '../cms/requestContext';
import type { Locale } from '../../../shared/locales';
import { toArticle } from './strapiArticles';
import { documentIdOf } from './strapiDocuments';
import { strapiLocaleOf, VERSIONS, versionsIn } from './strapiLocales';
import { CRAWLED_ARTICLE } from './strapiQueries';
import type { StrapiSettings } from './strapiRequest';

/**
 * Documents per request when the crawlers, the sitemap and the search index
 * read them all (Strapi's GraphQL `maxLimit`, cms/strapi/config/plugins.js):
 * they page on until Strapi's total.
 */
const CRAWL_PAGE = 100;

/** The collections read whole, and how (everyNode). */
type CrawledType = 'articles' | 'pages' | 'topics' | 'authors';
interface CrawlQuery {
  /** Strapi's `filters` argument, if any. */
  filters?: string;
  /** Strapi's `sort` argument: a stable order, ending on a unique field. */
  sort: string;
  /** What to select of each node. */
  fields: string;
  /** Fragments `fields` spreads. */
  fragments?: readonly string[];
  /** Variables the filters use, asked afresh for every page. */
  variables?: () => QueryVariables;
  /** The locale read (every crawled type is localized). */
  locale: Locale;
}

/**
 * Every node of a collection, in `query.sort` order, a page of CRAWL_PAGE
 * (Strapi's `maxLimit`) at a time, until Strapi's total is read.
 */
async function* everyNode({ batch, read }: CrawlBatch, type: CrawledType, query: CrawlQuery) {
  const name = `${type}_connection`;
  const filters = query.filters === undefined ? [] : [`filters: ${query.filters}`];
  const pagination = `pagination: { start: $start, limit: ${CRAWL_PAGE} }`;
  const args = [...filters, pagination, `sort: ${query.sort}`, 'locale: $locale'].join(', ');
  for (let start = 0; ; start += CRAWL_PAGE) {
    const answer = await batch.query<unknown>({
      field: `${name}(${args}) { nodes { ${query.fields} } pageInfo { total } }`,
      variables: {
        start: ['Int', start],
        locale: ['I18NLocaleCode', strapiLocaleOf(query.locale)],
        ...query.variables?.(),
      },
      fragments: query.fragments ?? [],
    });
    const connection = read(() => record(answer, name));
    const nodes = read(() => list(connection, 'nodes', name));
    yield read(() => nodes.map((node, index) => record(node, `${name}.nodes[${index}]`)));
    const pageInfo = read(() => record(connection.pageInfo, `${name}.pageInfo`));
    if (start + CRAWL_PAGE >= read(() => whole(pageInfo, 'total', `${name}.pageInfo`))) return;
  }
}

/** How Strapi's crawled nodes read. */
const strapiNodes = (settings: StrapiSettings): CrawledItems<Json> => ({
  articlePath: (index) => `articles_connection.nodes[${index}]`,
  listedPath: (type, index) => `${type}s_connection.nodes[${index}]`,
  listed: (node, path) => ({
    id: documentIdOf(node, path),
    slug: text(node, 'slug', path),
    versions: versionsIn(node, path),
  }),
  updatedAt: (node, path) => optionalInstant(node, 'updatedAt', path),
  bylineSlugs: (node, field, path) =>
    list(node, field, path).map((entry, at) =>
      text(record(entry, `${path}.${field}[${at}]`), 'slug', `${path}.${field}[${at}]`),
    ),
  article: (node, path) => toArticle(node, path, settings.url, 'PUBLISHED').article,
});

/** What a crawl asks Strapi: every node of a collection, CRAWL_PAGE at a time (everyNode). */
const STRAPI_QUERIES: CrawlQueries<Json> = {
  articles: (crawl, locale, selected) =>
    everyNode(crawl, 'articles', {
      locale,
      filters: '{ publicationDate: { lte: $now } }',
      sort: '["publicationDate:asc", "documentId:asc"]',
      fields: CRAWLED_ARTICLE[selected].fields,
      fragments: CRAWLED_ARTICLE[selected].fragments ?? [],
      variables: () => ({ now: ['DateTime', new Date().toISOString()] }),
    }),
  every: async (crawl, type, locale) => {
    const all: Json[] = [];
    const sort = '["slug:asc", "documentId:asc"]';
    const fields = type === 'page' ? `${VERSIONS} updatedAt` : VERSIONS;
    // Strapi's collections are named in the plural.
    for await (const nodes of everyNode(crawl, `${type}s`, { sort, fields, locale }))
      all.push(...nodes);
    return all;
  },
  notYetDue: async ({ batch, read }) => {
    const answer = await batch.query<unknown[]>({
      field: `articles(filters: { publicationDate: { gt: $now } }, pagination: { limit: ${CRAWL_PAGE} }, sort: ["publicationDate:asc", "documentId:asc"]) { documentId publicationDate }`,
      variables: { now: ['DateTime', new Date().toISOString()] },
    });
    return read(() =>
      answer.map((node, index) => ({
        id: documentIdOf(record(node, `articles[${index}]`), `articles[${index}]`),
        at: text(record(node, `articles[${index}]`), 'publicationDate', `articles[${index}]`),
      })),
    );
  },
};

/**
 * What the crawlers, the sitemap, the search index and the schedule read of
 * Strapi: every published document of a locale, CRAWL_PAGE at a time, each
 * crawl in a batch of its own.
 */
export function strapiCrawl(
  service: CmsService,
  settings: StrapiSettings,
): ReturnType<typeof cmsCrawl> {
  return cmsCrawl(service, STRAPI_QUERIES, strapiNodes(settings));
}
