import { ownValue } from '../../../shared/ownValue';
import type { ChangedRecord, ChangedRecordType } from '../../model/changedRecords';
import { isSourceId } from '../../model/globalId';
import { header, isRecord, MODELS, type Headers, type Notification } from '../notifications';

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
  // An answer showing a live-blog update carries its own key; its webhook also names its article (liveBlogOf).
  liveBlogUpdate: 'Block',
};

/**
 * The article a live-blog update's webhook names (its `article` field, in
 * any locale: the link is not localized), or none: an unpublished or deleted
 * update's body has no fields, and the answers that showed it carry its own key.
 */
function liveBlogOf(body: unknown): ChangedRecord[] {
  const fields = isRecord(body) && isRecord(body.fields) ? body.fields : null;
  const byLocale = fields && isRecord(fields.article) ? Object.values(fields.article) : [];
  return byLocale.flatMap((link) => {
    const sys = isRecord(link) && isRecord(link.sys) ? link.sys : null;
    return sys && typeof sys.id === 'string' && isSourceId(sys.id)
      ? [{ type: 'Article' as const, id: sys.id }]
      : [];
  });
}

/** Whether Contentful sent this (its `X-Contentful-Topic`). */
export const isContentfulNotification = (headers: Headers) =>
  header(headers, 'x-contentful-topic') !== undefined;

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

export function readContentfulNotification(headers: Headers, body: unknown): Notification {
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
  // A live-blog update is a change of its article too: the article's page and open streams follow a new one.
  const records: ChangedRecord[] = [{ type, id: sys.id }];
  if (contentType === 'liveBlogUpdate') records.push(...liveBlogOf(body).slice(0, 1));
  return { kind: 'change', cms: 'contentful', event: topic, records, listsChanged };
}
