import { record } from '../cms/answerFields';
import { imageFile } from '../cms/assetFiles';
import type { FoundImage } from '../cms/cmsFiles';
import { createCmsBatch, readShape, type CmsService } from '../cms/cmsGraphQL';
import { cmsSourceMaker } from '../cms/cmsSource';
import { strapiCrawl } from './strapiCrawl';
import { documentIdOf, toMedia } from './strapiDocuments';
import { MEDIA } from './strapiQueries';
import { strapiReader } from './strapiReader';
import type { StrapiSettings } from './strapiRequest';

/** A media file by documentId, when `file` is its name (`<documentId>/<name>`). */
async function findMedia(
  service: CmsService,
  settings: StrapiSettings,
  id: string,
  file: string,
): Promise<FoundImage | null> {
  const answer = await createCmsBatch(service, false).query<unknown>({
    field: 'uploadFile(documentId: $id) { ...FolioMedia }',
    variables: { id: ['ID!', id] },
    fragments: [MEDIA],
  });
  if (answer === null) return null;
  const found = readShape(service, () => toMedia(answer, 'uploadFile', settings.url));
  const name = file.slice(id.length + 1);
  if (imageFile(documentIdOf(record(answer, 'uploadFile'), 'uploadFile'), name) !== file)
    return null;
  // Strapi's media have no status of their own.
  return { ...found, visibility: 'public' };
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
export const createStrapiSource = cmsSourceMaker<StrapiSettings>({
  kind: 'strapi',
  service: (settings) => ({
    name: 'Strapi',
    url: `${settings.url}/graphql`,
    token: () => settings.token,
  }),
  findImage: findMedia,
  dialect: (service, settings, search) => ({
    reader: (options) => strapiReader({ service, settings, search }, options),
    ...strapiCrawl(service, settings),
  }),
});
