'use strict';
const { secret } = require('../lib/folio');

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
});
