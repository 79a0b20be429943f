import type { ContentSource } from './contentSource';
import type { PreviewDocument } from '../previewLinks';
import { articlePath, pagePath } from '../../shared/sitePaths';

/** Where a document a preview link names is, as a previewer sees it now: its source id and its path; null when it is gone. */
export async function locatePreviewDocument(
  source: ContentSource,
  document: PreviewDocument,
): Promise<{ id: string; path: string } | null> {
  const drafts = source.reader({ preview: true });
  const by = 'id' in document ? { id: document.id } : { slug: document.slug };
  if (document.type === 'Article') {
    const article = await drafts.article(by);
    return article && { id: article.id, path: articlePath(article.slug) };
  }
  const page = await drafts.page(by);
  return page && { id: page.id, path: pagePath(page.slug) };
}
