import type { ContentSource } from './contentSource';
import type { PreviewDocument } from '../previewLinks';
import { articlePath, pagePath } from '../../shared/sitePaths';

/**
 * Where a document a preview link names is, as a previewer sees it now: its
 * source id and its path; null when it is gone. An archived document is gone
 * for a link as for a session (api/sources/documentPreview.ts): in content/,
 * a deleted file's article or page is archived, and a renamed file's old slug
 * names the archived old copy.
 */
export async function locatePreviewDocument(
  source: ContentSource,
  document: PreviewDocument,
): Promise<{ id: string; path: string } | null> {
  const drafts = source.reader({ preview: true });
  const by = 'id' in document ? { id: document.id } : { slug: document.slug };
  const found = document.type === 'Article' ? await drafts.article(by) : await drafts.page(by);
  if (found === null || found.status === 'ARCHIVED') return null;
  return {
    id: found.id,
    path: found.__typename === 'Article' ? articlePath(found.slug) : pagePath(found.slug),
  };
}
