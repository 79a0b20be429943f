import {
  announceContentChange,
  contentChangeOf,
  type ChangedRecord,
  type ContentChange,
} from '../changes/contentChange';
import type { Database } from '../db/database';
import type { ArticleFile } from '../model/contentFiles';
import { referenceResolver } from '../model/richText';
import { isoString } from '../sources/embedded/rowsAsContent';
import {
  articlesBefore,
  existingKeys,
  existingStatus,
  type ArticleListing,
} from '../sources/embedded/writes/listsBefore';
import { RecordIds } from '../sources/embedded/writes/recordIds';
import { rememberRecords } from '../sources/embedded/writes/recordMemory';
import { BATCH } from '../sources/embedded/writes/recordTables';
import {
  insertMissing,
  recordsShowingEmbeds,
  renameRecord,
  writeArticles,
  writeAsset,
  writeAuthor,
  writeEmbed,
  writePage,
  writeSite,
  writeTopic,
} from '../sources/embedded/writes/recordWrites';
import { removeRecords, removeTranslations } from '../sources/embedded/writes/removals';
import { followOriginals, writeTranslations } from '../sources/embedded/writes/translationWrites';
import type { ContentRecord, RecordKind } from './contentFolder';
import { isProblem, measureImage } from './measureImage';
import { ContentRejected } from './problems';
import type { Plan } from './publishPlan';

/**
 * A planned publish written in its transaction (api/publishing/publishContent.ts
 * holds the transaction): renames, then records in the order they name each
 * other (assets, authors and topics, embeds, articles and pages, the site,
 * translations), then what is gone, then content_records. Each write returns
 * the records it touched; the change announced names them, in that order.
 */

/** What a publish wrote, as its result tells the writer. */
export interface PublishSummary {
  /** Records written because they are new or changed, by kind. */
  written: Partial<Record<RecordKind, number>>;
  /** Articles and pages whose file is gone: archived, no longer seen by readers. */
  unpublished: number;
  /** Authors, topics, embeds and assets whose file or entry is gone: deleted. */
  deleted: number;
  /** What was announced (null when nothing changed, or nothing was announced). */
  change: ContentChange | null;
}

export interface Written {
  summary: PublishSummary;
  /** Records written and removed: a large publish refreshes the planner's statistics. */
  written: number;
  removed: number;
}

/** What a part of a publish did: the records it touched, in order, and whether readers' lists may have changed. */
interface Step {
  touched: ChangedRecord[];
  listsChanged: boolean;
}

/** Steps one after another: their records in order, lists changed when any changed them. */
const together = (...steps: Step[]): Step => ({
  touched: steps.flatMap((step) => step.touched),
  listsChanged: steps.some((step) => step.listsChanged),
});

/**
 * Writes the plan, announces the change (unless `announce` is false: the
 * first seed of an empty database) and says what was written. A problem
 * found only now (an image that is not one, a translation with nothing to
 * link to, a record still used) throws ContentRejected: the transaction
 * rolls back and nothing is published.
 */
export async function writePlan(
  tx: Database,
  plan: Plan,
  dir: string,
  announce: boolean,
): Promise<Written> {
  const ids = new RecordIds(tx, plan.fileNames);
  const of = <K extends RecordKind>(kind: K) =>
    plan.changed.filter((record): record is ContentRecord<K> => record.kind === kind);
  const articles = of('article');
  // Renames first: the row (and its id, and readers' votes) follows its file to the new slug.
  const renamed = await renameRecords(tx, plan.renamed);
  // Records with no references of their own, or only to assets: assets first.
  const assets = await writeAssets(tx, of('asset'), dir);
  const directory = await writeDirectory(tx, of('author'), of('topic'), ids);
  const changedEmbeds: string[] = [];
  for (const record of [...of('codeBlock'), ...of('pullQuote')])
    changedEmbeds.push(await writeEmbed(tx, record.value));
  const documents = await writeDocuments(tx, articles, of('page'), ids);
  const site = of('site')[0];
  const frame: Step = {
    touched: site ? [await writeSite(tx, site.value)] : [],
    listsChanged: false,
  };
  // What shows a changed code block or pull quote (they are not records a cache knows by themselves).
  const showingEmbeds: Step = {
    touched: await recordsShowingEmbeds(tx, changedEmbeds),
    listsChanged: false,
  };
  const translations = await writeTranslationRecords(tx, plan, of('translation'), ids);
  const removal = await removeGone(
    tx,
    plan,
    ids,
    articles.map((record) => ids.get('article', record.key)!),
  );
  await rememberRecords(tx, plan.changed, [
    ...plan.removed.map((record) => ({ kind: record.kind, key: record.key })),
    ...plan.renamed.map(({ kind, from }) => ({ kind, key: from })),
  ]);
  const change = await announced(
    tx,
    together(renamed, assets, directory, documents, frame, showingEmbeds, translations, removal),
    announce,
  );
  const written: Partial<Record<RecordKind, number>> = {};
  for (const record of plan.changed) written[record.kind] = (written[record.kind] ?? 0) + 1;
  return {
    summary: { written, unpublished: removal.unpublished, deleted: removal.deleted, change },
    written: plan.changed.length,
    removed: plan.removed.length,
  };
}

/** Articles, pages, authors and topics that follow their file to a new slug: the lists they are in show the new one. */
async function renameRecords(tx: Database, renamed: Plan['renamed']): Promise<Step> {
  const touched: ChangedRecord[] = [];
  // Their translations that had their slug follow them (named, so their old addresses are dropped too).
  for (const { kind, from, to } of renamed)
    touched.push(...(await renameRecord(tx, kind, from, to)));
  return { touched, listsChanged: renamed.length > 0 };
}

/** Every changed image opened before anything is written: one that is not an image is a problem, named. */
async function writeAssets(
  tx: Database,
  records: ContentRecord<'asset'>[],
  dir: string,
): Promise<Step> {
  const measured = await Promise.all(records.map((record) => measureImage(record.value, dir)));
  const notImages = measured.filter(isProblem);
  if (notImages.length > 0) throw new ContentRejected(notImages);
  const touched: ChangedRecord[] = [];
  for (const asset of measured) if (!isProblem(asset)) touched.push(await writeAsset(tx, asset));
  return { touched, listsChanged: false };
}

/** Authors and topics (an author's avatar is an asset, written already). */
async function writeDirectory(
  tx: Database,
  authors: ContentRecord<'author'>[],
  topics: ContentRecord<'topic'>[],
  ids: RecordIds,
): Promise<Step> {
  await ids.load(
    'asset',
    authors.flatMap((record) => (record.value.avatar ? [record.value.avatar] : [])),
  );
  return together(
    await writeDirectoryEntries(tx, 'authors', authors, (author) =>
      writeAuthor(tx, author, ids.get('asset', author.avatar)),
    ),
    await writeDirectoryEntries(tx, 'topics', topics, (topic) => writeTopic(tx, topic)),
  );
}

/** Authors or topics written one by one; one that was not there before enters its directory, a list readers see. */
async function writeDirectoryEntries<K extends 'author' | 'topic'>(
  tx: Database,
  table: 'authors' | 'topics',
  records: ContentRecord<K>[],
  write: (value: ContentRecord<K>['value']) => Promise<ChangedRecord>,
): Promise<Step> {
  const existing = await existingKeys(
    tx,
    table,
    records.map((record) => record.key),
  );
  const touched: ChangedRecord[] = [];
  for (const record of records) touched.push(await write(record.value));
  return { touched, listsChanged: records.some((record) => !existing.has(record.key)) };
}

/** Articles and pages: rows for the new ones first (bodies name each other by id), then everything. */
async function writeDocuments(
  tx: Database,
  articles: ContentRecord<'article'>[],
  pages: ContentRecord<'page'>[],
  ids: RecordIds,
): Promise<Step> {
  const articleKeys = articles.map((record) => record.key);
  const pageKeys = pages.map((record) => record.key);
  const before = await articlesBefore(tx, articleKeys);
  const now = new Date().toISOString();
  const values = articles.map((record) =>
    withFirstPublication(record.value, before.get(record.key), now),
  );
  await insertMissing(tx, 'articles', articleKeys);
  await insertMissing(tx, 'pages', pageKeys);
  const pagesBefore = await existingStatus(tx, 'pages', pageKeys);
  await ids.load('article', articleKeys);
  await ids.load('page', pageKeys);
  await ids.loadReferences(
    [...articles, ...pages].flatMap((record) => record.references.map((reference) => reference.id)),
  );
  const resolve = referenceResolver(ids.references);
  const touched: ChangedRecord[] = [];
  for (let start = 0; start < articles.length; start += BATCH) {
    touched.push(...(await writeArticles(tx, values.slice(start, start + BATCH), ids, resolve)));
  }
  let listsChanged = articles.some((record, index) =>
    listedDifferently(before.get(record.key), values[index]!),
  );
  for (const record of pages) {
    if (pagesBefore.get(record.key) !== record.value.status) listsChanged = true;
    touched.push(await writePage(tx, ids.get('page', record.key)!, record.value, ids, resolve));
  }
  return { touched, listsChanged };
}

/**
 * A published article its writer gave no date: the date it already has (it
 * was published before, and that date has come), else `now`, the moment of
 * the publish that first publishes it. Kept in its row, it stays the same
 * through later publishes and restarts (docs/content-model.md#content-states).
 */
function withFirstPublication(
  value: ArticleFile,
  previous: ArticleListing | undefined,
  now: string,
): ArticleFile {
  if (value.status !== 'PUBLISHED' || value.publishedAt !== null) return value;
  const kept = previous?.status === 'PUBLISHED' ? isoString(previous.published_at) : null;
  const publishedAt = kept !== null && kept <= now ? kept : now;
  return { ...value, publishedAt, updatedAt: [value.updatedAt, publishedAt].sort()[1]! };
}

/** Whether readers' lists show the article otherwise than before (new, or its status, date, authors or topics changed). */
function listedDifferently(previous: ArticleListing | undefined, value: ArticleFile): boolean {
  return (
    !previous ||
    previous.status !== value.status ||
    isoString(previous.published_at) !== value.publishedAt ||
    previous.authors.join() !== value.authors.join() ||
    previous.topics.join() !== value.topics.join()
  );
}

/** Translations (docs/publishing.md#translations), after every original they name. */
async function writeTranslationRecords(
  tx: Database,
  plan: Plan,
  translations: ContentRecord<'translation'>[],
  ids: RecordIds,
): Promise<Step> {
  const { problems, touched } = await writeTranslations(tx, translations, plan.originals, ids);
  if (problems.length > 0) throw new ContentRejected(problems);
  return {
    touched,
    // A translation may enter or leave its language's lists; the change names that language only, so the others' are kept.
    listsChanged:
      translations.length > 0 || plan.removed.some((record) => record.kind === 'translation'),
  };
}

/**
 * Records whose file is gone, originals and translations; then the
 * translations of the articles written follow them.
 */
async function removeGone(
  tx: Database,
  plan: Plan,
  ids: RecordIds,
  articleIds: number[],
): Promise<Step & { unpublished: number; deleted: number }> {
  const removal = await removeRecords(
    tx,
    plan.removed.filter((record) => record.kind !== 'translation'),
  );
  const translations = await removeTranslations(
    tx,
    plan.removed.filter((record) => record.kind === 'translation'),
    plan.originals,
    ids,
  );
  const followers = await followOriginals(tx, articleIds);
  // Whatever records not published from content/ still use (seed:generate's articles) stops the publish.
  if (!('deleted' in removal))
    throw new ContentRejected(
      removal.stillUsed.map(({ record, message }) => ({
        file: record.file,
        line: record.line,
        message,
      })),
    );
  return {
    touched: [...removal.touched, ...translations, ...followers],
    listsChanged: removal.listsChanged,
    unpublished: removal.unpublished,
    deleted: removal.deleted,
  };
}

/**
 * The change of what the publish touched, each record once, checked as
 * every listener will check it; announced inside the transaction, so it is
 * heard at commit. Null when it touched nothing or announces nothing.
 */
async function announced(
  tx: Database,
  step: Step,
  announce: boolean,
): Promise<ContentChange | null> {
  const checked = contentChangeOf({
    source: 'embedded',
    cause: 'publish',
    records: step.touched,
    listsChanged: step.listsChanged,
  });
  if (typeof checked === 'string') throw new Error(`Not a content change: ${checked}.`);
  const change: ContentChange | null = checked.records.length > 0 ? checked : null;
  if (change && announce) await announceContentChange(tx, change);
  return announce ? change : null;
}
