'use strict';
/**
 * An article published with its publication date empty is dated with the
 * moment it was first published: readers see it from then on
 * (docs/content-model.md#content-states). Folio filters and orders articles
 * by `publicationDate` in its queries, so the date is written into that
 * field, where the writer sees it after publishing, rather than read from
 * Strapi's own `publishedAt` (which every publish renews) or its
 * experimental `firstPublishedAt` (a future flag, not an attribute Folio's
 * queries could order by alongside publicationDate).
 *
 * A document service middleware: Publish in the admin (`publish`), and a
 * create or update asked to publish at once (`status: 'published'`, as the
 * REST API does by default). A date the document already has (a version
 * published before, or another locale's: the field is not localized) is
 * kept, so publishing again never moves it.
 */
const ARTICLE = 'api::article.article';
const FIELD = 'publicationDate';

/** The date some version of the document already carries, or null. */
async function keptDate(strapi, documentId) {
  if (!documentId) return null;
  const dated = await strapi.db.query(ARTICLE).findOne({
    where: { documentId, [FIELD]: { $notNull: true } },
    select: [FIELD],
  });
  return dated ? new Date(dated[FIELD]).toISOString() : null;
}

function told(strapi, documentId, date) {
  strapi.log.info(
    `[folio] article ${documentId ?? '(new)'} published without a publication date: dated ${date}, its first publication`,
  );
}

/** Publish: the drafts about to be published that have no date get one first. */
async function datePublishedDrafts(strapi, { documentId }) {
  const undated = { documentId, publishedAt: null, [FIELD]: null };
  if (!documentId || (await strapi.db.query(ARTICLE).count({ where: undated })) === 0) return;
  const date = (await keptDate(strapi, documentId)) ?? new Date().toISOString();
  await strapi.db.query(ARTICLE).updateMany({ where: undated, data: { [FIELD]: date } });
  told(strapi, documentId, date);
}

/** Create or update that publishes: the data gets the date when it gives none. */
async function datedData(strapi, action, params) {
  const data = params.data ?? {};
  if (data[FIELD]) return params;
  const documentId = action === 'update' ? params.documentId : null;
  const kept = await keptDate(strapi, documentId);
  const date = kept ?? new Date().toISOString();
  if (!kept) told(strapi, documentId, date);
  return { ...params, data: { ...data, [FIELD]: date } };
}

/** Registers the middleware (src/index.js `register`). */
function recordFirstPublication(strapi) {
  strapi.documents.use(async (context, next) => {
    if (context.uid !== ARTICLE) return next();
    const { action, params = {} } = context;
    if (action === 'publish') await datePublishedDrafts(strapi, params);
    else if ((action === 'create' || action === 'update') && params.status === 'published')
      context.params = await datedData(strapi, action, params);
    return next();
  });
}

module.exports = { recordFirstPublication };
