'use strict';
const { faviconFile } = require('../lib/folio');

module.exports = [
  'strapi::logger',
  'strapi::errors',
  'strapi::security',
  'strapi::cors',
  'strapi::poweredBy',
  'strapi::query',
  'strapi::body',
  'strapi::session',
  { name: 'strapi::favicon', config: { path: faviconFile() } },
  'strapi::public',
];
