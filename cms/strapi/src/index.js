'use strict';
/**
 * Folio's Strapi, set up at every start (no admin panel, so in code):
 * - a read-only content-API token `folio-read`, its key in .data/strapi/token
 *   (Folio's server reads with it);
 * - a full-access token `folio-import`, its key in .data/strapi/import-token
 *   (import/importContent.ts writes with it);
 * - a webhook `folio` to FOLIO_WEBHOOK_URL with `Authorization: Bearer <secret>`,
 *   the secret in .data/strapi/webhook-secret;
 * - nothing for unauthenticated callers: the Public role holds no permission and
 *   nobody can register as a user;
 * - Folio's locales (lib/folio.js `LOCALES`) in Strapi's i18n, the first the
 *   default (docs/sources.md#over-the-local-strapi).
 * Strapi stores a token's hash (and an encrypted copy): the key is written to its
 * file when the token is made. A token whose file is lost or no longer matches is
 * revoked and made again.
 */
const { dataFile, readText, writePrivate, random, LOCALES } = require('../lib/folio');
const { recordFirstPublication } = require('./firstPublication');
const { applyFieldHelp } = require('./fieldHelp');

const WEBHOOK_NAME = 'folio';
const WEBHOOK_EVENTS = [
  'entry.create',
  'entry.update',
  'entry.delete',
  'entry.publish',
  'entry.unpublish',
  'media.create',
  'media.update',
  'media.delete',
];
const DEFAULT_WEBHOOK_URL = 'http://127.0.0.1:4000/hooks/content';

async function ensureToken(strapi, { name, type, description, file }) {
  const tokens = strapi.service('admin::api-token');
  const key = readText(file);
  const existing = await tokens.getByName(name);
  if (existing && key && (await tokens.getByAccessKey(tokens.hash(key)))?.id === existing.id)
    return;
  if (existing) {
    strapi.log.info(`[folio] API token "${name}" does not match ${file}: made again`);
    await tokens.revoke(existing.id);
  }
  const made = await tokens.create({
    name,
    description,
    type,
    lifespan: null,
    kind: 'content-api',
  });
  writePrivate(file, `${made.accessKey}\n`);
  strapi.log.info(`[folio] API token "${name}" (${type}) made; its key is in ${file}`);
}

async function ensureWebhook(strapi) {
  const url = process.env.FOLIO_WEBHOOK_URL || DEFAULT_WEBHOOK_URL;
  const secretFile = dataFile('webhook-secret');
  let secret = readText(secretFile);
  if (!secret) {
    secret = random(32).replace(/[^A-Za-z0-9]/g, '');
    writePrivate(secretFile, `${secret}\n`);
  }
  const wanted = {
    name: WEBHOOK_NAME,
    url,
    headers: { Authorization: `Bearer ${secret}` },
    events: WEBHOOK_EVENTS,
    isEnabled: true,
  };
  const store = strapi.get('webhookStore');
  const runner = strapi.get('webhookRunner');
  const existing = (await store.findWebhooks()).find((webhook) => webhook.name === WEBHOOK_NAME);
  if (!existing) {
    runner.add(await store.createWebhook(wanted));
    strapi.log.info(`[folio] webhook "${WEBHOOK_NAME}" made: ${url}`);
    return;
  }
  const same =
    existing.url === url &&
    existing.isEnabled &&
    existing.headers?.Authorization === wanted.headers.Authorization &&
    [...existing.events].sort().join() === [...WEBHOOK_EVENTS].sort().join();
  if (same) return;
  runner.update(await store.updateWebhook(existing.id, wanted));
  strapi.log.info(`[folio] webhook "${WEBHOOK_NAME}" updated: ${url}`);
}

async function lockPublicAccess(strapi) {
  const role = await strapi.db
    .query('plugin::users-permissions.role')
    .findOne({ where: { type: 'public' } });
  if (role) {
    const granted = await strapi.db
      .query('plugin::users-permissions.permission')
      .findMany({ where: { role: role.id } });
    if (granted.length > 0) {
      await strapi.db
        .query('plugin::users-permissions.permission')
        .deleteMany({ where: { id: { $in: granted.map((permission) => permission.id) } } });
      strapi.log.warn(
        `[folio] removed ${granted.length} permission(s) of the Public role: ${granted.map((permission) => permission.action).join(', ')}`,
      );
    }
  }
  const advanced = strapi.store({ type: 'plugin', name: 'users-permissions', key: 'advanced' });
  const settings = (await advanced.get()) || {};
  if (settings.allow_register !== false)
    await advanced.set({ value: { ...settings, allow_register: false } });
}

/** Folio's locales in Strapi's i18n (made when missing), the first of them the default. */
async function ensureLocales(strapi) {
  const locales = strapi.plugin('i18n').service('locales');
  for (const { code, name } of LOCALES) {
    if (await locales.findByCode(code)) continue;
    await locales.create({ code, name });
    strapi.log.info(`[folio] locale "${code}" made`);
  }
  const [first] = LOCALES;
  if ((await locales.getDefaultLocale()) !== first.code)
    await locales.setDefaultLocale({ code: first.code });
}

module.exports = {
  register({ strapi }) {
    recordFirstPublication(strapi);
  },

  async bootstrap({ strapi }) {
    await applyFieldHelp(strapi);
    await ensureToken(strapi, {
      name: 'folio-read',
      type: 'read-only',
      description: "Folio's server reads published content and drafts",
      file: dataFile('token'),
    });
    await ensureToken(strapi, {
      name: 'folio-import',
      type: 'full-access',
      description: "Folio's import of content/ (cms/strapi/import)",
      file: dataFile('import-token'),
    });
    await ensureLocales(strapi);
    await ensureWebhook(strapi);
    await lockPublicAccess(strapi);
  },
};
