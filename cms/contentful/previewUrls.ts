import { previewUrlKey, type PreviewDocumentType } from '../../api/previewLinks';
import { PREVIEW_OPEN_PATH } from '../../shared/previewPaths';

/**
 * The content-preview URLs to enter in a Contentful space (Settings →
 * Content preview, one per content type; cms/contentful/README.md#preview-from-contentful).
 * Contentful fills `{entry.sys.id}` when an editor clicks "Open preview";
 * Folio's /preview/open checks the key and opens a one-hour preview session
 * of that one entry. The key is not Folio's preview token: it opens one
 * entry per click and nothing else, and changes with FOLIO_PREVIEW_LINK_KEY.
 */
export const CONTENTFUL_PREVIEW_TYPES: Record<string, PreviewDocumentType> = {
  article: 'Article',
  page: 'Page',
};

/** The URL pattern for one content type, with Contentful's `{entry.sys.id}` left for Contentful to fill. */
export function contentfulPreviewUrl(
  site: string,
  linkKey: Buffer,
  type: PreviewDocumentType,
): string {
  const query = new URLSearchParams({ type, id: 'ENTRY_ID', key: previewUrlKey(linkKey) });
  return `${new URL(site).origin}${PREVIEW_OPEN_PATH}?${query.toString().replace('ENTRY_ID', '{entry.sys.id}')}`;
}
