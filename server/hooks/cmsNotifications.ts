import type { ChangedRecord, ChangedRecordType } from '../../api/changes/contentChange';
import { isSourceId } from '../../api/model/globalId';
import type { SourceKind } from '../../api/sources/contentSource';
import { ownValue } from '../../shared/ownValue';

/** What a CMS notification means for Folio. */
export type Notification =
  /** A change to announce. */
  | {
      kind: 'change';
      cms: 'strapi' | 'contentful';
      event: string;
      records: ChangedRecord[];
      listsChanged: boolean;
    }
  /** Understood, but nothing a reader sees changed (a draft saved, a model Folio does not show). */
  | { kind: 'ignored'; cms: 'strapi' | 'contentful'; event: string; reason: string }
  /** Not understood: the reason goes back in the 400. */
  | { kind: 'invalid'; reason: string };

/** The CMS models (Strapi) and content types (Contentful) Folio shows, by their id in both (cms/README.md). */
const MODELS: Record<string, ChangedRecordType> = {
  article: 'Article',
  author: 'Author',
  topic: 'Topic',
  page: 'Page',
  site: 'Site',
};

/**
 * Contentful's embeds and page blocks are entries of their own, published on
 * their own: the articles and pages that link them show the new version
 * without being published again (Strapi's are components, saved with their
 * document). Every content type of cms/contentful/content-model.json is here
 * or in MODELS (its test says so).
 */
export const CONTENTFUL_CONTENT_TYPES: Record<string, ChangedRecordType> = {
  ...MODELS,
  codeBlock: 'Embed',
  pullQuote: 'Embed',
  heroBlock: 'Block',
  richTextBlock: 'Block',
  articleListBlock: 'Block',
  featuredArticlesBlock: 'Block',
  calloutBlock: 'Block',
  imageBlock: 'Block',
  newsletterSignupBlock: 'Block',
};

type Headers = Record<string, string | string[] | undefined>;
const header = (headers: Headers, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A CMS's change notification (issue 21), read from its headers and body:
 * Strapi's (`X-Strapi-Event`, `{event, model, entry: {documentId}}` or
 * `{event: "media.*", media: {documentId}}`) and Contentful's
 * (`X-Contentful-Topic: ContentManagement.Entry.publish|unpublish|delete|…`,
 * `ContentManagement.Asset.*`, a body with `sys {id, type, contentType}`).
 * Deletes and unpublishes carry no content: the record's id is enough
 * (api/changes/changeKeys.ts keeps what each record touched).
 */
export function readNotification(headers: Headers, body: unknown): Notification {
  if (
    header(headers, 'x-strapi-event') !== undefined ||
    (isRecord(body) && typeof body.event === 'string' && ('model' in body || 'media' in body))
  )
    return strapiNotification(headers, body);
  if (header(headers, 'x-contentful-topic') !== undefined)
    return contentfulNotification(headers, body);
  return {
    kind: 'invalid',
    reason:
      'This is neither a Strapi notification (X-Strapi-Event) nor a Contentful one (X-Contentful-Topic).',
  };
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

function strapiNotification(headers: Headers, body: unknown): Notification {
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
  return {
    kind: 'change',
    cms: 'strapi',
    event,
    records: [{ type, id }],
    listsChanged: entryEvent.listsChanged,
  };
}

/** Contentful's actions that change what readers see; the others (create, save, auto_save) touch drafts only. */
const CONTENTFUL_ACTIONS: Record<string, { listsChanged: boolean } | 'draft'> = {
  publish: { listsChanged: true },
  unpublish: { listsChanged: true },
  delete: { listsChanged: true },
  archive: { listsChanged: true },
  unarchive: { listsChanged: true },
  create: 'draft',
  save: 'draft',
  auto_save: 'draft',
};

function contentfulNotification(headers: Headers, body: unknown): Notification {
  const topic = header(headers, 'x-contentful-topic') ?? '';
  const match = /^ContentManagement\.(Entry|Asset)\.([a-z_]+)$/.exec(topic);
  if (!match)
    return {
      kind: 'invalid',
      reason: `X-Contentful-Topic "${topic}" is not a ContentManagement.Entry.* or ContentManagement.Asset.* topic.`,
    };
  const [, entity, action] = match as unknown as [string, 'Entry' | 'Asset', string];
  const meaning = ownValue(CONTENTFUL_ACTIONS, action);
  if (!meaning)
    return {
      kind: 'invalid',
      reason: `Contentful's "${action}" is not an action Folio takes (${Object.keys(CONTENTFUL_ACTIONS).join(', ')}).`,
    };
  const sys = isRecord(body) && isRecord(body.sys) ? body.sys : null;
  if (!sys || typeof sys.id !== 'string' || !isSourceId(sys.id))
    return {
      kind: 'invalid',
      reason: 'A Contentful notification names its entry or asset by sys.id.',
    };
  if (meaning === 'draft')
    return {
      kind: 'ignored',
      cms: 'contentful',
      event: topic,
      reason: `Contentful's ${action} changes drafts only; readers see a publish.`,
    };
  if (entity === 'Asset')
    return {
      kind: 'change',
      cms: 'contentful',
      event: topic,
      records: [{ type: 'Asset', id: sys.id }],
      listsChanged: false,
    };
  const contentType =
    isRecord(sys.contentType) && isRecord(sys.contentType.sys) ? sys.contentType.sys.id : undefined;
  if (typeof contentType !== 'string')
    return {
      kind: 'invalid',
      reason: 'A Contentful entry notification names its content type by sys.contentType.sys.id.',
    };
  const type = ownValue(CONTENTFUL_CONTENT_TYPES, contentType);
  if (!type)
    return {
      kind: 'ignored',
      cms: 'contentful',
      event: topic,
      reason: `Folio shows nothing of Contentful's "${contentType}" content type.`,
    };
  // An embed or a block is in no list of its own.
  const listsChanged = type !== 'Embed' && type !== 'Block' && meaning.listsChanged;
  return {
    kind: 'change',
    cms: 'contentful',
    event: topic,
    records: [{ type, id: sys.id }],
    listsChanged,
  };
}

/** Whether a notification from this CMS can name this server's content. */
export function notificationFits(cms: 'strapi' | 'contentful', source: SourceKind): boolean {
  return cms === source;
}
