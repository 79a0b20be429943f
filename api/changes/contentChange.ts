import type { Database } from '../db/database';
import type { SourceKind } from '../sources/contentSource';

/**
 * One content change (SPEC §14, issue 21): whatever caused it — `npm run
 * content` publishing the folder, a CMS webhook at `POST /hooks/content`, a
 * scheduled article's time arriving — it names the records it touches, by
 * type and the source's own id (the id inside their global ids). Every cache
 * that keeps readers' answers drops exactly the answers that show them.
 *
 * This file is the contract between whoever announces changes (publishing,
 * webhooks, the schedule) and whoever listens (every worker's caches, the
 * CDN purge): keep `announceContentChange`'s signature; its delivery is
 * `api/changes/`'s business.
 */
export type ChangedRecordType = 'Article' | 'Author' | 'Topic' | 'Page' | 'Site' | 'Asset';

export interface ChangedRecord {
  type: ChangedRecordType;
  /** The source's own id: a serial of the embedded database, a Strapi `documentId`, a Contentful `sys.id`. */
  id: string;
}

export type ChangeCause = 'publish' | 'webhook' | 'schedule';

export interface ContentChange {
  source: SourceKind;
  cause: ChangeCause;
  records: ChangedRecord[];
  /**
   * True when lists may have changed too: an article appeared, disappeared
   * (unpublished, deleted, archived) or moved in time. An edit that leaves
   * every list as it was (a corrected typo) is false.
   */
  listsChanged: boolean;
}

/**
 * Announces a change to every Folio process on this database. Call it inside
 * the transaction that makes the change (on `db`, the transaction's own
 * connection): PostgreSQL delivers a notification at commit and never for a
 * rolled-back transaction, so a listener can never see a change before the
 * data is there, nor one that did not happen.
 */
export async function announceContentChange(db: Pick<Database, 'query'>, change: ContentChange): Promise<void> {
  await db.query('SELECT pg_notify($1, $2)', [CONTENT_CHANGES_CHANNEL, JSON.stringify(change)]);
}

/** The PostgreSQL notification channel changes travel on. */
export const CONTENT_CHANGES_CHANNEL = 'folio_content_changes';
