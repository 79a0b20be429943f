import { readOperationsSettings } from '../../settings/operationsSettings';
import { readServerSettings } from '../../settings/serverSettings';
import { CONTENTFUL_PREVIEW_TYPES, contentfulPreviewUrl } from './previewUrls';

/** `npm run cms:contentful-preview-urls`: prints the content-preview URLs to enter in the space (cms/contentful/previewUrls.ts). */
function main(): number {
  const { previewLinkKey } = readServerSettings();
  const { publicUrl } = readOperationsSettings();
  if (!previewLinkKey || !publicUrl) {
    console.error(
      'npm run cms:contentful-preview-urls: set FOLIO_PREVIEW_LINK_KEY (the servers’ link key, `openssl rand -hex 32`) and FOLIO_PUBLIC_URL (the site’s address) as the servers have them',
    );
    return 1;
  }
  console.log('Contentful → Settings → Content preview → one URL per content type:');
  for (const [contentType, type] of Object.entries(CONTENTFUL_PREVIEW_TYPES))
    console.log(
      `${contentType}\t${contentfulPreviewUrl(publicUrl, Buffer.from(previewLinkKey), type)}`,
    );
  return 0;
}

process.exit(main());
