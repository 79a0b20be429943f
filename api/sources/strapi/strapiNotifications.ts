import { ownValue } from '../../../shared/ownValue';
import { isSourceId } from '../../model/globalId';
import { header, isRecord, MODELS, type Headers, type Notification } from '../notifications';
import { folioLocaleOfStrapi } from './strapiLocales';

/** Whether Strapi sent this: its header, or its body's shape (`{event, model|media}`). */
export function isStrapiNotification(headers: Headers, body: unknown): boolean {
  return (
    header(headers, 'x-strapi-event') !== undefined ||
    (isRecord(body) && typeof body.event === 'string' && ('model' in body || 'media' in body))
  );
}

/**
 * Strapi's entry events. A draft-and-publish model's create and update
 * carry the draft (`publishedAt: null`) and change nothing readers see: the
 * publish that puts it live follows as `entry.publish`
 * (cms/strapi/examples/webhook-article-draft-update.json). A model without
 * drafts saves with `publishedAt` set.
 */
const STRAPI_ENTRY_EVENTS: Record<string, { listsChanged: boolean; draftSave?: true }> = {
  'entry.create': { listsChanged: true, draftSave: true },
  'entry.update': { listsChanged: false, draftSave: true },
  'entry.delete': { listsChanged: true },
  'entry.publish': { listsChanged: true },
  'entry.unpublish': { listsChanged: true },
};
const STRAPI_MEDIA_EVENTS = ['media.create', 'media.update', 'media.delete'];

export function readStrapiNotification(headers: Headers, body: unknown): Notification {
  if (!isRecord(body) || typeof body.event !== 'string')
    return { kind: 'invalid', reason: 'A Strapi notification is a JSON object with an "event".' };
  const event = body.event;
  const named = header(headers, 'x-strapi-event');
  if (named !== undefined && named !== event)
    return {
      kind: 'invalid',
      reason: `X-Strapi-Event says "${named}" but the body's event is "${event}".`,
    };
  if (STRAPI_MEDIA_EVENTS.includes(event)) {
    const id = isRecord(body.media) ? body.media.documentId : undefined;
    if (typeof id !== 'string' || !isSourceId(id))
      return {
        kind: 'invalid',
        reason: `A Strapi ${event} notification names its file by media.documentId.`,
      };
    return {
      kind: 'change',
      cms: 'strapi',
      event,
      records: [{ type: 'Asset', id }],
      listsChanged: false,
    };
  }
  const entryEvent = ownValue(STRAPI_ENTRY_EVENTS, event);
  if (!entryEvent)
    return {
      kind: 'invalid',
      reason: `Strapi's "${event}" is not an event Folio takes (entry.create|update|delete|publish|unpublish, media.create|update|delete).`,
    };
  if (typeof body.model !== 'string')
    return { kind: 'invalid', reason: `A Strapi ${event} notification names its model.` };
  const type = ownValue(MODELS, body.model);
  if (!type)
    return {
      kind: 'ignored',
      cms: 'strapi',
      event,
      reason: `Folio shows nothing of Strapi's "${body.model}" model.`,
    };
  const id = isRecord(body.entry) ? body.entry.documentId : undefined;
  if (typeof id !== 'string' || !isSourceId(id))
    return {
      kind: 'invalid',
      reason: `A Strapi ${event} notification names its entry by entry.documentId.`,
    };
  if (entryEvent.draftSave && (body.entry as Record<string, unknown>).publishedAt === null)
    return {
      kind: 'ignored',
      cms: 'strapi',
      event,
      reason: `Strapi's ${event} saved a draft; readers see it when entry.publish comes.`,
    };
  // Strapi fires once per locale's row and names it (`entry.locale`): that locale's lists change. A
  // non-localized field's change rewrites the other locales' rows without their own events, but a
  // record's keys are the document's, shared by its locales (api/model/changedRecords.ts). A locale
  // the site does not have, or none (a type without i18n), is every locale.
  const locale = folioLocaleOfStrapi((body.entry as Record<string, unknown>).locale);
  const notice = type === 'Article' ? undatedPublication(event, body.entry as Entry) : null;
  return {
    kind: 'change',
    cms: 'strapi',
    event,
    records: [locale ? { type, id, locale } : { type, id }],
    listsChanged: entryEvent.listsChanged,
    ...(notice && { notice }),
  };
}

type Entry = Record<string, unknown>;

/**
 * An article Strapi published with its publication date empty: readers see
 * an article from its `publicationDate` on, so this one never. Folio's
 * Strapi project dates it at Publish (cms/strapi/src/firstPublication.js);
 * a project without that middleware sends it undated, and only this
 * notification can tell the writer, in the server's log (the preview
 * banner says it too). A payload that leaves the field out says nothing.
 */
function undatedPublication(
  event: string,
  entry: Entry,
): Extract<Notification, { kind: 'change' }>['notice'] | null {
  if (event !== 'entry.publish' || !('publicationDate' in entry)) return null;
  if (entry.publicationDate !== null && entry.publicationDate !== '') return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    message:
      'Strapi published an article without a publication date: readers will not see it. Set its publication date and publish it again, or add cms/strapi/src/firstPublication.js to the Strapi project so Publish dates it (cms/strapi/README.md).',
    fields: {
      cms: 'strapi',
      event,
      documentId: entry.documentId,
      locale: text(entry.locale),
      slug: text(entry.slug),
      title: text(entry.title),
    },
  };
}
