'use strict';
const { secret } = require('../lib/folio');
const { previewLink } = require('../lib/previewLink');

/** The content types Folio previews, by Strapi uid: Folio's type names. */
const PREVIEW_TYPES = { 'api::article.article': 'Article', 'api::page.page': 'Page' };

/** An origin and, for a loopback address, its twin (a writer may type either in the browser). */
const withLoopbackTwin = (origin) => {
  const url = new URL(origin);
  const twin = { '127.0.0.1': 'localhost', localhost: '127.0.0.1' }[url.hostname];
  if (!twin) return [url.origin];
  return [url.origin, `${url.protocol}//${twin}${url.port ? `:${url.port}` : ''}`];
};

/**
 * The admin panel for editors, built once by scripts/start.mjs (scripts/build-admin.cjs);
 * FOLIO_STRAPI_ADMIN=0 serves none (/admin is a 404). Tokens and the webhook are made in src/index.js either way.
 */
module.exports = ({ env }) => ({
  // scripts/start.mjs passes `true` or `false` (Strapi's env.bool reads nothing else as true).
  serveAdminPanel: env.bool('FOLIO_STRAPI_ADMIN', false),
  autoOpen: false,
  auth: { secret: secret(env, 'ADMIN_JWT_SECRET', 'adminJwtSecret') },
  apiToken: { salt: secret(env, 'API_TOKEN_SALT', 'apiTokenSalt') },
  transfer: { token: { salt: secret(env, 'TRANSFER_TOKEN_SALT', 'transferTokenSalt') } },
  secrets: { encryptionKey: secret(env, 'ENCRYPTION_KEY', 'encryptionKey') },
  flags: { nps: false, promoteEE: false },
  /**
   * Strapi's Preview (docs/sources.md#previewing-from-strapi): the edit view's Preview panel frames Folio at
   * FOLIO_SITE_URL (scripts/start.mjs passes Folio's address) showing the draft, through a
   * signed link that names this one document, the locale being edited and the tab (Draft or
   * Published: Strapi passes `status`), and expires in 10 minutes.
   */
  preview: {
    enabled: Boolean(env('FOLIO_SITE_URL')),
    config: {
      allowedOrigins: env('FOLIO_SITE_URL') ? withLoopbackTwin(env('FOLIO_SITE_URL')) : [],
      handler: (uid, { documentId, locale, status }) => {
        const type = PREVIEW_TYPES[uid];
        if (!type || !documentId) return null;
        return previewLink({
          site: new URL(env('FOLIO_SITE_URL')).origin,
          key: secret(env, 'FOLIO_PREVIEW_LINK_KEY', 'previewLinkKey'),
          type,
          documentId,
          // Absent when the admin sends none: the default locale, Folio's too.
          ...(locale ? { locale } : {}),
          status: status === 'published' ? 'published' : 'draft',
        });
      },
    },
  },
});
