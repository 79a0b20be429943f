import { DEFAULT_LOCALE, type Locale } from '../../shared/locales';
import {
  announceContentChange,
  contentChangeOf,
  type ChangedRecord,
  type ContentChange,
} from '../changes/contentChange';
import { inTransaction, type Database } from '../db/database';
import { holdUntilCommit, PUBLISH_LOCK } from '../db/locks';
import { type ContentFiles } from '../model/contentFiles';
import { CONTENT_DIR } from '../../settings/contentDir';
import { KIND_TO_TYPE, referenceResolver } from '../model/richText';
import {
  articlesBefore,
  BATCH,
  existingKeys,
  existingStatus,
  insertMissing,
  readKnown,
  type KnownRecord,
  recordsShowingEmbeds,
  RecordIds,
  refreshStatistics,
  rememberRecords,
  removeRecords,
  renameRecord,
  writeArticles,
  writeAsset,
  writeAuthor,
  writeEmbed,
  writePage,
  writeSite,
  writeTopic,
} from '../sources/embedded/contentWrites';
import { isoString } from '../sources/embedded/rows';
import {
  CONTENT_LAYOUT,
  contentHash,
  namedBy,
  scanContentFolder,
  type ContentRecord,
  type RecordKind,
  type RecordValues,
} from './contentFolder';
import { ContentRejected } from './problems';
import { isProblem, measureImage } from './measureImage';
import {
  followOriginals,
  removeTranslations,
  writeTranslations,
} from '../sources/embedded/translationWrites';
import { planPublish, type Plan, type Scan } from './publishPlan';
import { planOffThread } from './planOffThread';

export interface PublishOptions {
  /** The folder (default content/). */
  dir?: string;
  /**
   * Announce the change to every cache (default true). The first seed of an
   * empty database does not: nothing can have kept anything of it yet.
   */
  announce?: boolean;
  /**
   * Refresh the planner's statistics (ANALYZE) after a publish of 100
   * records or more (default true). The seed does not: it runs VACUUM
   * ANALYZE itself once the whole folder is in (api/publishing/seedContent.ts).
   */
  analyze?: boolean;
  /**
   * Read, parse and plan on a worker thread (api/publishing/planOffThread.ts):
   * a server publishing while it serves readers. The command plans in place.
   */
  offThread?: boolean;
}

export interface PublishResult {
  /** Records written because they are new or changed, by kind. */
  written: Partial<Record<RecordKind, number>>;
  /** Articles and pages whose file is gone: archived, no longer seen by readers. */
  unpublished: number;
  /** Authors, topics, embeds and assets whose file or entry is gone: deleted. */
  deleted: number;
  /** Records whose file had not changed: read from the database's memory, not parsed, not written. */
  unchanged: number;
  /** What was announced (null when nothing changed, or nothing was announced). */
  change: ContentChange | null;
  ms: number;
}

/**
 * `npm run content`: publishes the folder into the database, in one
 * transaction. The folder is checked whole first; a folder with problems
 * throws ContentRejected (each problem as `file:line: …`) and nothing is
 * written. Then only what changed is written: a record whose file has the
 * hash content_records remembers is not even parsed. A record whose file is
 * gone is taken off the site: an article or page is archived (its row, id and
 * readers' votes stay, and the same slug coming back is the same article),
 * an author, topic, embed or asset is deleted. Inside the transaction the
 * change is announced (api/changes/contentChange.ts), naming every record
 * written or taken off, so caches drop exactly what showed them, at commit.
 */
export function publishContent(db: Database, options: PublishOptions = {}): Promise<PublishResult> {
  const dir = options.dir ?? CONTENT_DIR;
  const plan: Planner = options.offThread
    ? (known) => planOffThread(dir, known)
    : (known) => Promise.resolve(planPublish(scanContentFolder(dir), known));
  return oneAtATime(db, () => publishPlanned(db, plan, dir, options));
}

/** Reads the folder and works out what a publish will do, given what the database knows. */
type Planner = (known: KnownRecord[]) => Promise<Plan>;

/**
 * ContentFiles (already read, perhaps not from a folder) published the same
 * way: the seed of an empty database when it is handed its content.
 */
export function publishContentFiles(
  db: Database,
  content: ContentFiles,
  options: PublishOptions = {},
): Promise<PublishResult> {
  const scan: Scan = { dir: content.dir, markdown: [], records: recordsOf(content), problems: [] };
  return oneAtATime(db, () =>
    publishPlanned(db, (known) => Promise.resolve(planPublish(scan, known)), content.dir, options),
  );
}

/** The records of ContentFiles, each hashed by its value, as if read from the files it would be written in. */
function recordsOf(content: ContentFiles): ContentRecord[] {
  const record = <K extends RecordKind>(
    kind: K,
    key: string,
    file: string,
    value: RecordValues[K],
  ): ContentRecord => ({
    kind,
    key,
    file,
    line: 1,
    hash: contentHash(kind, JSON.stringify(value)),
    references: namedBy(kind, value).map((id) => ({ id, line: 1 })),
    value,
  });
  const { folders } = CONTENT_LAYOUT;
  return [
    record('site', 'site', CONTENT_LAYOUT.site, content.site),
    ...content.assets.map((asset) => record('asset', asset.key, CONTENT_LAYOUT.assets, asset)),
    ...content.authors.map((author) =>
      record('author', author.slug, `${folders.author}/${author.slug}.md`, author),
    ),
    ...content.topics.map((topic) =>
      record('topic', topic.slug, `${folders.topic}/${topic.slug}.md`, topic),
    ),
    ...content.embeds.map((embed) =>
      embed.type === 'CodeBlock'
        ? record('codeBlock', embed.key, CONTENT_LAYOUT.embeds, embed)
        : record('pullQuote', embed.key, CONTENT_LAYOUT.embeds, embed),
    ),
    ...content.articles.map((article) =>
      record('article', article.slug, `${folders.article}/${article.slug}.md`, article),
    ),
    ...content.pages.map((page) =>
      record('page', page.slug, `${folders.page}/${page.slug}.md`, page),
    ),
  ];
}

/** Publishes of one database in this process run one after another (saves in quick succession, a route and a watcher). */
const running = new WeakMap<Database, Promise<unknown>>();
function oneAtATime<T>(db: Database, fn: () => Promise<T>): Promise<T> {
  const previous = running.get(db) ?? Promise.resolve();
  const next = previous.then(fn, fn);
  running.set(
    db,
    next.catch(() => undefined),
  );
  return next;
}

async function publishPlanned(
  db: Database,
  planFor: Planner,
  dir: string,
  options: PublishOptions,
): Promise<PublishResult> {
  const started = performance.now();
  // Planning (reading and parsing files) happens before the transaction, so
  // a long parse never holds it; a publisher that got in meanwhile (another
  // process) is noticed by the fingerprint, and the plan is made again.
  for (let attempt = 1; ; attempt += 1) {
    const { known, fingerprint } = await readKnown(db);
    const plan = await planFor(known);
    if (plan.changed.length === 0 && plan.removed.length === 0) {
      return {
        written: {},
        unpublished: 0,
        deleted: 0,
        unchanged: plan.unchanged,
        change: null,
        ms: Math.round(performance.now() - started),
      };
    }
    const result = await inTransaction(db, async (tx) => {
      await holdUntilCommit(tx, PUBLISH_LOCK);
      if ((await readKnown(tx, true)).fingerprint !== fingerprint) return null;
      return writePlan(tx, plan, dir, options);
    });
    if (result) {
      if (options.analyze !== false && result.written + result.removed >= 100)
        await refreshStatistics(db);
      return {
        ...result.summary,
        unchanged: plan.unchanged,
        ms: Math.round(performance.now() - started),
      };
    }
    if (attempt >= 3)
      throw new Error(
        'Another publish kept changing the database while this one was being prepared; run it again.',
      );
  }
}

interface Written {
  summary: Omit<PublishResult, 'unchanged' | 'ms'>;
  written: number;
  removed: number;
}

async function writePlan(
  tx: Database,
  plan: Plan,
  dir: string,
  options: PublishOptions,
): Promise<Written> {
  const ids = new RecordIds(tx);
  const of = <K extends RecordKind>(kind: K) =>
    plan.changed.filter((record): record is ContentRecord<K> => record.kind === kind);
  const touched: ChangedRecord[] = [];
  // Each row is in one language: the change names it, so only that language's keys are dropped (api/changes/changeKeys.ts).
  const touch = (kind: RecordKind, id: number | null | undefined, locale?: Locale) => {
    if (id !== null && id !== undefined)
      touched.push({
        type: KIND_TO_TYPE[kind as keyof typeof KIND_TO_TYPE] as ChangedRecord['type'],
        id: String(id),
        ...(locale ? { locale } : {}),
      });
  };
  const original = (kind: RecordKind, id: number | null | undefined) =>
    touch(kind, id, DEFAULT_LOCALE);
  const touchSite = (locale: Locale) => touched.push({ type: 'Site', id: '1', locale });
  let listsChanged = false;

  // Renames first: the row (and its id, and readers' votes) follows its file to the new slug.
  for (const { kind, from, to } of plan.renamed) {
    await renameRecord(tx, kind, from, to);
    listsChanged = true;
  }

  // Records with no references of their own, or only to assets: assets first.
  // Every changed image opened before anything is written: one that is not an image is a problem, named.
  const measured = await Promise.all(of('asset').map((record) => measureImage(record.value, dir)));
  const notImages = measured.filter(isProblem);
  if (notImages.length > 0) throw new ContentRejected(notImages);
  for (const asset of measured) if (!isProblem(asset)) touch('asset', await writeAsset(tx, asset));
  await ids.load('asset', [
    ...of('author').flatMap((record) => (record.value.avatar ? [record.value.avatar] : [])),
  ]);
  const existingDirectory = await existingKeys(
    tx,
    'authors',
    of('author').map((record) => record.key),
  );
  for (const record of of('author')) {
    original('author', await writeAuthor(tx, record.value, ids.get('asset', record.value.avatar)));
    if (!existingDirectory.has(record.key)) listsChanged = true;
  }
  const existingTopics = await existingKeys(
    tx,
    'topics',
    of('topic').map((record) => record.key),
  );
  for (const record of of('topic')) {
    original('topic', await writeTopic(tx, record.value));
    if (!existingTopics.has(record.key)) listsChanged = true;
  }
  const changedEmbeds: string[] = [];
  for (const record of [...of('codeBlock'), ...of('pullQuote')])
    changedEmbeds.push(await writeEmbed(tx, record.value));

  // Articles and pages: rows for the new ones first (bodies name each other by id), then everything.
  const articles = of('article');
  const pages = of('page');
  const before = await articlesBefore(
    tx,
    articles.map((record) => record.key),
  );
  await insertMissing(
    tx,
    'articles',
    articles.map((record) => record.key),
  );
  await insertMissing(
    tx,
    'pages',
    pages.map((record) => record.key),
  );
  const pagesBefore = await existingStatus(
    tx,
    'pages',
    pages.map((record) => record.key),
  );
  await ids.load(
    'article',
    articles.map((record) => record.key),
  );
  await ids.load(
    'page',
    pages.map((record) => record.key),
  );
  await ids.loadReferences(
    [...articles, ...pages].flatMap((record) => record.references.map((reference) => reference.id)),
  );
  const resolve = referenceResolver(ids.byKind);

  for (let start = 0; start < articles.length; start += BATCH) {
    const batch = articles.slice(start, start + BATCH);
    await writeArticles(
      tx,
      batch.map((record) => record.value),
      ids,
      resolve,
    );
  }
  for (const record of articles) {
    const id = ids.get('article', record.key)!;
    original('article', id);
    const previous = before.get(record.key);
    const value = record.value;
    if (
      !previous ||
      previous.status !== value.status ||
      isoString(previous.published_at) !== value.publishedAt ||
      previous.authors.join() !== value.authors.join() ||
      previous.topics.join() !== value.topics.join()
    ) {
      listsChanged = true;
    }
  }
  for (const record of pages) {
    const id = ids.get('page', record.key)!;
    original('page', id);
    if (pagesBefore.get(record.key) !== record.value.status) listsChanged = true;
    await writePage(tx, id, record.value, ids, resolve);
  }
  const site = of('site')[0];
  if (site) {
    await writeSite(tx, site.value);
    touchSite(DEFAULT_LOCALE);
  }

  // What shows a changed code block or pull quote (they are not records a cache knows by themselves).
  for (const row of await recordsShowingEmbeds(tx, changedEmbeds))
    touched.push({ type: row.type, id: String(row.id) });

  // Translations (docs/publishing.md#translations), after every original they name; then those whose original changed follow it.
  const translationProblems = await writeTranslations(
    tx,
    of('translation'),
    plan.originals,
    ids,
    touch,
    touchSite,
  );
  if (translationProblems.length > 0) throw new ContentRejected(translationProblems);
  // A translation may enter or leave its language's lists; the change names that language only, so the others' are kept.
  if (of('translation').length > 0 || plan.removed.some((record) => record.kind === 'translation'))
    listsChanged = true;

  const removal = await removeRecords(
    tx,
    plan.removed.filter((record) => record.kind !== 'translation'),
    touch,
  );
  await removeTranslations(
    tx,
    plan.removed.filter((record) => record.kind === 'translation'),
    plan.originals,
    ids,
    touch,
    touchSite,
  );
  await followOriginals(
    tx,
    articles.map((record) => ids.get('article', record.key)!),
    touch,
  );
  // Whatever records not published from content/ still use (seed:generate's articles) stops the publish.
  if (!('deleted' in removal))
    throw new ContentRejected(
      removal.stillUsed.map(({ record, message }) => ({
        file: record.file,
        line: record.line,
        message,
      })),
    );
  if (removal.listsChanged) listsChanged = true;
  await rememberRecords(tx, plan.changed, [
    ...plan.removed.map((record) => ({ kind: record.kind, key: record.key })),
    ...plan.renamed.map(({ kind, from }) => ({ kind, key: from })),
  ]);

  // Each record once, checked as every listener will check it.
  const checked = contentChangeOf({
    source: 'embedded',
    cause: 'publish',
    records: touched,
    listsChanged,
  });
  if (typeof checked === 'string') throw new Error(`Not a content change: ${checked}.`);
  const change: ContentChange | null = checked.records.length > 0 ? checked : null;
  if (change && options.announce !== false) await announceContentChange(tx, change);
  const written: Partial<Record<RecordKind, number>> = {};
  for (const record of plan.changed) written[record.kind] = (written[record.kind] ?? 0) + 1;
  return {
    summary: {
      written,
      unpublished: removal.unpublished,
      deleted: removal.deleted,
      change: options.announce === false ? null : change,
    },
    written: plan.changed.length,
    removed: plan.removed.length,
  };
}
