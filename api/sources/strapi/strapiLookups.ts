import DataLoader from 'dataloader';
import { SITE_WITHOUT_RECORD, type Article, type Asset, type Page } from '../contentSource';
import { record } from '../cms/answerFields';
import type { CmsLookups } from '../cms/cmsReader';
import { keyedLoader } from '../cms/keyedLoaders';
import type { QueryVariables } from '../cms/requestContext';
import { toArticle } from './strapiArticles';
import { documentIdOf, toSite } from './strapiDocuments';
import { toPage } from './strapiPages';
import { MEDIA, SELECTIONS } from './strapiQueries';
import { hasDrafts, type LocalizedType, type StrapiRequest } from './strapiRequest';

/** How a lookup keeps a node it found (`published`: the documentIds a previewer's drafts have published versions of). */
type Keep<T> = (node: unknown, path: string, published: ReadonlySet<string>) => T | null;

/** A lookup's key, in Strapi's words. */
type Key = 'documentId' | 'slug';

/**
 * Which of a previewer's drafts (`keys` of a type with drafts) also have a
 * published version, asked in the same request as the drafts: their
 * documentIds. A reader's, and other types', none.
 */
async function publishedAmong(
  request: StrapiRequest,
  type: LocalizedType,
  filters: string,
  keysVariable: QueryVariables,
  limit: number,
): Promise<Set<string>> {
  if (!request.preview || !hasDrafts(type)) return new Set();
  const nodes = await request.batch.query<unknown[]>({
    field: `${type}(filters: { ${filters} }, pagination: { limit: ${limit} }, locale: $locale, status: PUBLISHED) { documentId }`,
    variables: { ...keysVariable, ...request.localeVariable },
  });
  return new Set(
    request.read(() =>
      nodes.flatMap((node, index) =>
        node === null ? [] : [documentIdOf(record(node, `${type}[${index}]`), `${type}[${index}]`)],
      ),
    ),
  );
}

/** Documents of one type by documentId or slug, one query per batch of keys: those found, kept. */
async function findDocuments<T>(
  request: StrapiRequest,
  type: LocalizedType,
  keep: Keep<T>,
  key: Key,
  keys: readonly string[],
): Promise<T[]> {
  const { select, fragments } = SELECTIONS[type];
  const filters = `${key}: { in: $keys }`;
  const keysVariable: QueryVariables = {
    keys: [key === 'documentId' ? '[ID]' : '[String]', [...keys]],
  };
  // Both queries go out together (one batch); both are awaited together, so a CMS that is down
  // fails the lookup once, never leaving the second query's failure unhandled.
  const [publishedIds, answer] = await Promise.all([
    publishedAmong(request, type, filters, keysVariable, keys.length),
    request.batch.query<unknown[]>({
      field: `${type}(filters: ${type === 'articles' ? request.visible(filters) : request.translated(filters)}, pagination: { limit: ${keys.length} }, locale: $locale${hasDrafts(type) ? `, ${request.statusArgument}` : ''}) { ${select} }`,
      variables: {
        ...keysVariable,
        ...request.localeVariable,
        ...(type === 'articles' ? request.timeVariables() : {}),
      },
      fragments,
    }),
  ]);
  return request
    .read(() =>
      answer.flatMap((node, index) =>
        node === null ? [] : [keep(node, `${type}[${index}]`, publishedIds)],
      ),
    )
    .filter((value): value is T => value !== null);
}

/**
 * What one request looks up in Strapi: documents by documentId or slug
 * (whole: an article with its body, a page with its blocks), media files
 * by documentId, the site; each kept in the request's store.
 */
export function strapiLookups(request: StrapiRequest): CmsLookups {
  const { settings, store } = request;
  const lookup = <T extends { id: string; slug: string }>(
    type: LocalizedType,
    keep: Keep<T>,
    key: Key,
  ) =>
    keyedLoader(
      (keys) => findDocuments(request, type, keep, key, keys),
      (value) => (key === 'slug' ? value.slug : value.id),
    );
  const keepArticle: Keep<Article> = (node, path, published) =>
    request.keepArticleParts(
      toArticle(node, path, settings.url, request.statusOf(node, path, published)),
    );
  const keepPage: Keep<Page> = (node, path, published) =>
    request.keepPageParts(
      toPage(node, path, settings.url, request.statusOf(node, path, published)),
    );
  const articleById = lookup('articles', keepArticle, 'documentId');
  const articleBySlug = lookup('articles', keepArticle, 'slug');
  const pageById = lookup('pages', keepPage, 'documentId');
  const pageBySlug = lookup('pages', keepPage, 'slug');
  return {
    site: async () => {
      const answer = await request.batch.query<unknown>({
        field:
          'site(locale: $locale) { title description navigation { label url } footer { label url } }',
        variables: request.localeVariable,
      });
      return answer === null
        ? { ...SITE_WITHOUT_RECORD }
        : request.read(() => toSite(answer, 'site'));
    },
    // Whole: a card this request saw in a list has no body.
    article: (by) => store.wholeArticle(by, articleById, articleBySlug),
    page: (by) =>
      'id' in by
        ? store.known(store.pages, by.id, pageById)
        : store.bySlug(store.pages, by.slug, pageBySlug),
    articleById,
    authorById: lookup('authors', request.keepAuthorNode, 'documentId'),
    authorBySlug: lookup('authors', request.keepAuthorNode, 'slug'),
    topicById: lookup('topics', request.keepTopicNode, 'documentId'),
    topicBySlug: lookup('topics', request.keepTopicNode, 'slug'),
    assetById: mediaById(request),
    // An embed lives in its article's body (`documentId.position`): the article brings it.
    loadEmbed: (id) => store.wholeArticle({ id: id.split('.', 1)[0]! }, articleById, articleBySlug),
  };
}

/** Media files by documentId, one query per batch, kept in the request's store. */
function mediaById(request: StrapiRequest): DataLoader<string, Asset | null> {
  return new DataLoader<string, Asset | null>(async (ids) => {
    const answer = await request.batch.query<unknown[]>({
      field: `uploadFiles(filters: { documentId: { in: $ids } }, pagination: { limit: ${ids.length} }) { ...FolioMedia }`,
      variables: { ids: ['[ID]', [...ids]] },
      fragments: [MEDIA],
    });
    request.keepMedia(
      request.read(() => answer.map((node, index) => request.media(node, `uploadFiles[${index}]`))),
    );
    return ids.map((id) => request.store.assets.get(id) ?? null);
  });
}
