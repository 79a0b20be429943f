import { DEFAULT_LOCALE } from '../../../shared/locales';
import { inLocale } from './visibility';
import { withSession, type Database } from '../../db/database';
import type {
  ArticleFile,
  AssetFile,
  AuthorFile,
  BlockFile,
  EmbedFile,
  PageFile,
  RichTextNode,
  SiteFile,
  TopicFile,
} from '../../model/contentFiles';
import { toGlobalId } from '../../model/globalId';
import type { NamedReference, RecordKind } from '../../model/recordKinds';
import {
  plainText,
  readingTimeMinutes,
  rewriteReferences,
  type referenceResolver,
} from '../../model/richText';

/**
 * The embedded source's write side: every statement that writes its tables
 * (articles, pages, authors, topics, embeds, assets, the site) and
 * content_records, its memory of content/'s files. Publishing
 * (api/publishing/publishContent.ts) decides what to write, in one
 * transaction; this knows how the embedded source stores it.
 */

/** What content_records remembers of one record since the last publish. */
export interface KnownRecord {
  kind: RecordKind;
  key: string;
  file: string;
  line: number;
  hash: string;
  refs: NamedReference[];
}

/** The tables each kind is kept in, the column its key is, and (for embeds, which share one table) the type its rows have. */
const TABLES: Record<
  Exclude<RecordKind, 'translation'>,
  { table: string; key: string; type?: 'CodeBlock' | 'PullQuote'; localized?: true }
> = {
  site: { table: 'site', key: 'id' },
  asset: { table: 'assets', key: 'key' },
  author: { table: 'authors', key: 'slug', localized: true },
  topic: { table: 'topics', key: 'slug', localized: true },
  codeBlock: { table: 'embeds', key: 'key', type: 'CodeBlock' },
  pullQuote: { table: 'embeds', key: 'key', type: 'PullQuote' },
  article: { table: 'articles', key: 'slug', localized: true },
  page: { table: 'pages', key: 'slug', localized: true },
};

/**
 * The rows content/'s files are (the default locale's); a translation is a
 * row of its own in its locale (docs/decisions.md#locales), never touched
 * by what writes an original.
 */
const original = (alias: string) => inLocale(alias, DEFAULT_LOCALE);

/**
 * Rows per batched statement: the values of 20 articles in one parameter.
 * PGlite runs each statement on the thread that serves readers: 250 articles
 * held it 300–430 ms, 20 hold it 20–75 ms (measured; the top when the search
 * index merges its pending entries). A PostgreSQL server pays a few more
 * round trips.
 */
export const BATCH = 20;

/** The tables a publish writes. */
export const PUBLISHED_TABLES = [
  'assets',
  'authors',
  'topics',
  'embeds',
  'articles',
  'article_authors',
  'article_topics',
  'pages',
  'site',
  'content_records',
  'content_record_keys',
] as const;

/**
 * ANALYZE after a large publish, so the planner sees the new rows: on a
 * connection of its own, without the statement timeout (it may take longer
 * than a reader's query may). The publish has committed by now, so a failure
 * is logged, not thrown: the writer is not told a publish that happened failed.
 */
export async function refreshStatistics(db: Database): Promise<void> {
  try {
    // Table by table, with a turn of the event loop between: PGlite runs ANALYZE on the serving thread.
    await withSession(db, async (session) => {
      for (const table of PUBLISHED_TABLES) {
        await session.exec(`ANALYZE ${table}`);
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
  } catch (error) {
    console.warn(
      `folio: published, but refreshing the planner's statistics (ANALYZE) failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** What content_records remembers, and its fingerprint (a publisher that got in meanwhile changes it). */
export async function readKnown(
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

/** Ids of records by kind and key, loaded from their tables as needed. */
export class RecordIds {
  readonly byKind: Record<string, Map<string, number>> = {};

  constructor(private readonly tx: Database) {}

  map(kind: RecordKind): Map<string, number> {
    return (this.byKind[kind] ??= new Map());
  }

  async load(kind: RecordKind, keys: Iterable<string>): Promise<void> {
    const map = this.map(kind);
    const missing = [...new Set(keys)].filter((key) => !map.has(key));
    // A translation is written by its original's key (api/sources/embedded/translationWrites.ts).
    if (missing.length === 0 || kind === 'site' || kind === 'translation') return;
    const { table, key, type, localized } = TABLES[kind];
    const typeFilter = `${type ? ` AND type = '${type}'` : ''}${localized ? ` AND ${original(table)}` : ''}`;
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

export async function existingKeys(
  tx: Database,
  table: 'authors' | 'topics',
  keys: string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const { rows } = await tx.query<{ slug: string }>(
    `SELECT slug FROM ${table} WHERE slug = ANY($1) AND ${original(table)}`,
    [keys],
  );
  return new Set(rows.map((row) => row.slug));
}

export async function existingStatus(
  tx: Database,
  table: 'pages',
  keys: string[],
): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const { rows } = await tx.query<{ slug: string; status: string }>(
    `SELECT slug, status FROM ${table} WHERE slug = ANY($1) AND ${original(table)}`,
    [keys],
  );
  return new Map(rows.map((row) => [row.slug, row.status]));
}

/** What readers' lists depend on, for the articles about to be written, as they are now. */
export async function articlesBefore(tx: Database, slugs: string[]) {
  const before = new Map<
    string,
    { status: string; published_at: Date | string | null; authors: string[]; topics: string[] }
  >();
  // In batches: one statement over a thousand articles would hold PGlite's thread (and readers) for ~80 ms.
  for (let start = 0; start < slugs.length; start += BATCH)
    await articleStates(tx, slugs.slice(start, start + BATCH), before);
  return before;
}

async function articleStates(
  tx: Database,
  slugs: string[],
  before: Awaited<ReturnType<typeof articlesBefore>>,
): Promise<void> {
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
     FROM articles a WHERE a.slug = ANY($1) AND ${original('a')}`,
    [slugs],
  );
  for (const row of rows)
    before.set(row.slug, {
      status: row.status,
      published_at: row.published_at,
      authors: row.authors ?? [],
      topics: row.topics ?? [],
    });
}

/** Rows for slugs not in the table yet, in the folder's order (ids follow it), with nothing a reader could see: drafts until written. */
export async function insertMissing(
  tx: Database,
  table: 'articles' | 'pages',
  slugs: string[],
): Promise<void> {
  if (slugs.length === 0) return;
  const sql =
    table === 'articles'
      ? `INSERT INTO articles (slug, title, summary, body, body_text, status, updated_at, reading_time_minutes)
         SELECT s.slug, '', '', '{}', '', 'DRAFT', now(), 1 FROM unnest($1::text[]) WITH ORDINALITY AS s(slug, n)
         WHERE NOT EXISTS (SELECT 1 FROM articles a WHERE a.slug = s.slug AND ${original('a')}) ORDER BY s.n`
      : `INSERT INTO pages (slug, title, status, updated_at, blocks)
         SELECT s.slug, '', 'DRAFT', now(), '[]' FROM unnest($1::text[]) WITH ORDINALITY AS s(slug, n)
         WHERE NOT EXISTS (SELECT 1 FROM pages p WHERE p.slug = s.slug AND ${original('p')}) ORDER BY s.n`;
  await tx.query(sql, [slugs]);
}

/** An asset and what its image file measures (publishing reads the file). */
export interface MeasuredAsset extends AssetFile {
  width: number | undefined;
  height: number | undefined;
  contentType: string;
  /** Changes whenever the bytes do. */
  version: string;
  /** Its name inside content/'s images folder: what /images serves it by (images.ts). */
  servedAs: string;
}

export async function writeAsset(tx: Database, asset: MeasuredAsset): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO assets (key, file, alt, width, height, content_type, version) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (key) DO UPDATE SET file = EXCLUDED.file, alt = EXCLUDED.alt, width = EXCLUDED.width, height = EXCLUDED.height, content_type = EXCLUDED.content_type, version = EXCLUDED.version
     RETURNING id`,
    [
      asset.key,
      asset.servedAs,
      asset.alt,
      asset.width,
      asset.height,
      asset.contentType,
      asset.version,
    ],
  );
  return rows[0]!.id;
}

export async function writeAuthor(
  tx: Database,
  author: AuthorFile,
  avatarId: number | null,
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    'INSERT INTO authors (slug, name, bio, avatar_id) VALUES ($1, $2, $3, $4) ON CONFLICT (locale, slug) DO UPDATE SET name = EXCLUDED.name, bio = EXCLUDED.bio, avatar_id = EXCLUDED.avatar_id RETURNING id',
    [author.slug, author.name, author.bio, avatarId],
  );
  return rows[0]!.id;
}

export async function writeTopic(tx: Database, topic: TopicFile): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    'INSERT INTO topics (slug, name, description) VALUES ($1, $2, $3) ON CONFLICT (locale, slug) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description RETURNING id',
    [topic.slug, topic.name, topic.description],
  );
  return rows[0]!.id;
}

/**
 * The names of the entries these articles place in a sentence
 * (`:embed{entry="topic:science"}`), by reference: their words in the
 * article's search text. Topics and authors only, whose names every reader
 * may see (an article or page placed inline may be a draft). Read in the
 * publish's transaction, after the topics and authors it writes.
 */
async function inlineNames(
  tx: Database,
  articles: readonly ArticleFile[],
): Promise<Map<string, string>> {
  const references = new Set<string>();
  const walk = (node: RichTextNode) => {
    const id = node.data?.target?.sys?.id;
    if (node.nodeType === 'embedded-entry-inline' && typeof id === 'string') references.add(id);
    node.content?.forEach(walk);
  };
  for (const article of articles) walk(article.body);
  if (references.size === 0) return new Map();
  const { rows } = await tx.query<{ reference: string; name: string }>(
    `SELECT reference, name FROM (
       SELECT 'topic:' || slug AS reference, name FROM topics WHERE ${original('topics')}
       UNION ALL SELECT 'author:' || slug, name FROM authors WHERE ${original('authors')}
     ) named WHERE reference = ANY($1)`,
    [[...references]],
  );
  return new Map(rows.map((row) => [row.reference, row.name]));
}

/** A batch of articles in three statements: the rows, then their authors and topics in the order written. */
export async function writeArticles(
  tx: Database,
  articles: readonly ArticleFile[],
  ids: RecordIds,
  resolve: ReturnType<typeof referenceResolver>,
): Promise<void> {
  const names = await inlineNames(tx, articles);
  const rows = articles.map((value) => {
    const text = plainText(value.body, (sys) => names.get(sys.id));
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
    articles.flatMap((value) =>
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

export async function writePage(
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
export function storedBlock(
  block: BlockFile,
  ids: Pick<RecordIds, 'get'>,
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
 * use (seed:generate's articles) stops the publish: those are returned, and
 * nothing is deleted.
 */
export async function removeRecords(
  tx: Database,
  removed: KnownRecord[],
  touch: (kind: RecordKind, id: number) => void,
): Promise<
  | { stillUsed: { record: KnownRecord; message: string }[] }
  | { stillUsed: []; unpublished: number; deleted: number; listsChanged: boolean }
> {
  const keysOf = (...kinds: RecordKind[]) =>
    removed.filter((record) => kinds.includes(record.kind)).map((record) => record.key);
  let listsChanged = false;
  const articleKeys = keysOf('article');
  if (articleKeys.length > 0) {
    const { rows } = await tx.query<{ id: number }>(
      `UPDATE articles SET status = 'ARCHIVED', hero_image_id = NULL, seo_image_id = NULL WHERE slug = ANY($1) AND ${original('articles')} RETURNING id`,
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
      `UPDATE pages SET status = 'ARCHIVED', seo_image_id = NULL WHERE slug = ANY($1) AND ${original('pages')} RETURNING id`,
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
  const stillUsed: { record: KnownRecord; message: string }[] = [];
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
        record,
        message: `the ${kind} "${row.key}" is gone from here, but articles not published from content/ still use it: keep it, or remove those first`,
      });
    }
  }
  if (stillUsed.length > 0) return { stillUsed };
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
  return {
    stillUsed: [],
    unpublished: articleKeys.length + pageKeys.length,
    deleted,
    listsChanged,
  };
}

/** content_records as the folder now is: the changed records' new hashes and references, and nothing of what is gone. */
/** A record as content_records remembers it: where its file is, its hash, what it names. */
export type RememberedRecord = Omit<KnownRecord, 'refs'> & { references: NamedReference[] };

export async function rememberRecords(
  tx: Database,
  changed: readonly RememberedRecord[],
  gone: readonly { kind: RecordKind; key: string }[],
): Promise<void> {
  if (gone.length > 0) {
    await tx.query(
      'DELETE FROM content_records c USING jsonb_to_recordset($1::jsonb) AS g(kind text, key text) WHERE c.kind = g.kind AND c.key = g.key',
      [JSON.stringify(gone)],
    );
  }
  for (let start = 0; start < changed.length; start += BATCH) {
    const rows = changed.slice(start, start + BATCH).map((record) => ({
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

/** An article or page follows its file to a new slug: the same row, id and readers' votes. */
export async function renameRecord(
  tx: Database,
  kind: 'article' | 'page',
  from: string,
  to: string,
): Promise<void> {
  await tx.query(
    `UPDATE ${TABLES[kind].table} SET slug = $2 WHERE slug = $1 AND ${original(TABLES[kind].table)}`,
    [from, to],
  );
}

/** A code block or pull quote; returns its global id (what bodies that embed it name). */
export async function writeEmbed(tx: Database, embed: EmbedFile): Promise<string> {
  const { type, key, ...data } = embed;
  const { rows } = await tx.query<{ id: number }>(
    'INSERT INTO embeds (key, type, data) VALUES ($1, $2, $3) ON CONFLICT (key) DO UPDATE SET type = EXCLUDED.type, data = EXCLUDED.data RETURNING id',
    [key, type, JSON.stringify(data)],
  );
  return toGlobalId(type, rows[0]!.id);
}

export async function writeSite(tx: Database, site: SiteFile): Promise<void> {
  await tx.query(
    `INSERT INTO site (id, locale, data) VALUES (1, '${DEFAULT_LOCALE}', $1) ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data`,
    [JSON.stringify(site)],
  );
}

/** The articles and pages that show any of these embeds (global ids): embeds are no records a cache knows by themselves. */
export async function recordsShowingEmbeds(
  tx: Database,
  embedIds: string[],
): Promise<{ type: 'Article' | 'Page'; id: number }[]> {
  if (embedIds.length === 0) return [];
  const { rows } = await tx.query<{ type: 'Article' | 'Page'; id: number }>(
    `SELECT 'Article' AS type, a.id FROM articles a WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) g WHERE a.body_refs @> jsonb_build_array(g))
     UNION ALL SELECT 'Page' AS type, p.id FROM pages p WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) g WHERE p.block_refs @> jsonb_build_array(g))`,
    [embedIds],
  );
  return rows;
}

/** What the scale generator builds on: the seed's authors, topics and hero images, and how many articles it made before. */
export async function generationBase(
  db: Database,
): Promise<{ authors: number[]; topics: number[]; heroes: number[]; generated: number }> {
  const ids = async (sql: string) =>
    (await db.query<{ id: number }>(sql)).rows.map((row) => row.id);
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM articles WHERE slug LIKE 'generated-%' AND ${original('articles')}`,
  );
  return {
    authors: await ids(`SELECT id FROM authors WHERE ${original('authors')} ORDER BY id`),
    topics: await ids(`SELECT id FROM topics WHERE ${original('topics')} ORDER BY id`),
    heroes: await ids("SELECT id FROM assets WHERE key LIKE 'hero-%' ORDER BY id"),
    generated: rows[0]?.n ?? 0,
  };
}

/** A published article the scale generator made (npm run seed:generate). */
export interface GeneratedArticle {
  slug: string;
  title: string;
  summary: string;
  body: unknown;
  bodyText: string;
  publishedAt: string;
  heroImageId: number;
  readingTimeMinutes: number;
  authorId: number;
  topicIds: number[];
}

/** A batch of generated articles with their author and topics, in three statements. */
export async function insertGeneratedArticles(
  db: Database,
  articles: readonly GeneratedArticle[],
): Promise<void> {
  if (articles.length === 0) return;
  const values: unknown[] = [];
  const tuples = articles.map((article) => {
    const p = values.length;
    values.push(
      article.slug,
      article.title,
      article.summary,
      JSON.stringify(article.body),
      article.bodyText,
      article.publishedAt,
      article.heroImageId,
      article.readingTimeMinutes,
    );
    return `($${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, $${p + 5}, 'PUBLISHED', $${p + 6}, $${p + 6}, $${p + 7}, $${p + 8})`;
  });
  const { rows } = await db.query<{ id: number; slug: string }>(
    `INSERT INTO articles (slug, title, summary, body, body_text, status, published_at, updated_at, hero_image_id, reading_time_minutes) VALUES ${tuples.join(', ')} RETURNING id, slug`,
    values,
  );
  const idOf = new Map(rows.map((row) => [row.slug, row.id]));
  const authorRows = articles.map(
    (article) => `(${idOf.get(article.slug)}, ${article.authorId}, 0)`,
  );
  await db.query(
    `INSERT INTO article_authors (article_id, author_id, position) VALUES ${authorRows.join(', ')}`,
  );
  const topicRows = articles.flatMap((article) =>
    article.topicIds.map((topic, position) => `(${idOf.get(article.slug)}, ${topic}, ${position})`),
  );
  await db.query(
    `INSERT INTO article_topics (article_id, topic_id, position) VALUES ${topicRows.join(', ')}`,
  );
}

/** True once a complete seed is in the database (the site row is written last). */
export async function isSeeded(db: Database): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM site');
  return (rows[0]?.n ?? 0) > 0;
}

/** Empties every content table and readers' own data: what a seed cut short left goes before the seed is made again. */
export async function clearContent(db: Database): Promise<void> {
  await db.exec(
    'TRUNCATE content_records, rate_limit_windows, newsletter_subscriptions, article_votes, article_topics, article_authors, articles, pages, embeds, authors, topics, assets RESTART IDENTITY CASCADE',
  );
}

/**
 * After a bulk load: planner statistics and the visibility map, so that the
 * planner sees how many rows there are and counts can use index-only scans.
 * PGlite runs no autovacuum; on a PostgreSQL server this only comes sooner.
 */
export async function refreshPlannerStatistics(db: Database): Promise<void> {
  await db.exec('VACUUM ANALYZE');
}
