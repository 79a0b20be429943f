import type { ContentSource } from './contentSource';
import type { PreviewDocument, PreviewVersion } from '../previewLinks';
import { articlePath, localePath, pagePath } from '../../shared/sitePaths';
import { DEFAULT_LOCALE, type Locale } from '../../shared/locales';
import { documentIdOf, previewedIn } from './documentPreview';

/** Where a link's document is: the id all its languages share (what its session names) and its page in the language asked. */
export interface LocatedPreview {
  id: string;
  path: string;
}

/**
 * Where a document a preview link names is, as a previewer sees it now, in
 * the link's language and version: the id all its languages share and the
 * path of that version's page (`/de/articles/…` for German); null when it is
 * gone, has no version in that language, or (asked for the published
 * version) is not published. An archived document is gone for a link as for
 * a session (api/sources/documentPreview.ts): in content/, a deleted file's
 * article or page is archived, and a renamed file's old slug names the
 * archived old copy.
 */
export async function locatePreviewDocument(
  source: ContentSource,
  document: PreviewDocument,
  locale: Locale = DEFAULT_LOCALE,
  version: PreviewVersion = 'draft',
): Promise<LocatedPreview | null> {
  const reader = source.reader({ preview: version === 'draft', locale });
  const by = 'id' in document ? { id: document.id } : { slug: document.slug };
  const found = document.type === 'Article' ? await reader.article(by) : await reader.page(by);
  if (found === null || found.status === 'ARCHIVED') return null;
  const named = { type: document.type, id: documentIdOf(found) };
  // By id, the embedded source reads the row the id names (its original): the language asked is its translation.
  const shown = 'id' in by ? await previewedIn(reader, named, locale) : found;
  if (shown === null) return null;
  const path = shown.__typename === 'Article' ? articlePath(shown.slug) : pagePath(shown.slug);
  return { id: named.id, path: localePath(locale, path) };
}
