import {
  isContentfulNotification,
  readContentfulNotification,
} from './contentful/contentfulNotifications';
import type { SourceKind } from './contentSource';
import type { Headers, Notification } from './notifications';
import { isStrapiNotification, readStrapiNotification } from './strapi/strapiNotifications';

export type { Notification } from './notifications';

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
  if (isStrapiNotification(headers, body)) return readStrapiNotification(headers, body);
  if (isContentfulNotification(headers)) return readContentfulNotification(headers, body);
  return {
    kind: 'invalid',
    reason:
      'This is neither a Strapi notification (X-Strapi-Event) nor a Contentful one (X-Contentful-Topic).',
  };
}

/** Whether a notification from this CMS can name this server's content. */
export function notificationFits(cms: 'strapi' | 'contentful', source: SourceKind): boolean {
  return cms === source;
}
