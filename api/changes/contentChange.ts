import type { Database } from '../db/database';
import { isSourceId } from '../model/globalId';
import type { SourceKind } from '../sources/contentSource';
import { SOURCE_KINDS } from '../../settings/sourceSettings';
import type { ChangedRecord, ChangedRecordType } from '../model/changedRecords';
import { logChange } from './changeLog';
import { sendMessage } from './notifications';
import { isLocale, LOCALE_CODES } from '../../shared/locales';

export type { ChangedRecord, ChangedRecordType } from '../model/changedRecords';

/**
 * One content change (docs/publishing.md#change-events-and-freshness, issue 21): whatever caused it — `npm run
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
 * data is there, nor one that did not happen. A change too long for one
 * notification travels in a row of `content_change_messages` written in the
 * same transaction (api/changes/notifications.ts). The change is also
 * written to the change log in the same transaction, so it is resolved even
 * when nobody hears its notification (api/changes/changeLog.ts). A change that is not one
 * (an unknown type, an id no source makes) throws, and the transaction with it.
 */
export async function announceContentChange(
  db: Pick<Database, 'query'>,
  change: ContentChange,
): Promise<void> {
  const checked = contentChangeOf(change);
  if (typeof checked === 'string') throw new Error(`Not a content change: ${checked}.`);
  // Stamped with when it was announced (a moment before its commit): each process times its propagation from it.
  const stamped = { ...checked, announcedAt: Date.now() };
  // Logged, then told: the purging process resolves the log in order (changeLog.ts); the notification wakes it.
  const logId = await logChange(db, checked.source, stamped);
  await sendMessage(db, CONTENT_CHANGES_CHANNEL, { ...stamped, logId });
}

/** When a change was announced (ms since the epoch, the `announcedAt` it carries), or undefined for one from before it was stamped. */
export function announcedAtOf(message: unknown): number | undefined {
  const at = (message as { announcedAt?: unknown } | null)?.announcedAt;
  return typeof at === 'number' && Number.isFinite(at) ? at : undefined;
}

/** The PostgreSQL notification channel changes travel on. */
export const CONTENT_CHANGES_CHANNEL = 'folio_content_changes';

export const CHANGED_RECORD_TYPES: readonly ChangedRecordType[] = [
  'Article',
  'Author',
  'Topic',
  'Page',
  'Site',
  'Asset',
  'Embed',
  'Block',
];
const CAUSES: readonly ChangeCause[] = ['publish', 'webhook', 'schedule'];

/**
 * `value` as a ContentChange (records deduplicated), or what is wrong with
 * it: what arrives on the channel was written by another process, perhaps
 * another version of Folio.
 */
export function contentChangeOf(value: unknown): ContentChange | string {
  if (typeof value !== 'object' || value === null) return 'it is not an object';
  const { source, cause, records, listsChanged } = value as Record<string, unknown>;
  if (!SOURCE_KINDS.includes(source as SourceKind))
    return `source must be one of ${SOURCE_KINDS.join(', ')}`;
  if (!CAUSES.includes(cause as ChangeCause)) return `cause must be one of ${CAUSES.join(', ')}`;
  if (typeof listsChanged !== 'boolean') return 'listsChanged must be true or false';
  if (!Array.isArray(records)) return 'records must be a list';
  const seen = new Map<string, ChangedRecord>();
  for (const record of records as unknown[]) {
    const { type, id, locale } = (record ?? {}) as Record<string, unknown>;
    if (!CHANGED_RECORD_TYPES.includes(type as ChangedRecordType))
      return `a record's type must be one of ${CHANGED_RECORD_TYPES.join(', ')}`;
    if (typeof id !== 'string' || !isSourceId(id))
      return `a record's id must be a source id (letters, digits, . _ -): ${JSON.stringify(id)}`;
    if (locale !== undefined && !isLocale(locale))
      return `a record's locale must be one of ${LOCALE_CODES.join(', ')}: ${JSON.stringify(locale)}`;
    seen.set(`${type}:${id}:${locale ?? '*'}`, {
      type: type as ChangedRecordType,
      id,
      ...(locale === undefined ? {} : { locale }),
    });
  }
  return {
    source: source as SourceKind,
    cause: cause as ChangeCause,
    records: [...seen.values()],
    listsChanged,
  };
}
