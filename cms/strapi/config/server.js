'use strict';
const { ensureDirs, publicDir, secret } = require('../lib/folio');

ensureDirs();

module.exports = ({ env }) => ({
  host: env('STRAPI_HOST', '127.0.0.1'),
  port: env.int('STRAPI_PORT', 1337),
  app: { keys: secret(env, 'APP_KEYS', 'appKeys') },
  // Uploads are data, not source: served from <repo>/.data/strapi/public/uploads.
  dirs: { public: publicDir() },
  webhooks: { populateRelations: false },
  // No update check, and no banner inviting to create an administrator on a server without an admin panel.
  logger: { updates: { enabled: false }, startup: { enabled: false } },
});
