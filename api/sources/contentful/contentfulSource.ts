import type { Database } from '../../db/database';
import { createCmsBatch, readShape, type CmsBatch, type CmsService } from '../cms/cmsGraphQL';
import { fetchCmsFile } from '../cms/cmsFiles';
import type { ContentSource, ImageOriginal, ReaderOptions } from '../contentSource';
import { cmsSource } from '../cms/cmsSource';
import { createSearchIndex, type SearchIndex } from '../cms/searchIndex';
import { contentfulReader } from './contentfulReader';
import { list, optionalInstant, record, text, whole, type Json } from '../cms/answerFields';
import type { SourceSettings } from '../../../settings/sourceSettings';
import {
  ASSET,
  BYLINE_LIMIT,
  CARD_FRAGMENTS,
  COST,
  MAX_COMPLEXITY,
  MAX_QUERY_BYTES,
} from './contentfulQueries';
import { toArticle } from './contentfulArticles';
import { sysId, toAsset } from './contentfulEntries';
import type { Locale } from '../../../shared/locales';
import { contentfulLocaleOf, VERSION_SLUGS, versionsIn } from './contentfulLocales';

type ContentfulSettings = Extract<SourceSettings, { kind: 'contentful' }>;

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
/** Entry types remembered at most (a few megabytes); past it the memory starts again. */
const MAX_KNOWN_TYPES = 200_000;

/**
 * Contentful's GraphQL Content API as Folio's content (docs/sources.md#content-sources). Readers
 * read published entries with the delivery token and see an article from
 * its `publicationDate` on (Folio's scheduling rule, whatever the source);
 * a previewer reads drafts with `preview: true` and the preview token.
 * Everything a request asks in one tick is one request to Contentful
 * (cms/cmsGraphQL.ts); what it fetched is remembered for the rest of the request.
 * Search runs over an index in Folio's database (cms/searchIndex.ts).
 */
export function createContentfulSource(
  settings: ContentfulSettings,
  db: Database,
  log: CmsService['log'],
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): ContentSource {
  const service: CmsService = {
    name: 'Contentful',
    url: settings.graphqlUrl,
    token: (preview) =>
      preview && settings.previewToken ? settings.previewToken : settings.deliveryToken,
    log,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
    maxCost: MAX_COMPLEXITY,
    maxQueryBytes: MAX_QUERY_BYTES,
    // `asset(id:)` and an entry by id that the token cannot see: null and a NOT_FOUND error.
    isNotFound: (error) =>
      (error.extensions as { contentful?: { code?: unknown } } | undefined)?.contentful?.code ===
      'NOT_FOUND',
  };
  const read = <T>(map: () => T) => readShape(service, map);
  const search: SearchIndex = createSearchIndex(db, 'contentful');

  /**
   * Each entry's type by id, as any answer named it. A rich-text document
   * names entries by id alone, and Folio's ids carry the type; Contentful never
   * changes an entry's content type, so what one request learnt holds for
   * every later one, and a list's bodies are typed without asking again.
   */
  const entryTypes = new Map<string, string>();
  const learn = (id: string, type: string) => {
    if (entryTypes.size >= MAX_KNOWN_TYPES && !entryTypes.has(id)) entryTypes.clear();
    entryTypes.set(id, type);
  };

  /**
   * Every published article translated into `locale` (its slug has a value
   * of its own there: `where` matches a locale's own values), oldest first,
   * a page of Contentful's at a time: the crawlers and the search index read them.
   */
  async function* publishedArticles(
    batch: CmsBatch,
    locale: Locale,
    fields: string,
    each: number,
  ): AsyncGenerator<Json[]> {
    for (let skip = 0; ; skip += CRAWL_PAGE) {
      const answer = await batch.query<unknown>({
        field: `articleCollection(skip: $skip, limit: ${CRAWL_PAGE}, where: { publicationDate_lte: $now slug_exists: true }, order: [publicationDate_ASC, sys_id_ASC], locale: "${contentfulLocaleOf(locale)}") { total items { ${fields} } }`,
        variables: { skip: ['Int', skip], now: ['DateTime', new Date().toISOString()] },
        fragments: fields.includes('FolioArticleCard') ? CARD_FRAGMENTS : [],
        cost: CRAWL_PAGE * each,
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
  }

  /** Every published page (with lastUpdated, publishedAt), topic or author translated into `locale`, by slug, with its versions, however many. */
  async function everyBySlug(batch: CmsBatch, type: 'page' | 'topic' | 'author', locale: Locale) {
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
  }

  const reader = (options: ReaderOptions) =>
    contentfulReader(
      { service, search, learn, entryTypes, readsDrafts: settings.previewToken !== undefined },
      options,
    );

  /** A published article's last change: Contentful's `sys.publishedAt`. */
  const publishedAtOf = (item: Json, path: string) =>
    optionalInstant(record(item.sys, `${path}.sys`), 'publishedAt', `${path}.sys`);
  /** When an article or page last changed: its own `lastUpdated`, else its last publish. */
  const updatedAtOf = (item: Json, path: string) =>
    optionalInstant(item, 'lastUpdated', path) ?? publishedAtOf(item, path);
  const slugsIn = (item: Json, field: 'authors' | 'topics', path: string) =>
    list(
      record(item[`${field}Collection`], `${path}.${field}Collection`),
      'items',
      `${path}.${field}Collection`,
    ).flatMap((entry, index) =>
      entry === null
        ? []
        : [
            text(
              record(entry, `${path}.${field}Collection.items[${index}]`),
              'slug',
              `${path}.${field}Collection.items[${index}]`,
            ),
          ],
    );

  /** A listed entry's id, slug (in the locale read) and versions. */
  const listed = (item: Json, path: string) => ({
    id: sysId(item, path),
    slug: text(item, 'slug', path),
    versions: versionsIn(item),
  });

  return cmsSource(
    {
      kind: 'contentful',
      log,
      reader,
      async *publishedRows({ bylines, locale }) {
        const batch = createCmsBatch(service, false);
        const own = `slug lastUpdated sys { id publishedAt } ${VERSION_SLUGS}`;
        const fields = bylines
          ? `${own} authorsCollection(limit: ${BYLINE_LIMIT}) { items { slug } } topicsCollection(limit: ${BYLINE_LIMIT}) { items { slug } }`
          : own;
        for await (const items of publishedArticles(
          batch,
          locale,
          fields,
          bylines ? COST.sitemapArticle : COST.plain,
        ))
          yield read(() =>
            items.map((item, index) => {
              const path = `articleCollection.items[${index}]`;
              return {
                ...listed(item, path),
                updatedAt: updatedAtOf(item, path),
                authorSlugs: bylines ? slugsIn(item, 'authors', path) : [],
                topicSlugs: bylines ? slugsIn(item, 'topics', path) : [],
              };
            }),
          );
      },
      async *publishedArticles(locale) {
        const batch = createCmsBatch(service, false);
        for await (const items of publishedArticles(
          batch,
          locale,
          '...FolioArticleCard',
          COST.card,
        ))
          yield read(() =>
            items.map(
              (item, index) => toArticle(item, `articleCollection.items[${index}]`).article,
            ),
          );
      },
      async everyListed(locale) {
        // Every one of them, MAX_LIMIT at a time; the three lists' pages go together.
        const batch = createCmsBatch(service, false);
        const [pages, topics, authors] = await Promise.all([
          everyBySlug(batch, 'page', locale),
          everyBySlug(batch, 'topic', locale),
          everyBySlug(batch, 'author', locale),
        ]);
        const slugs = (rows: Json[], name: string) =>
          read(() => rows.map((row, index) => listed(row, `${name}.items[${index}]`)));
        return {
          pages: read(() =>
            pages.map((page, index) => ({
              ...listed(page, `pageCollection.items[${index}]`),
              updatedAt:
                updatedAtOf(page, `pageCollection.items[${index}]`) ?? new Date(0).toISOString(),
            })),
          ),
          topics: slugs(topics, 'topicCollection'),
          authors: slugs(authors, 'authorCollection'),
        };
      },
      async notYetDue() {
        // Published articles whose publicationDate has not come, earliest first (a page of them at most).
        const batch = createCmsBatch(service, false);
        const answer = await batch.query<unknown>({
          field: `articleCollection(limit: ${CRAWL_PAGE}, where: { publicationDate_gt: $now }, order: [publicationDate_ASC, sys_id_ASC]) { items { sys { id } publicationDate } }`,
          variables: { now: ['DateTime', new Date().toISOString()] },
          cost: CRAWL_PAGE * COST.plain,
        });
        const due = read(() =>
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
        return due;
      },
      async image(file): Promise<ImageOriginal | null> {
        const id = file.split('/', 1)[0]!;
        const find = async (preview: boolean) => {
          const batch = createCmsBatch(service, preview);
          const answer = await batch.query<unknown>({
            field: `asset(id: $id${preview ? ', preview: true' : ''}) { ...FolioAsset }`,
            variables: { id: ['String!', id] },
            fragments: [ASSET],
            cost: COST.plain,
          });
          return answer === null
            ? null
            : read(() => ({
                asset: toAsset(answer, 'asset'),
                url: String(record(answer, 'asset').url),
              }));
        };
        const published = await find(false);
        const found = published ?? (settings.previewToken ? await find(true) : null);
        // Its own file only: another name after its id is no file of this asset.
        if (!found || found.asset.file !== file) return null;
        const url = found.url.startsWith('//') ? `https:${found.url}` : found.url;
        return {
          contentType: found.asset.contentType,
          visibility: published ? 'public' : 'preview',
          bytes: () => fetchCmsFile(service, url, file, settings.fileHosts),
        };
      },
    },
    search,
  );
}
