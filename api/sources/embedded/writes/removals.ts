import { isLocale, type Locale } from '../../../../shared/locales';
import type { Database } from '../../../db/database';
import type { ChangedRecord } from '../../../model/changedRecords';
import type { RecordKind } from '../../../model/recordKinds';
import type { KnownRecord } from '../../../model/rememberedRecords';
import { touchedRecord } from '../../../model/touchedRecords';
import type { RecordIds } from './recordIds';
import { original, TABLES } from './recordTables';
import { LOCALIZED, originalRowId, writeAltsIn } from './translationWrites';

/**
 * Records whose file or entry is gone from content/, originals and
 * translations. Each returns what it touched, as the change a publish
 * announces names it.
 */

/** A record records not published from content/ still use, and what the writer is told. */
export interface StillUsed {
  record: KnownRecord;
  message: string;
}

/** What removing records did, or (nothing deleted) the records still used. */
export type Removal =
  | { stillUsed: StillUsed[] }
  | {
      stillUsed: [];
      unpublished: number;
      deleted: number;
      listsChanged: boolean;
      touched: ChangedRecord[];
    };

/**
 * Records whose file or entry is gone. Articles and pages are archived, not
 * deleted: readers' votes and other rows refer to their ids, and an archived
 * article is seen by no reader (only by a preview). Their authors, topics
 * and images are let go, so those may go too. Authors, topics, embeds and
 * assets are deleted; one that records never published from content/ still
 * use (seed:generate's articles) stops the publish: those are returned, and
 * nothing is deleted.
 */
export async function removeRecords(tx: Database, removed: KnownRecord[]): Promise<Removal> {
  const keysOf = (...kinds: RecordKind[]) =>
    removed.filter((record) => kinds.includes(record.kind)).map((record) => record.key);
  const articleKeys = keysOf('article');
  const pageKeys = keysOf('page');
  const archived = [
    ...(await archiveArticles(tx, articleKeys)),
    ...(await archivePages(tx, pageKeys)),
  ];
  const stillUsed = await recordsStillUsed(tx, removed, keysOf);
  if (stillUsed.length > 0) return { stillUsed };
  const deleted = await deleteRecords(tx, keysOf);
  return {
    stillUsed: [],
    unpublished: articleKeys.length + pageKeys.length,
    deleted: deleted.count,
    listsChanged:
      articleKeys.length > 0 || pageKeys.length > 0 || keysOf('author', 'topic').length > 0,
    touched: [...archived, ...deleted.touched],
  };
}

/** Articles archived: no reader sees them, and their authors, topics and images are let go. */
async function archiveArticles(tx: Database, keys: string[]): Promise<ChangedRecord[]> {
  if (keys.length === 0) return [];
  const { rows } = await tx.query<{ id: number }>(
    `UPDATE articles SET status = 'ARCHIVED', hero_image_id = NULL, seo_image_id = NULL WHERE slug = ANY($1) AND ${original('articles')} RETURNING id`,
    [keys],
  );
  const articleIds = rows.map((row) => row.id);
  await tx.query('DELETE FROM article_authors WHERE article_id = ANY($1)', [articleIds]);
  await tx.query('DELETE FROM article_topics WHERE article_id = ANY($1)', [articleIds]);
  return articleIds.map((id) => touchedRecord('article', id));
}

/** Pages archived: no reader sees them, and their social image is let go. */
async function archivePages(tx: Database, keys: string[]): Promise<ChangedRecord[]> {
  if (keys.length === 0) return [];
  const { rows } = await tx.query<{ id: number }>(
    `UPDATE pages SET status = 'ARCHIVED', seo_image_id = NULL WHERE slug = ANY($1) AND ${original('pages')} RETURNING id`,
    [keys],
  );
  return rows.map((row) => touchedRecord('page', row.id));
}

/** Where records not published from content/ (seed:generate's articles) use an author, topic or asset. */
const USED_BY: Record<'author' | 'topic' | 'asset', string> = {
  author: 'EXISTS (SELECT 1 FROM article_authors aa WHERE aa.author_id = r.id)',
  topic: 'EXISTS (SELECT 1 FROM article_topics at WHERE at.topic_id = r.id)',
  asset:
    'EXISTS (SELECT 1 FROM articles a WHERE a.hero_image_id = r.id OR a.seo_image_id = r.id) OR EXISTS (SELECT 1 FROM authors au WHERE au.avatar_id = r.id) OR EXISTS (SELECT 1 FROM pages p WHERE p.seo_image_id = r.id)',
};

/** The removed authors, topics and assets that records not published from content/ still use: they stop the publish before anything is deleted. */
async function recordsStillUsed(
  tx: Database,
  removed: KnownRecord[],
  keysOf: (...kinds: RecordKind[]) => string[],
): Promise<StillUsed[]> {
  const stillUsed: StillUsed[] = [];
  for (const kind of ['author', 'topic', 'asset'] as const) {
    const keys = keysOf(kind);
    if (keys.length === 0) continue;
    const { table, key } = TABLES[kind];
    const { rows } = await tx.query<{ key: string }>(
      `SELECT r.${key} AS key FROM ${table} r WHERE r.${key} = ANY($1) AND (${USED_BY[kind]})`,
      [keys],
    );
    for (const row of rows) {
      const record = removed.find((entry) => entry.kind === kind && entry.key === row.key)!;
      stillUsed.push({
        record,
        message: `the ${kind} "${row.key}" is gone from here, but articles not published from content/ still use it: keep it, or remove those first`,
      });
    }
  }
  return stillUsed;
}

/** Authors, topics, embeds and assets deleted: how many, and those a cache knows. */
async function deleteRecords(
  tx: Database,
  keysOf: (...kinds: RecordKind[]) => string[],
): Promise<{ count: number; touched: ChangedRecord[] }> {
  let count = 0;
  const touched: ChangedRecord[] = [];
  for (const kind of ['author', 'topic', 'codeBlock', 'pullQuote', 'asset'] as const) {
    const keys = keysOf(kind);
    if (keys.length === 0) continue;
    const { table, key, type } = TABLES[kind];
    const { rows } = await tx.query<{ id: number }>(
      `DELETE FROM ${table} WHERE ${key} = ANY($1)${type ? ' AND type = $2' : ''} RETURNING id`,
      type ? [keys, type] : [keys],
    );
    // Code blocks and pull quotes are shown by the articles and pages that embed them, and no file embeds a deleted one any more.
    if (kind !== 'codeBlock' && kind !== 'pullQuote')
      touched.push(...rows.map((row) => touchedRecord(kind, row.id)));
    count += rows.length;
  }
  return { count, touched };
}

/** Translations whose file is gone: an article's or page's archived (readers' votes keep its id), a topic's or author's deleted, the site's frame deleted. */
export async function removeTranslations(
  tx: Database,
  removed: readonly { key: string }[],
  originals: Record<string, { kind: string; key: string }>,
  ids: RecordIds,
): Promise<ChangedRecord[]> {
  const touched: ChangedRecord[] = [];
  for (const { key } of removed) {
    const dot = key.lastIndexOf('.');
    const name = key.slice(0, dot);
    const locale = key.slice(dot + 1);
    if (name === 'assets') {
      if (isLocale(locale))
        for (const id of await writeAltsIn(tx, locale, {}))
          touched.push(touchedRecord('asset', id, locale));
      continue;
    }
    if (name === 'site') {
      await tx.query('DELETE FROM site WHERE locale = $1', [locale]);
      // Its frame goes back to the default one (the site without a record in that language).
      if (isLocale(locale)) touched.push({ type: 'Site', id: '1', locale });
      continue;
    }
    const original = originals[`${name}.md`];
    if (!original || !isLocale(locale) || !(original.kind in LOCALIZED)) continue;
    const originalId = await originalRowId(original, ids);
    if (originalId === null) continue;
    if (original.kind === 'article' || original.kind === 'page') {
      const kind = original.kind;
      const { rows } = await tx.query<{ id: number }>(
        `UPDATE ${LOCALIZED[kind]} SET status = 'ARCHIVED' WHERE original_id = $1 AND locale = $2 RETURNING id`,
        [originalId, locale],
      );
      touched.push(...rows.map((row) => touchedRecord(kind, row.id, locale)));
      continue;
    }
    touched.push(
      ...(await deleteTranslation(tx, original.kind as 'topic' | 'author', originalId, locale)),
    );
  }
  return touched;
}

/** A topic's or author's translation deleted, and its place in its language's articles. */
async function deleteTranslation(
  tx: Database,
  kind: 'topic' | 'author',
  originalId: number,
  locale: Locale,
): Promise<ChangedRecord[]> {
  const link = kind === 'topic' ? 'article_topics' : 'article_authors';
  const column = kind === 'topic' ? 'topic_id' : 'author_id';
  const { rows } = await tx.query<{ id: number }>(
    `SELECT id FROM ${LOCALIZED[kind]} WHERE original_id = $1 AND locale = $2`,
    [originalId, locale],
  );
  const touched: ChangedRecord[] = [];
  for (const row of rows) {
    await tx.query(`DELETE FROM ${link} WHERE ${column} = $1`, [row.id]);
    await tx.query(`DELETE FROM ${LOCALIZED[kind]} WHERE id = $1`, [row.id]);
    touched.push(touchedRecord(kind, row.id, locale));
  }
  return touched;
}
