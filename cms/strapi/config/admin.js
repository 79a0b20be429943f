'use strict';
const { secret } = require('../lib/folio');

/** No admin panel (nothing to build): content arrives through the API, tokens and the webhook are made in src/index.js. */
module.exports = ({ env }) => ({
  serveAdminPanel: false,
  autoOpen: false,
  auth: { secret: secret(env, 'ADMIN_JWT_SECRET', 'adminJwtSecret') },
  apiToken: { salt: secret(env, 'API_TOKEN_SALT', 'apiTokenSalt') },
  transfer: { token: { salt: secret(env, 'TRANSFER_TOKEN_SALT', 'transferTokenSalt') } },
  secrets: { encryptionKey: secret(env, 'ENCRYPTION_KEY', 'encryptionKey') },
  flags: { nps: false, promoteEE: false },
});
