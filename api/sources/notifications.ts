import type { ChangedRecord, ChangedRecordType } from '../model/changedRecords';

/**
 * A CMS's change notification at `POST /hooks/content`
 * (docs/sources.md#webhooks), in Folio's words. Each CMS source reads its own
 * dialect (strapi/strapiNotifications.ts, contentful/contentfulNotifications.ts);
 * readNotification.ts tells them apart.
 */
/** What a CMS notification means for Folio. */
export type Notification =
  /** A change to announce. */
  | {
      kind: 'change';
      cms: 'strapi' | 'contentful';
      event: string;
      records: ChangedRecord[];
      listsChanged: boolean;
      /** Something the writer should know that Folio cannot fix (an article readers will not see): logged as one line. */
      notice?: { message: string; fields: Record<string, unknown> };
    }
  /** Understood, but nothing a reader sees changed (a draft saved, a model Folio does not show). */
  | { kind: 'ignored'; cms: 'strapi' | 'contentful'; event: string; reason: string }
  /** Not understood: the reason goes back in the 400. */
  | { kind: 'invalid'; reason: string };

/** The CMS models (Strapi) and content types (Contentful) Folio shows, by their id in both (cms/README.md). */
export const MODELS: Record<string, ChangedRecordType> = {
  article: 'Article',
  author: 'Author',
  topic: 'Topic',
  page: 'Page',
  site: 'Site',
};

export type Headers = Record<string, string | string[] | undefined>;
export const header = (headers: Headers, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
