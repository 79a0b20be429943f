import type { Locale } from '../../shared/locales';
import type { ChangedRecord } from './changedRecords';
import { KIND_TO_TYPE } from './richText';

/** The kinds of record whose rows a publish names in its change (embeds are named by what shows them). */
export type TouchedKind = 'asset' | 'author' | 'topic' | 'article' | 'page';

/**
 * A row a publish wrote or took off, as the change it announces names it
 * (api/changes/contentChange.ts). A row in one language names it, so only
 * that language's keys are dropped (api/changes/changeKeys.ts); a row every
 * language shares (an asset) names none.
 */
export function touchedRecord(kind: TouchedKind, id: number, locale?: Locale): ChangedRecord {
  return { type: KIND_TO_TYPE[kind], id: String(id), ...(locale ? { locale } : {}) };
}
