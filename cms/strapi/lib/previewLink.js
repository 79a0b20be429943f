'use strict';
/**
 * Folio's signed preview links, as the Strapi admin's Preview panel opens them
 * (config/admin.js). The format is Folio's (api/previewLinks.ts in the repo;
 * a test there holds the two together): `<payload>.<signature>`, base64url,
 * HMAC-SHA256 with the link key Folio also holds (FOLIO_PREVIEW_LINK_KEY).
 * A link names one document by its documentId, the locale the writer is
 * editing (`l`) and the tab they are on (`s`: the draft, or the published
 * version), and expires in 10 minutes; Folio's preview token is never in Strapi.
 */
const { createHmac } = require('node:crypto');

const LINK_TTL_S = 10 * 60;

/**
 * The link that opens `documentId` (an Article or a Page) in Folio's preview at `site`, in `locale`
 * (Strapi's code, which is Folio's: `en`, `de`) and as `status` (`draft` or `published`).
 */
function previewLink({
  site,
  key,
  type,
  documentId,
  locale = 'en',
  status = 'draft',
  now = Date.now(),
}) {
  const payload = Buffer.from(
    JSON.stringify({
      v: 2,
      p: 'link',
      t: type,
      id: documentId,
      l: locale,
      s: status === 'published' ? 'published' : 'draft',
      exp: Math.floor(now / 1000) + LINK_TTL_S,
    }),
  ).toString('base64url');
  const signature = createHmac('sha256', Buffer.from(key, 'utf8'))
    .update(payload)
    .digest('base64url');
  return `${site}/preview/open?link=${payload}.${signature}`;
}

module.exports = { previewLink, LINK_TTL_S };
