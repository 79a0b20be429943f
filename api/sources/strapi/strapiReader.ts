import type { ContentReader, ReaderOptions } from '../contentSource';
import { cmsLists } from '../cms/cmsLists';
import { cmsReader } from '../cms/cmsReader';
import { strapiLists } from './strapiLists';
import { strapiLookups } from './strapiLookups';
import { strapiRequest, type StrapiContext } from './strapiRequest';
import { strapiTranslations } from './strapiTranslations';

export type { StrapiContext } from './strapiRequest';

/**
 * What one request reads of Strapi (a reader's published documents, a
 * previewer's drafts) in one locale (strapiRequest.ts), through the shared
 * CMS reader (../cms/cmsReader.ts): Strapi's own queries for lookups
 * (strapiLookups.ts), lists (strapiLists.ts) and translations
 * (strapiTranslations.ts), batched per tick, with every answer kept in the
 * request's store.
 */
export function strapiReader(context: StrapiContext, options: ReaderOptions): ContentReader {
  const request = strapiRequest(context, options);
  return cmsReader(
    {
      locale: request.locale,
      log: context.service.log,
      store: request.store,
      translations: strapiTranslations(request),
      ...strapiLookups(request),
      ...cmsLists(strapiLists(request)),
    },
    context.search,
  );
}
