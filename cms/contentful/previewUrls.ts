import { previewUrlKey, type PreviewDocumentType } from '../../api/previewLinks';
import { PREVIEW_OPEN_PATH } from '../../shared/previewPaths';

/**
 * The content-preview URLs to enter in a Contentful space (Settings →
 * Content preview, one per content type; cms/contentful/README.md#preview-from-contentful).
 * Contentful fills `{entry.sys.id}` and `{locale}` (the locale the editor is
 * in: `de-DE` opens the German draft at its German address) when an editor
 * clicks "Open preview"; Folio's /preview/open checks the key and opens a
 * one-hour preview session of that one entry, in every language it has. The
 * key is not Folio's preview token: it opens one entry per click and nothing
 * else, and changes with the site's link key.
 */
export const CONTENTFUL_PREVIEW_TYPES: Record<string, PreviewDocumentType> = {
  article: 'Article',
  page: 'Page',
};

/** Contentful's tokens, left in the pattern for Contentful to fill. */
const TOKENS = { ENTRY_ID: '{entry.sys.id}', ENTRY_LOCALE: '{locale}' };

/** The URL pattern for one content type, with Contentful's `{entry.sys.id}` and `{locale}` left for Contentful to fill. */
export function contentfulPreviewUrl(
  site: string,
  linkKey: Buffer,
  type: PreviewDocumentType,
): string {
  const query = new URLSearchParams({
    type,
    id: 'ENTRY_ID',
    locale: 'ENTRY_LOCALE',
    key: previewUrlKey(linkKey),
  })
    .toString()
    .replace(/ENTRY_ID|ENTRY_LOCALE/g, (token) => TOKENS[token as keyof typeof TOKENS]);
  return `${new URL(site).origin}${PREVIEW_OPEN_PATH}?${query}`;
}
