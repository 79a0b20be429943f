import { record } from '../cms/answerFields';
import type { FoundImage } from '../cms/cmsFiles';
import { createCmsBatch, readShape, type CmsService } from '../cms/cmsGraphQL';
import { cmsSourceMaker } from '../cms/cmsSource';
import type { SourceSettings } from '../../../settings/sourceSettings';
import { contentfulCrawl } from './contentfulCrawl';
import { toAsset } from './contentfulEntries';
import { ASSET, COST, MAX_COMPLEXITY, MAX_QUERY_BYTES } from './contentfulQueries';
import { contentfulReader } from './contentfulReader';

type ContentfulSettings = Extract<SourceSettings, { kind: 'contentful' }>;

/** Entry types remembered at most (a few megabytes); past it the memory starts again. */
const MAX_KNOWN_TYPES = 200_000;

/**
 * Each entry's type by id, as any answer named it. A rich-text document
 * names entries by id alone, and Folio's ids carry the type; Contentful never
 * changes an entry's content type, so what one request learnt holds for
 * every later one, and a list's bodies are typed without asking again.
 */
function entryTypeMemory() {
  const entryTypes = new Map<string, string>();
  const learn = (id: string, type: string) => {
    if (entryTypes.size >= MAX_KNOWN_TYPES && !entryTypes.has(id)) entryTypes.clear();
    entryTypes.set(id, type);
  };
  return { entryTypes, learn };
}

/** An asset by id: published, or (with the preview token) a draft's, seen only in preview. */
async function findAsset(
  service: CmsService,
  settings: ContentfulSettings,
  id: string,
): Promise<FoundImage | null> {
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
      : readShape(service, () => ({
          asset: toAsset(answer, 'asset'),
          url: String(record(answer, 'asset').url),
        }));
  };
  const published = await find(false);
  const found = published ?? (settings.previewToken ? await find(true) : null);
  if (!found) return null;
  return {
    asset: found.asset,
    url: found.url.startsWith('//') ? `https:${found.url}` : found.url,
    visibility: published ? 'public' : 'preview',
  };
}

/**
 * Contentful's GraphQL Content API as Folio's content (docs/sources.md#content-sources). Readers
 * read published entries with the delivery token and see an article from
 * its `publicationDate` on (Folio's scheduling rule, whatever the source);
 * a previewer reads drafts with `preview: true` and the preview token.
 * Everything a request asks in one tick is one request to Contentful
 * (cms/cmsGraphQL.ts); what it fetched is remembered for the rest of the request.
 * Search runs over an index in Folio's database (cms/searchIndex.ts).
 */
export const createContentfulSource = cmsSourceMaker<ContentfulSettings>({
  kind: 'contentful',
  service: (settings) => ({
    name: 'Contentful',
    url: settings.graphqlUrl,
    token: (preview) =>
      preview && settings.previewToken ? settings.previewToken : settings.deliveryToken,
    maxCost: MAX_COMPLEXITY,
    maxQueryBytes: MAX_QUERY_BYTES,
    // `asset(id:)` and an entry by id that the token cannot see: null and a NOT_FOUND error.
    isNotFound: (error) =>
      (error.extensions as { contentful?: { code?: unknown } } | undefined)?.contentful?.code ===
      'NOT_FOUND',
  }),
  findImage: findAsset,
  dialect: (service, settings, search) => {
    const { entryTypes, learn } = entryTypeMemory();
    const readsDrafts = settings.previewToken !== undefined;
    return {
      reader: (options) =>
        contentfulReader({ service, search, learn, entryTypes, readsDrafts }, options),
      ...contentfulCrawl(service),
    };
  },
});
