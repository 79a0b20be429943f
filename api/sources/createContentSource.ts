import type { Database } from '../db/database';
import type { ContentSource } from './contentSource';
import { createEmbeddedSource } from './embedded/embeddedSource';
import type { SourceSettings } from './sourceSettings';

/**
 * The content source the settings name, made over Folio's own database once
 * it is open (readers' writes and the search index live there whatever the source).
 */
export function contentSourceFor(settings: SourceSettings): (db: Database) => ContentSource {
  switch (settings.kind) {
    case 'embedded':
      return createEmbeddedSource;
    default:
      // The Strapi and Contentful adapters are issue 20's next step (cms/README.md); until they land, say so at start.
      throw new Error(`FOLIO_CONTENT_SOURCE=${settings.kind}: this version of Folio does not read ${settings.kind === 'strapi' ? 'Strapi' : 'Contentful'} yet; use embedded.`);
  }
}
