import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  announceContentChange,
  contentChangeOf,
  type ChangedRecord,
  type ContentChange,
} from '../changes/contentChange';
import { inTransaction, withSession, type Database } from '../db/database';
import { PUBLISH_LOCK } from '../db/locks';
import { toGlobalId } from '../model/globalId';
import {
  type ArticleFile,
  type AssetFile,
  type AuthorFile,
  type BlockFile,
  type ContentFiles,
  type PageFile,
  type RichTextNode,
  type TopicFile,
} from '../model/contentFiles';
import { CONTENT_DIR } from '../../settings/contentDir';
import {
  KIND_TO_TYPE,
  plainText,
  readingTimeMinutes,
  referenceResolver,
  rewriteReferences,
} from '../model/richText';
import { isoString } from '../sources/embedded/rows';
import {
  checkFolder,
  CONTENT_LAYOUT,
  contentHash,
  namedBy,
  readMarkdownRecord,
  scanContentFolder,
  type ContentRecord,
  type FolderEntry,
  type MarkdownFile,
  type RecordKind,
  type RecordValues,
} from './contentFolder';
import type { NamedReference } from './markdown';
import { ContentRejected, type ContentProblem } from './problems';

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

/** What content_records remembers of one record since the last publish. */
interface KnownRecord {
  kind: RecordKind;
  key: string;
  file: string;
  line: number;
  hash: string;
  refs: NamedReference[];
}

/** The tables each kind is kept in, the column its key is, and (for embeds, which share one table) the type its rows have. */
const TABLES: Record<RecordKind, { table: string; key: string; type?: 'CodeBlock' | 'PullQuote' }> =
  {
    site: { table: 'site', key: 'id' },
    asset: { table: 'assets', key: 'key' },
    author: { table: 'authors', key: 'slug' },
    topic: { table: 'topics', key: 'slug' },
    codeBlock: { table: 'embeds', key: 'key', type: 'CodeBlock' },
    pullQuote: { table: 'embeds', key: 'key', type: 'PullQuote' },
    article: { table: 'articles', key: 'slug' },
    page: { table: 'pages', key: 'slug' },
  };

/** Rows per batched statement: the values of a few hundred articles in one parameter. */
const BATCH = 250;

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
  return oneAtATime(db, () => publishScan(db, () => scanContentFolder(dir), dir, options));
}

/**
 * ContentFiles (already read, perhaps not from a folder) published the same
 * way: the seed of an empty database when it is handed its content.
 */
export function publishContentFiles(
  db: Database,
  content: ContentFiles,
  options: PublishOptions = {},
): Promise<PublishResult> {
  return oneAtATime(db, () =>
    publishScan(
      db,
      () => ({ dir: content.dir, markdown: [], records: recordsOf(content), problems: [] }),
      content.dir,
      options,
    ),
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

interface Scan {
  dir: string;
  markdown: MarkdownFile[];
  records: ContentRecord[];
  problems: ContentProblem[];
}

/** An article or page whose slug changed from `from` to `to`. */
interface Rename {
  kind: 'article' | 'page';
  from: string;
  to: string;
}

/** What a publish will do, worked out from the folder and content_records before the transaction. */
interface Plan {
  changed: ContentRecord[];
  removed: KnownRecord[];
  /** Articles and pages whose file now gives another slug: renamed in place (same id, same votes), from the old key to the new. */
  renamed: Rename[];
  unchanged: number;
}

async function publishScan(
  db: Database,
  scan: () => Scan,
  dir: string,
  options: PublishOptions,
): Promise<PublishResult> {
  const started = performance.now();
  // Planning (reading and parsing files) happens before the transaction, so
  // a long parse never holds it; a publisher that got in meanwhile (another
  // process) is noticed by the fingerprint, and the plan is made again.
  for (let attempt = 1; ; attempt += 1) {
    const { known, fingerprint } = await readKnown(db);
    const plan = planPublish(scan(), known);
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
      await tx.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [...PUBLISH_LOCK]);
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

/**
 * ANALYZE after a large publish, so the planner sees the new rows: on a
 * connection of its own, without the statement timeout (it may take longer
 * than a reader's query may). The publish has committed by now, so a failure
 * is logged, not thrown: the writer is not told a publish that happened failed.
 */
async function refreshStatistics(db: Database): Promise<void> {
  try {
    await withSession(db, (session) => session.exec('ANALYZE'));
  } catch (error) {
    console.warn(
      `folio: published, but refreshing the planner's statistics (ANALYZE) failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

async function readKnown(
  db: Database,
  fingerprintOnly = false,
): Promise<{ known: KnownRecord[]; fingerprint: string }> {
  const { rows: print } = await db.query<{ fingerprint: string | null }>(
    "SELECT md5(string_agg(kind || ':' || key || ':' || hash, ',' ORDER BY kind, key)) AS fingerprint FROM content_records",
  );
  const fingerprint = print[0]?.fingerprint ?? '';
  if (fingerprintOnly) return { known: [], fingerprint };
  const { rows } = await db.query<KnownRecord>(
    'SELECT kind, key, file, line, hash, refs FROM content_records',
  );
  return { known: rows, fingerprint };
}

/**
 * Which records changed, which are gone, and whether the folder as a whole
 * holds together. Only Markdown files whose hash is new are parsed; every
 * other record takes part in the checks as content_records remembers it.
 */
function planPublish(scan: Scan, known: readonly KnownRecord[]): Plan {
  const problems = [...scan.problems];
  const knownByRecord = new Map(known.map((record) => [`${record.kind}:${record.key}`, record]));
  const knownByFile = new Map<string, KnownRecord>();
  for (const record of known) if (record.file.endsWith('.md')) knownByFile.set(record.file, record);
  const entries: FolderEntry[] = [];
  const changed: ContentRecord[] = [];
  let unchanged = 0;
  const consider = (record: ContentRecord) => {
    entries.push(record);
    if (knownByRecord.get(`${record.kind}:${record.key}`)?.hash === record.hash) unchanged += 1;
    else changed.push(record);
  };
  for (const record of scan.records) consider(record);
  for (const file of scan.markdown) {
    const remembered = knownByFile.get(file.file);
    if (remembered && remembered.hash === file.hash) {
      entries.push({
        kind: remembered.kind,
        key: remembered.key,
        file: remembered.file,
        line: remembered.line,
        references: remembered.refs,
      });
      unchanged += 1;
      continue;
    }
    const read = readMarkdownRecord(file);
    problems.push(...read.problems);
    if (read.record) consider(read.record);
    else entries.push(read.entry);
  }
  problems.push(...checkFolder(entries));
  if (problems.length > 0) throw new ContentRejected(problems);

  const present = new Set(entries.map((entry) => `${entry.kind}:${entry.key}`));
  const renamed: Rename[] = [];
  for (const record of changed) {
    if (record.kind !== 'article' && record.kind !== 'page') continue;
    const before = knownByFile.get(record.file);
    if (
      before &&
      before.kind === record.kind &&
      before.key !== record.key &&
      !present.has(`${before.kind}:${before.key}`) &&
      !knownByRecord.has(`${record.kind}:${record.key}`)
    ) {
      renamed.push({ kind: record.kind, from: before.key, to: record.key });
    }
  }
  const renamedFrom = new Set(renamed.map(({ kind, from }) => `${kind}:${from}`));
  const removed = known.filter(
    (record) =>
      !present.has(`${record.kind}:${record.key}`) &&
      !renamedFrom.has(`${record.kind}:${record.key}`),
  );
  return { changed, removed, renamed, unchanged };
}

/** Ids of records by kind and key, loaded from their tables as needed. */
class RecordIds {
  readonly byKind: Record<string, Map<string, number>> = {};

  constructor(private readonly tx: Database) {}

  map(kind: RecordKind): Map<string, number> {
    return (this.byKind[kind] ??= new Map());
  }

  async load(kind: RecordKind, keys: Iterable<string>): Promise<void> {
    const map = this.map(kind);
    const missing = [...new Set(keys)].filter((key) => !map.has(key));
    if (missing.length === 0 || kind === 'site') return;
    const { table, key, type } = TABLES[kind];
    const typeFilter = type ? ` AND type = '${type}'` : '';
    const { rows } = await this.tx.query<{ id: number; key: string }>(
      `SELECT id, ${key} AS key FROM ${table} WHERE ${key} = ANY($1)${typeFilter}`,
      [missing],
    );
    for (const row of rows) map.set(row.key, row.id);
  }

  /** Loads every record the given references name. */
  async loadReferences(ids: Iterable<string>): Promise<void> {
    const byKind = new Map<RecordKind, string[]>();
    for (const id of ids) {
      const kind = id.slice(0, id.indexOf(':')) as RecordKind;
      byKind.set(kind, [...(byKind.get(kind) ?? []), id.slice(kind.length + 1)]);
    }
    for (const [kind, keys] of byKind) await this.load(kind, keys);
  }

  get(kind: RecordKind, key: string | undefined): number | null {
    return key === undefined ? null : (this.map(kind).get(key) ?? null);
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
  const touch = (kind: RecordKind, id: number | null | undefined) => {
    if (id !== null && id !== undefined)
      touched.push({
        type: KIND_TO_TYPE[kind as keyof typeof KIND_TO_TYPE] as ChangedRecord['type'],
        id: String(id),
      });
  };
  let listsChanged = false;

  // Renames first: the row (and its id, and readers' votes) follows its file to the new slug.
  for (const { kind, from, to } of plan.renamed) {
    await tx.query(`UPDATE ${TABLES[kind].table} SET slug = $2 WHERE slug = $1`, [from, to]);
    listsChanged = true;
  }

  // Records with no references of their own, or only to assets: assets first.
  for (const record of of('asset')) touch('asset', await writeAsset(tx, record.value, dir));
  await ids.load('asset', [
    ...of('author').flatMap((record) => (record.value.avatar ? [record.value.avatar] : [])),
  ]);
  const existingDirectory = await existingKeys(
    tx,
    'authors',
    of('author').map((record) => record.key),
  );
  for (const record of of('author')) {
    touch('author', await writeAuthor(tx, record.value, ids.get('asset', record.value.avatar)));
    if (!existingDirectory.has(record.key)) listsChanged = true;
  }
  const existingTopics = await existingKeys(
    tx,
    'topics',
    of('topic').map((record) => record.key),
  );
  for (const record of of('topic')) {
    touch('topic', await writeTopic(tx, record.value));
    if (!existingTopics.has(record.key)) listsChanged = true;
  }
  const changedEmbeds: string[] = [];
  for (const record of [...of('codeBlock'), ...of('pullQuote')]) {
    const { type, key, ...data } = record.value;
    const { rows } = await tx.query<{ id: number }>(
      'INSERT INTO embeds (key, type, data) VALUES ($1, $2, $3) ON CONFLICT (key) DO UPDATE SET type = EXCLUDED.type, data = EXCLUDED.data RETURNING id',
      [key, type, JSON.stringify(data)],
    );
    changedEmbeds.push(toGlobalId(type, rows[0]!.id));
  }

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
    await writeArticles(tx, batch, ids, resolve);
  }
  for (const record of articles) {
    const id = ids.get('article', record.key)!;
    touch('article', id);
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
    touch('page', id);
    if (pagesBefore.get(record.key) !== record.value.status) listsChanged = true;
    await writePage(tx, id, record.value, ids, resolve);
  }
  const site = of('site')[0];
  if (site) {
    await tx.query(
      'INSERT INTO site (id, data) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data',
      [JSON.stringify(site.value)],
    );
    touched.push({ type: 'Site', id: '1' });
  }

  // What shows a changed code block or pull quote (they are not records a cache knows by themselves).
  if (changedEmbeds.length > 0) {
    const { rows } = await tx.query<{ type: 'Article' | 'Page'; id: number }>(
      `SELECT 'Article' AS type, a.id FROM articles a WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) g WHERE a.body_refs @> jsonb_build_array(g))
       UNION ALL SELECT 'Page' AS type, p.id FROM pages p WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) g WHERE p.block_refs @> jsonb_build_array(g))`,
      [changedEmbeds],
    );
    for (const row of rows) touched.push({ type: row.type, id: String(row.id) });
  }

  const removal = await removeRecords(tx, plan.removed, touch);
  if (removal.listsChanged) listsChanged = true;
  await rememberRecords(tx, plan);

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

async function existingKeys(
  tx: Database,
  table: 'authors' | 'topics',
  keys: string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const { rows } = await tx.query<{ slug: string }>(
    `SELECT slug FROM ${table} WHERE slug = ANY($1)`,
    [keys],
  );
  return new Set(rows.map((row) => row.slug));
}

async function existingStatus(
  tx: Database,
  table: 'pages',
  keys: string[],
): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const { rows } = await tx.query<{ slug: string; status: string }>(
    `SELECT slug, status FROM ${table} WHERE slug = ANY($1)`,
    [keys],
  );
  return new Map(rows.map((row) => [row.slug, row.status]));
}

/** What readers' lists depend on, for the articles about to be written, as they are now. */
async function articlesBefore(tx: Database, slugs: string[]) {
  const before = new Map<
    string,
    { status: string; published_at: Date | string | null; authors: string[]; topics: string[] }
  >();
  if (slugs.length === 0) return before;
  const { rows } = await tx.query<{
    slug: string;
    status: string;
    published_at: Date | string | null;
    authors: string[] | null;
    topics: string[] | null;
  }>(
    `SELECT a.slug, a.status, a.published_at,
       (SELECT array_agg(au.slug ORDER BY aa.position) FROM article_authors aa JOIN authors au ON au.id = aa.author_id WHERE aa.article_id = a.id) AS authors,
       (SELECT array_agg(t.slug ORDER BY at.position) FROM article_topics at JOIN topics t ON t.id = at.topic_id WHERE at.article_id = a.id) AS topics
     FROM articles a WHERE a.slug = ANY($1)`,
    [slugs],
  );
  for (const row of rows)
    before.set(row.slug, {
      status: row.status,
      published_at: row.published_at,
      authors: row.authors ?? [],
      topics: row.topics ?? [],
    });
  return before;
}

/** Rows for slugs not in the table yet, in the folder's order (ids follow it), with nothing a reader could see: drafts until written. */
async function insertMissing(
  tx: Database,
  table: 'articles' | 'pages',
  slugs: string[],
): Promise<void> {
  if (slugs.length === 0) return;
  const sql =
    table === 'articles'
      ? `INSERT INTO articles (slug, title, summary, body, body_text, status, updated_at, reading_time_minutes)
         SELECT s.slug, '', '', '{}', '', 'DRAFT', now(), 1 FROM unnest($1::text[]) WITH ORDINALITY AS s(slug, n)
         WHERE NOT EXISTS (SELECT 1 FROM articles a WHERE a.slug = s.slug) ORDER BY s.n`
      : `INSERT INTO pages (slug, title, status, updated_at, blocks)
         SELECT s.slug, '', 'DRAFT', now(), '[]' FROM unnest($1::text[]) WITH ORDINALITY AS s(slug, n)
         WHERE NOT EXISTS (SELECT 1 FROM pages p WHERE p.slug = s.slug) ORDER BY s.n`;
  await tx.query(sql, [slugs]);
}

async function writeAsset(tx: Database, asset: AssetFile, dir: string): Promise<number> {
  const bytes = readFileSync(path.join(dir, asset.file));
  // Loaded when an image changed, not on every publish (a quarter of a second of a one-file publish).
  const { default: sharp } = await import('sharp');
  const meta = await sharp(bytes).metadata();
  const version = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO assets (key, file, alt, width, height, content_type, version) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (key) DO UPDATE SET file = EXCLUDED.file, alt = EXCLUDED.alt, width = EXCLUDED.width, height = EXCLUDED.height, content_type = EXCLUDED.content_type, version = EXCLUDED.version
     RETURNING id`,
    [
      asset.key,
      // Served from the images folder by its name alone (api/sources/embedded/images.ts).
      asset.file.slice(CONTENT_LAYOUT.images.length + 1),
      asset.alt,
      meta.width,
      meta.height,
      `image/${meta.format === 'jpg' ? 'jpeg' : meta.format}`,
      version,
    ],
  );
  return rows[0]!.id;
}

async function writeAuthor(
  tx: Database,
  author: AuthorFile,
  avatarId: number | null,
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    'INSERT INTO authors (slug, name, bio, avatar_id) VALUES ($1, $2, $3, $4) ON CONFLICT (slug) DO UPDATE SET name = EXCLUDED.name, bio = EXCLUDED.bio, avatar_id = EXCLUDED.avatar_id RETURNING id',
    [author.slug, author.name, author.bio, avatarId],
  );
  return rows[0]!.id;
}

async function writeTopic(tx: Database, topic: TopicFile): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    'INSERT INTO topics (slug, name, description) VALUES ($1, $2, $3) ON CONFLICT (slug) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description RETURNING id',
    [topic.slug, topic.name, topic.description],
  );
  return rows[0]!.id;
}

/** A batch of articles in three statements: the rows, then their authors and topics in the order written. */
async function writeArticles(
  tx: Database,
  records: ContentRecord<'article'>[],
  ids: RecordIds,
  resolve: ReturnType<typeof referenceResolver>,
): Promise<void> {
  const rows = records.map(({ value }) => {
    const text = plainText(value.body);
    return {
      id: ids.get('article', value.slug)!,
      title: value.title,
      summary: value.summary,
      body: rewriteReferences(value.body, resolve),
      body_text: text,
      status: value.status,
      published_at: value.publishedAt,
      updated_at: value.updatedAt,
      hero_image_id: ids.get('asset', value.heroImage),
      seo_title: value.seo?.title ?? null,
      seo_description: value.seo?.description ?? null,
      seo_image_id: ids.get('asset', value.seo?.image),
      reading_time_minutes: readingTimeMinutes(text),
    };
  });
  await tx.query(
    `UPDATE articles a SET title = r.title, summary = r.summary, body = r.body, body_text = r.body_text, status = r.status, published_at = r.published_at, updated_at = r.updated_at,
       hero_image_id = r.hero_image_id, seo_title = r.seo_title, seo_description = r.seo_description, seo_image_id = r.seo_image_id, reading_time_minutes = r.reading_time_minutes
     FROM jsonb_to_recordset($1::jsonb) AS r(id integer, title text, summary text, body jsonb, body_text text, status text, published_at timestamptz, updated_at timestamptz,
       hero_image_id integer, seo_title text, seo_description text, seo_image_id integer, reading_time_minutes integer)
     WHERE a.id = r.id`,
    [JSON.stringify(rows)],
  );
  const articleIds = rows.map((row) => row.id);
  const links = (list: (value: ArticleFile) => string[], kind: 'author' | 'topic') =>
    records.flatMap(({ value }) =>
      list(value).map((key, position) => ({
        article_id: ids.get('article', value.slug)!,
        id: ids.get(kind, key)!,
        position,
      })),
    );
  await tx.query('DELETE FROM article_authors WHERE article_id = ANY($1)', [articleIds]);
  await tx.query('DELETE FROM article_topics WHERE article_id = ANY($1)', [articleIds]);
  await tx.query(
    `INSERT INTO article_authors (article_id, author_id, position) SELECT r.article_id, r.id, r.position FROM jsonb_to_recordset($1::jsonb) AS r(article_id integer, id integer, position integer)`,
    [JSON.stringify(links((value) => value.authors, 'author'))],
  );
  await tx.query(
    `INSERT INTO article_topics (article_id, topic_id, position) SELECT r.article_id, r.id, r.position FROM jsonb_to_recordset($1::jsonb) AS r(article_id integer, id integer, position integer)`,
    [JSON.stringify(links((value) => value.topics, 'topic'))],
  );
}

async function writePage(
  tx: Database,
  id: number,
  page: PageFile,
  ids: RecordIds,
  resolve: ReturnType<typeof referenceResolver>,
): Promise<void> {
  const blocks = page.blocks.map((block) => storedBlock(block, ids, resolve));
  await tx.query(
    'UPDATE pages SET title = $2, status = $3, updated_at = $4, seo_title = $5, seo_description = $6, seo_image_id = $7, blocks = $8 WHERE id = $1',
    [
      id,
      page.title,
      page.status,
      page.updatedAt,
      page.seo?.title ?? null,
      page.seo?.description ?? null,
      ids.get('asset', page.seo?.image),
      JSON.stringify(blocks),
    ],
  );
}

/** A page block as stored: content keys replaced by database ids (api/sources/embedded/rows.ts reads them). */
function storedBlock(
  block: BlockFile,
  ids: RecordIds,
  resolve: ReturnType<typeof referenceResolver>,
): Record<string, unknown> {
  const { image, articles, topic, body, ...rest } = block as BlockFile & {
    image?: string;
    articles?: string[];
    topic?: string;
    body?: RichTextNode;
  };
  const stored: Record<string, unknown> = { ...rest };
  if (typeof image === 'string') stored.imageId = ids.get('asset', image);
  if (Array.isArray(articles))
    stored.articleIds = articles
      .map((slug) => ids.get('article', slug))
      .filter((id) => id !== null);
  if (typeof topic === 'string') stored.topicId = ids.get('topic', topic);
  // A callout's body is its words; only a text block's is rich text.
  if (body !== undefined)
    stored.body = block.type === 'RichTextBlock' ? rewriteReferences(body, resolve) : body;
  return stored;
}

/**
 * Records whose file or entry is gone. Articles and pages are archived, not
 * deleted: readers' votes and other rows refer to their ids, and an archived
 * article is seen by no reader (only by a preview). Their authors, topics
 * and images are let go, so those may go too. Authors, topics, embeds and
 * assets are deleted; one that records never published from content/ still
 * use (seed:generate's articles) stops the publish, named.
 */
async function removeRecords(
  tx: Database,
  removed: KnownRecord[],
  touch: (kind: RecordKind, id: number) => void,
): Promise<{ unpublished: number; deleted: number; listsChanged: boolean }> {
  const keysOf = (...kinds: RecordKind[]) =>
    removed.filter((record) => kinds.includes(record.kind)).map((record) => record.key);
  let listsChanged = false;
  const articleKeys = keysOf('article');
  if (articleKeys.length > 0) {
    const { rows } = await tx.query<{ id: number }>(
      "UPDATE articles SET status = 'ARCHIVED', hero_image_id = NULL, seo_image_id = NULL WHERE slug = ANY($1) RETURNING id",
      [articleKeys],
    );
    const articleIds = rows.map((row) => row.id);
    await tx.query('DELETE FROM article_authors WHERE article_id = ANY($1)', [articleIds]);
    await tx.query('DELETE FROM article_topics WHERE article_id = ANY($1)', [articleIds]);
    for (const id of articleIds) touch('article', id);
    listsChanged = true;
  }
  const pageKeys = keysOf('page');
  if (pageKeys.length > 0) {
    const { rows } = await tx.query<{ id: number }>(
      "UPDATE pages SET status = 'ARCHIVED', seo_image_id = NULL WHERE slug = ANY($1) RETURNING id",
      [pageKeys],
    );
    for (const row of rows) touch('page', row.id);
    listsChanged = true;
  }
  // Whatever records not published from content/ still use (seed:generate's articles) stops the publish before anything is deleted.
  const usedBy: Record<'author' | 'topic' | 'asset', string> = {
    author: 'EXISTS (SELECT 1 FROM article_authors aa WHERE aa.author_id = r.id)',
    topic: 'EXISTS (SELECT 1 FROM article_topics at WHERE at.topic_id = r.id)',
    asset:
      'EXISTS (SELECT 1 FROM articles a WHERE a.hero_image_id = r.id OR a.seo_image_id = r.id) OR EXISTS (SELECT 1 FROM authors au WHERE au.avatar_id = r.id) OR EXISTS (SELECT 1 FROM pages p WHERE p.seo_image_id = r.id)',
  };
  const stillUsed: ContentProblem[] = [];
  for (const kind of ['author', 'topic', 'asset'] as const) {
    const keys = keysOf(kind);
    if (keys.length === 0) continue;
    const { table, key } = TABLES[kind];
    const { rows } = await tx.query<{ key: string }>(
      `SELECT r.${key} AS key FROM ${table} r WHERE r.${key} = ANY($1) AND (${usedBy[kind]})`,
      [keys],
    );
    for (const row of rows) {
      const record = removed.find((entry) => entry.kind === kind && entry.key === row.key)!;
      stillUsed.push({
        file: record.file,
        line: record.line,
        message: `the ${kind} "${row.key}" is gone from here, but articles not published from content/ still use it: keep it, or remove those first`,
      });
    }
  }
  if (stillUsed.length > 0) throw new ContentRejected(stillUsed);
  let deleted = 0;
  for (const kind of ['author', 'topic', 'codeBlock', 'pullQuote', 'asset'] as const) {
    const keys = keysOf(kind);
    if (keys.length === 0) continue;
    const { table, key, type } = TABLES[kind];
    const { rows } = await tx.query<{ id: number }>(
      `DELETE FROM ${table} WHERE ${key} = ANY($1)${type ? ' AND type = $2' : ''} RETURNING id`,
      type ? [keys, type] : [keys],
    );
    // Code blocks and pull quotes are shown by the articles and pages that embed them, and no file embeds a deleted one any more.
    if (!type) for (const row of rows) touch(kind, row.id);
    deleted += rows.length;
  }
  if (keysOf('author', 'topic').length > 0) listsChanged = true;
  return { unpublished: articleKeys.length + pageKeys.length, deleted, listsChanged };
}

/** content_records as the folder now is: the changed records' new hashes and references, and nothing of what is gone. */
async function rememberRecords(tx: Database, plan: Plan): Promise<void> {
  const gone = [
    ...plan.removed.map((record) => ({ kind: record.kind, key: record.key })),
    ...plan.renamed.map(({ kind, from }) => ({ kind, key: from })),
  ];
  if (gone.length > 0) {
    await tx.query(
      'DELETE FROM content_records c USING jsonb_to_recordset($1::jsonb) AS g(kind text, key text) WHERE c.kind = g.kind AND c.key = g.key',
      [JSON.stringify(gone)],
    );
  }
  for (let start = 0; start < plan.changed.length; start += BATCH) {
    const rows = plan.changed.slice(start, start + BATCH).map((record) => ({
      kind: record.kind,
      key: record.key,
      file: record.file,
      line: record.line,
      hash: record.hash,
      refs: record.references,
    }));
    await tx.query(
      `INSERT INTO content_records (kind, key, file, line, hash, refs)
       SELECT r.kind, r.key, r.file, r.line, r.hash, r.refs FROM jsonb_to_recordset($1::jsonb) AS r(kind text, key text, file text, line integer, hash text, refs jsonb)
       ON CONFLICT (kind, key) DO UPDATE SET file = EXCLUDED.file, line = EXCLUDED.line, hash = EXCLUDED.hash, refs = EXCLUDED.refs`,
      [JSON.stringify(rows)],
    );
  }
}
