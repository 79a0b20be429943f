import type { ContentReader, ReaderOptions } from '../contentSource';
import { cmsLists } from '../cms/cmsLists';
import { cmsReader } from '../cms/cmsReader';
import { contentfulLinkedEntries } from './contentfulLinkedEntries';
import { contentfulLists } from './contentfulLists';
import { contentfulLookups } from './contentfulLookups';
import { contentfulRequest, type ContentfulContext } from './contentfulRequest';
import { contentfulTranslations } from './contentfulTranslations';

export type { ContentfulContext } from './contentfulRequest';

/**
 * What one request reads of Contentful (a reader's published entries with
 * the delivery token, a previewer's drafts with the preview token) in one
 * locale (contentfulRequest.ts), through the shared CMS reader
 * (../cms/cmsReader.ts): Contentful's own queries for lookups
 * (contentfulLookups.ts), lists (contentfulLists.ts) and translations
 * (contentfulTranslations.ts), batched per tick, with every answer kept in
 * the request's store and rich text given Folio's ids once the entries it
 * links to are typed (contentfulLinkedEntries.ts).
 */
export function contentfulReader(
  context: ContentfulContext,
  options: ReaderOptions,
): ContentReader {
  const request = contentfulRequest(context, options);
  const linked = contentfulLinkedEntries(request);
  return cmsReader(
    {
      locale: request.locale,
      log: context.service.log,
      store: request.store,
      translations: contentfulTranslations(request),
      ...contentfulLookups(request, linked),
      ...cmsLists(contentfulLists(request, linked)),
    },
    context.search,
  );
}
