import type { Database } from '../../db/database';
import { createCmsBatch, readShape, type CmsBatch, type CmsService } from '../cms/cmsGraphQL';
import { fetchCmsFile } from '../cms/cmsFiles';
import type { ContentSource, ImageOriginal, ReaderOptions } from '../contentSource';
import { cmsSource } from '../cms/cmsSource';
import { createSearchIndex } from '../cms/searchIndex';
import { strapiReader } from './strapiReader';
import type { StrapiSettings } from './strapiRequest';
import { list, optionalInstant, record, text, whole, type Json } from '../cms/answerFields';
import { ARTICLE_FRAGMENTS, MEDIA } from './strapiQueries';
import type { Locale } from '../../../shared/locales';
import { strapiLocaleOf, VERSIONS, versionsIn } from './strapiLocales';
import { imageFile } from '../cms/assetFiles';
import { toArticle } from './strapiArticles';
import { documentIdOf, toMedia } from './strapiDocuments';

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
  variables?: () => Record<string, [string, unknown]>;
  /** The locale read (every crawled type is localized). */
  locale: Locale;
}

/**
 * A Strapi 5 server as Folio's content (docs/sources.md#content-sources), over its GraphQL API.
 * Readers read published documents (`status: PUBLISHED`) and see an article
 * from its `publicationDate` on; a previewer reads the drafts (`status:
 * DRAFT`, Strapi's latest version of every document). Ids are `documentId`s:
 * Strapi's numeric ids change at every publish. Everything a request asks in
 * one tick is one request to Strapi (cms/cmsGraphQL.ts): an article page costs
 * Strapi two, the article with everything inside it and then its related
 * reading. Search runs over an index in Folio's database (cms/searchIndex.ts).
 */
export function createStrapiSource(
  settings: StrapiSettings,
  db: Database,
  log: CmsService['log'],
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): ContentSource {
  const service: CmsService = {
    name: 'Strapi',
    url: `${settings.url}/graphql`,
    token: () => settings.token,
    log,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
  };
  const read = <T>(map: () => T) => readShape(service, map);
  const search = createSearchIndex(db, 'strapi');
  const media = (value: unknown, path: string) => toMedia(value, path, settings.url);

  /**
   * Every node of a collection, in `query.sort` order, a page of CRAWL_PAGE
   * (Strapi's `maxLimit`) at a time, until Strapi's total is read.
   */
  async function* everyNode(batch: CmsBatch, type: CrawledType, query: CrawlQuery) {
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

  /** Every published article a reader sees in `locale`, oldest first, a page at a time. */
  function publishedArticles(
    batch: CmsBatch,
    locale: Locale,
    fields: string,
    fragments: readonly string[] = [],
  ) {
    return everyNode(batch, 'articles', {
      locale,
      filters: '{ publicationDate: { lte: $now } }',
      sort: '["publicationDate:asc", "documentId:asc"]',
      fields,
      fragments,
      variables: () => ({ now: ['DateTime', new Date().toISOString()] }),
    });
  }

  /** Every published page (with updatedAt), topic or author in `locale` by slug, with its versions, however many. */
  async function everyBySlug(
    batch: CmsBatch,
    type: Exclude<CrawledType, 'articles'>,
    locale: Locale,
  ) {
    const all: Json[] = [];
    const sort = '["slug:asc", "documentId:asc"]';
    const fields = type === 'pages' ? `${VERSIONS} updatedAt` : VERSIONS;
    for await (const nodes of everyNode(batch, type, { sort, fields, locale })) all.push(...nodes);
    return all;
  }

  /** A crawled node's documentId, slug and versions. */
  const listed = (node: Json, path: string) =>
    read(() => ({
      id: documentIdOf(node, path),
      slug: text(node, 'slug', path),
      versions: versionsIn(node, path),
    }));

  const reader = (options: ReaderOptions) => strapiReader({ service, settings, search }, options);

  return cmsSource(
    {
      kind: 'strapi',
      log,
      reader,
      async *publishedRows({ bylines, locale }) {
        const batch = createCmsBatch(service, false);
        const fields = bylines
          ? `${VERSIONS} updatedAt authors { slug } topics { slug }`
          : `${VERSIONS} updatedAt`;
        for await (const nodes of publishedArticles(batch, locale, fields)) {
          yield read(() =>
            nodes.map((node, index) => {
              const path = `articles_connection.nodes[${index}]`;
              const slugs = (field: 'authors' | 'topics') =>
                bylines
                  ? list(node, field, path).map((entry, at) =>
                      text(
                        record(entry, `${path}.${field}[${at}]`),
                        'slug',
                        `${path}.${field}[${at}]`,
                      ),
                    )
                  : [];
              return {
                ...listed(node, path),
                updatedAt: optionalInstant(node, 'updatedAt', path),
                authorSlugs: slugs('authors'),
                topicSlugs: slugs('topics'),
              };
            }),
          );
        }
      },
      async *publishedArticles(locale) {
        const batch = createCmsBatch(service, false);
        for await (const nodes of publishedArticles(
          batch,
          locale,
          '...FolioArticle',
          ARTICLE_FRAGMENTS,
        ))
          yield read(() =>
            nodes.map(
              (node, index) =>
                toArticle(node, `articles_connection.nodes[${index}]`, settings.url, 'PUBLISHED')
                  .article,
            ),
          );
      },
      async everyListed(locale) {
        // Every one of them, CRAWL_PAGE at a time; the three lists' pages go together.
        const batch = createCmsBatch(service, false);
        const [pages, topics, authors] = await Promise.all([
          everyBySlug(batch, 'pages', locale),
          everyBySlug(batch, 'topics', locale),
          everyBySlug(batch, 'authors', locale),
        ]);
        const documents = (rows: Json[], type: 'topics' | 'authors') =>
          rows.map((row, index) => listed(row, `${type}_connection.nodes[${index}]`));
        return {
          pages: pages.map((page, index) => {
            const path = `pages_connection.nodes[${index}]`;
            const updatedAt = read(() => optionalInstant(page, 'updatedAt', path));
            return { ...listed(page, path), updatedAt: updatedAt ?? new Date(0).toISOString() };
          }),
          topics: documents(topics, 'topics'),
          authors: documents(authors, 'authors'),
        };
      },
      async notYetDue() {
        // Published documents whose publicationDate has not come, earliest first (a page of them at most).
        const batch = createCmsBatch(service, false);
        const answer = await batch.query<unknown>({
          field: `articles(filters: { publicationDate: { gt: $now } }, pagination: { limit: ${CRAWL_PAGE} }, sort: ["publicationDate:asc", "documentId:asc"]) { documentId publicationDate }`,
          variables: { now: ['DateTime', new Date().toISOString()] },
        });
        const rows = read(() =>
          (answer as unknown[]).map((node, index) => ({
            id: documentIdOf(record(node, `articles[${index}]`), `articles[${index}]`),
            at: text(record(node, `articles[${index}]`), 'publicationDate', `articles[${index}]`),
          })),
        );
        return rows;
      },
      async image(file): Promise<ImageOriginal | null> {
        const id = file.split('/', 1)[0]!;
        const answer = await createCmsBatch(service, false).query<unknown>({
          field: 'uploadFile(documentId: $id) { ...FolioMedia }',
          variables: { id: ['ID!', id] },
          fragments: [MEDIA],
        });
        if (answer === null) return null;
        const found = read(() => media(answer, 'uploadFile'));
        if (
          found.asset.file !== file ||
          imageFile(
            documentIdOf(record(answer, 'uploadFile'), 'uploadFile'),
            file.slice(id.length + 1),
          ) !== file
        )
          return null;
        return {
          contentType: found.asset.contentType,
          // Strapi's media have no status of their own.
          visibility: 'public',
          bytes: () => fetchCmsFile(service, found.url, file, settings.fileHosts),
        };
      },
    },
    search,
  );
}
