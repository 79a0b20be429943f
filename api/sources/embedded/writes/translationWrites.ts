import type { Database } from '../../../db/database';
import type { ChangedRecord } from '../../../model/changedRecords';
import type { RecordKind } from '../../../model/recordKinds';
import type { LiveBlogFile, SiteFile, TranslationFile } from '../../../model/contentFiles';
import { toGlobalId } from '../../../model/globalId';
import {
  KIND_TO_TYPE,
  plainText,
  readingTimeMinutes,
  referencedIds,
  rewriteReferences,
} from '../../../model/richText';
import { touchedRecord } from '../../../model/touchedRecords';
import { isLocale, LOCALE_CODES, localeInfo, type Locale } from '../../../../shared/locales';
import type { RecordIds } from './recordIds';
import { storedLiveBlog, storedPageColumns } from './recordWrites';

/**
 * Translations written from content/ (docs/publishing.md#translations): each a row of its
 * own in its locale, naming its original (original_id), with the original's
 * dates, images, authors and topics (the translations of those, in the same
 * locale). What cannot be written is a problem of the translation's file:
 * an author or topic with no version in the locale, a link to a document
 * with none, a slug another version in the locale already has.
 */
export interface TranslationRecord {
  key: string;
  file: string;
  line: number;
  references: { id: string; line: number }[];
  value: TranslationFile;
}

export interface TranslationProblem {
  file: string;
  line: number;
  message: string;
}

/** The kinds that have a version per locale, and their tables. */
export const LOCALIZED = {
  article: 'articles',
  topic: 'topics',
  author: 'authors',
  page: 'pages',
} as const;

/** What writing translations touched, and their problems (nothing is published when there are any). */
export interface TranslationsWritten {
  problems: TranslationProblem[];
  touched: ChangedRecord[];
}

/** A translation of the given kinds. */
type TranslationOf<K extends TranslationFile['of']> = Omit<TranslationRecord, 'value'> & {
  value: Extract<TranslationFile, { of: K }>;
};

/** Reports a problem of the translation's file, on its line unless another is given. */
type Problem = (message: string, line?: number) => void;

/** Where one translation is written: the publish's transaction, its original's row, its locale, the ids of what it names, and where its problems go. */
interface Writing {
  tx: Database;
  originalId: number;
  locale: Locale;
  ids: RecordIds;
  problem: Problem;
}

/**
 * Writes translations (topics and authors first: articles link to them);
 * returns what they touched, each named with its language
 * (api/changes/changeKeys.ts drops that language's keys), and their
 * problems, if any.
 */
export async function writeTranslations(
  tx: Database,
  records: readonly TranslationRecord[],
  originals: Record<string, { kind: string; key: string }>,
  ids: RecordIds,
): Promise<TranslationsWritten> {
  const written: TranslationsWritten = { problems: [], touched: [] };
  const order = { site: 0, assets: 0, topic: 1, author: 2, article: 3, page: 4 } as const;
  const sorted = [...records].sort((a, b) => order[a.value.of] - order[b.value.of]);
  const originalIdOf = (file: string) => originalRowId(originals[file], ids);
  // A slug another version in the locale has: the database refuses it (its unique index), the file is told.
  const slugTaken = (error: unknown, record: TranslationRecord) => {
    if ((error as { code?: string }).code !== '23505') throw error;
    written.problems.push({
      file: record.file,
      line: record.line,
      message: `the slug is already used by another ${localeInfo(record.value.locale as Locale).name} version of a ${record.value.of}`,
    });
    return written;
  };
  // Translated articles and pages link to each other: every new one has its row (a draft no reader sees) before any body names it.
  for (const record of sorted) {
    const { value } = record;
    if ((value.of !== 'article' && value.of !== 'page') || !isLocale(value.locale)) continue;
    const originalId = await originalIdOf(value.original);
    if (originalId === null) continue;
    try {
      await insertDraftVersion(tx, value, originalId);
    } catch (error) {
      return slugTaken(error, record);
    }
  }
  for (const record of sorted) {
    const { value } = record;
    if (value.of === 'site' || value.of === 'assets') {
      written.touched.push(...(await writeSharedIn(tx, value)));
      continue;
    }
    const locale = value.locale;
    if (!isLocale(locale)) continue;
    const originalId = await originalIdOf(value.original);
    if (originalId === null) continue;
    const problem: Problem = (message, line = record.line) =>
      written.problems.push({ file: record.file, line, message });
    try {
      const id = await writeOne({ ...record, value }, { tx, originalId, locale, ids, problem });
      if (id !== null) written.touched.push(touchedRecord(value.of, id, locale));
    } catch (error) {
      return slugTaken(error, record);
    }
  }
  return written;
}

/** A translated article's or page's row, if it has none yet: a draft no reader sees, with its slug (or the original's). */
async function insertDraftVersion(
  tx: Database,
  value: Extract<TranslationFile, { of: 'article' | 'page' }>,
  originalId: number,
): Promise<void> {
  const slug = value.of === 'page' ? value.page.slug : (value.slug ?? null);
  await tx.query(
    value.of === 'article'
      ? `INSERT INTO articles (locale, original_id, slug, title, summary, body, body_text, status, updated_at, reading_time_minutes)
         SELECT $1, o.id, COALESCE($3, o.slug), '', '', '{}', '', 'DRAFT', now(), 1 FROM articles o WHERE o.id = $2
         ON CONFLICT (locale, original_id) WHERE original_id IS NOT NULL DO NOTHING`
      : `INSERT INTO pages (locale, original_id, slug, title, status, updated_at, blocks)
         SELECT $1, o.id, COALESCE($3, o.slug), '', 'DRAFT', now(), '[]' FROM pages o WHERE o.id = $2
         ON CONFLICT (locale, original_id) WHERE original_id IS NOT NULL DO NOTHING`,
    [value.locale, originalId, slug],
  );
}

/** The site's frame or the images' alt text in a locale: what every page in it shows. */
async function writeSharedIn(
  tx: Database,
  value: Extract<TranslationFile, { of: 'site' | 'assets' }>,
): Promise<ChangedRecord[]> {
  const locale = value.locale;
  if (!isLocale(locale)) return [];
  if (value.of === 'site') {
    await writeSiteIn(tx, locale, value.site);
    return [{ type: 'Site', id: '1', locale }];
  }
  return (await writeAltsIn(tx, locale, value.alts)).map((id) =>
    touchedRecord('asset', id, locale),
  );
}

/** The row of the original a translation names (by its record), or null when it has none. */
export async function originalRowId(
  original: { kind: string; key: string } | undefined,
  ids: RecordIds,
): Promise<number | null> {
  if (!original) return null;
  await ids.load(original.kind as RecordKind, [original.key]);
  return ids.get(original.kind as RecordKind, original.key);
}

/** A row's id, as an upsert returns it (null when its original is gone). */
const upsertedId = (tx: Database, sql: string, params: unknown[]) =>
  tx.query<{ id: number }>(sql, params).then(({ rows }) => rows[0]?.id ?? null);

/** One translation written; its row's id, or null when something it names has no version in its locale. */
async function writeOne(
  record: TranslationOf<'article' | 'topic' | 'author' | 'page'>,
  at: Writing,
): Promise<number | null> {
  const { tx, originalId, locale } = at;
  const { value } = record;
  switch (value.of) {
    case 'topic':
      return upsertedId(
        tx,
        `INSERT INTO topics (locale, original_id, slug, name, description)
         SELECT $1, o.id, COALESCE($3, o.slug), $4, $5 FROM topics o WHERE o.id = $2
         ON CONFLICT (locale, original_id) WHERE original_id IS NOT NULL
         DO UPDATE SET slug = EXCLUDED.slug, name = EXCLUDED.name, description = EXCLUDED.description
         RETURNING id`,
        [locale, originalId, value.slug ?? null, value.name, value.description],
      );
    case 'author':
      return upsertedId(
        tx,
        `INSERT INTO authors (locale, original_id, slug, name, bio, avatar_id)
         SELECT $1, o.id, o.slug, o.name, $3, o.avatar_id FROM authors o WHERE o.id = $2
         ON CONFLICT (locale, original_id) WHERE original_id IS NOT NULL
         DO UPDATE SET slug = EXCLUDED.slug, name = EXCLUDED.name, bio = EXCLUDED.bio, avatar_id = EXCLUDED.avatar_id
         RETURNING id`,
        [locale, originalId, value.bio],
      );
    case 'page':
      return writePageIn({ ...record, value }, at);
    case 'article':
      return writeArticleIn({ ...record, value }, at);
  }
}

/** A page's translation: a whole page, its blocks naming the versions in its locale. */
async function writePageIn(record: TranslationOf<'page'>, at: Writing): Promise<number | null> {
  const { tx, originalId, locale } = at;
  const versions = await localVersions(
    at,
    record.references.map((reference) => reference.id),
    record,
  );
  if (versions === null) return null;
  // Versions by reference, as written: what the page names by its file or its slug alike.
  const get = (kind: RecordKind, key: string | undefined) =>
    key === undefined ? null : (versions.get(`${kind}:${key}`) ?? null);
  const inLocale = { get, ref: get };
  const { page } = record.value;
  return upsertedId(
    tx,
    `INSERT INTO pages (locale, original_id, slug, title, status, updated_at, seo_title, seo_description, seo_image_id, blocks)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (locale, original_id) WHERE original_id IS NOT NULL
     DO UPDATE SET slug = EXCLUDED.slug, title = EXCLUDED.title, status = EXCLUDED.status, updated_at = EXCLUDED.updated_at,
       seo_title = EXCLUDED.seo_title, seo_description = EXCLUDED.seo_description, seo_image_id = EXCLUDED.seo_image_id, blocks = EXCLUDED.blocks
     RETURNING id`,
    [
      locale,
      originalId,
      page.slug,
      ...storedPageColumns(page, inLocale, resolverOf(versions, locale)),
    ],
  );
}

/**
 * An article's translation: its own words and text, its original's dates
 * and images, and its original's authors and topics in its locale.
 */
async function writeArticleIn(
  record: TranslationOf<'article'>,
  at: Writing,
): Promise<number | null> {
  const { tx, originalId, locale } = at;
  const { value } = record;
  const versions = await localVersions(
    at,
    [...referencedIds(value.body), ...(value.live ? liveBlogReferences(value.live) : [])],
    record,
  );
  if (versions === null) return null;
  const resolve = resolverOf(versions, locale);
  const body = rewriteReferences(value.body, resolve);
  // Its own live blog, naming the versions in its locale (its authors' too); the original's is not its.
  const live = value.live
    ? storedLiveBlog(
        value.live,
        {
          ref: (kind, key) => (key === undefined ? null : (versions.get(`${kind}:${key}`) ?? null)),
        },
        resolve,
      )
    : null;
  // A topic or author placed in a sentence lends its name (in this locale) to the search text.
  const names = await inlineNamesIn(tx, versions);
  const text = plainText(value.body, (sys) => names.get(sys.id));
  const id = await upsertedId(
    tx,
    `INSERT INTO articles (locale, original_id, slug, title, summary, body, body_text, status, published_at, updated_at,
       hero_image_id, seo_title, seo_description, seo_image_id, reading_time_minutes, text_search, live_blog)
     SELECT $1, o.id, COALESCE($3, o.slug), $4, $5, $6, $7, COALESCE($8, o.status), o.published_at, o.updated_at,
       o.hero_image_id, $9, $10, o.seo_image_id, $11, $12::regconfig, $13::jsonb
     FROM articles o WHERE o.id = $2
     ON CONFLICT (locale, original_id) WHERE original_id IS NOT NULL
     DO UPDATE SET slug = EXCLUDED.slug, title = EXCLUDED.title, summary = EXCLUDED.summary, body = EXCLUDED.body,
       body_text = EXCLUDED.body_text, status = EXCLUDED.status, published_at = EXCLUDED.published_at,
       updated_at = EXCLUDED.updated_at, hero_image_id = EXCLUDED.hero_image_id, seo_title = EXCLUDED.seo_title,
       seo_description = EXCLUDED.seo_description, seo_image_id = EXCLUDED.seo_image_id,
       reading_time_minutes = EXCLUDED.reading_time_minutes, text_search = EXCLUDED.text_search,
       live_blog = EXCLUDED.live_blog
     RETURNING id`,
    [
      locale,
      originalId,
      value.slug ?? null,
      value.title,
      value.summary,
      JSON.stringify(body),
      text,
      value.status ?? null,
      value.seo?.title ?? null,
      value.seo?.description ?? null,
      readingTimeMinutes(text),
      localeInfo(locale).textSearch,
      live === null ? null : JSON.stringify(live),
    ],
  );
  if (id !== null) await linkAsOriginal(at, id);
  return id;
}

/**
 * The translation's authors and topics: its original's, each in the
 * translation's locale. One that has no version there is a problem (never
 * the original's, in another language).
 */
async function linkAsOriginal(
  { tx, originalId, locale, problem }: Writing,
  id: number,
): Promise<void> {
  for (const [link, table, column, folder] of [
    ['article_authors', 'authors', 'author_id', 'authors'],
    ['article_topics', 'topics', 'topic_id', 'topics'],
  ] as const) {
    const { rows: missing } = await tx.query<{ slug: string }>(
      `SELECT o.slug FROM ${link} l JOIN ${table} o ON o.id = l.${column}
       WHERE l.article_id = $1 AND NOT EXISTS (SELECT 1 FROM ${table} t WHERE t.original_id = o.id AND t.locale = $2)`,
      [originalId, locale],
    );
    for (const { slug } of missing)
      problem(
        `its ${folder === 'authors' ? 'author' : 'topic'} ${slug} has no ${localeInfo(locale).name} version: write ${folder}/${slug}.${locale}.md`,
      );
  }
  await relink(tx, id, originalId, locale);
}

/** A translation's authors and topics: its original's, each its version in the translation's locale. */
async function relink(tx: Database, id: number, originalId: number, locale: string): Promise<void> {
  for (const [link, table, column] of [
    ['article_authors', 'authors', 'author_id'],
    ['article_topics', 'topics', 'topic_id'],
  ] as const) {
    await tx.query(`DELETE FROM ${link} WHERE article_id = $1`, [id]);
    await tx.query(
      `INSERT INTO ${link} (article_id, ${column}, position)
       SELECT $1, t.id, l.position FROM ${link} l JOIN ${table} t ON t.original_id = l.${column} AND t.locale = $3
       WHERE l.article_id = $2`,
      [id, originalId, locale],
    );
  }
}

/**
 * What a translation names: an article, page, topic or author is its version
 * in the same locale (one with none is a problem on its line); an image or
 * an embed is the one every locale shares. Null when something is missing.
 */
async function localVersions(
  { tx, locale, ids, problem }: Writing,
  references: readonly string[],
  record: TranslationRecord,
): Promise<Map<string, number> | null> {
  const unique = [...new Set(references)];
  await ids.loadReferences(unique);
  const versions = new Map<string, number>();
  let complete = true;
  for (const reference of unique) {
    const kind = reference.slice(0, reference.indexOf(':')) as RecordKind;
    const key = reference.slice(kind.length + 1);
    const originalId = ids.ref(kind, key);
    if (originalId === null) continue;
    const table = LOCALIZED[kind as keyof typeof LOCALIZED];
    if (!table) {
      versions.set(reference, originalId);
      continue;
    }
    const { rows } = await tx.query<{ id: number }>(
      `SELECT id FROM ${table} WHERE original_id = $1 AND locale = $2`,
      [originalId, locale],
    );
    if (rows[0]) versions.set(reference, rows[0].id);
    else {
      complete = false;
      const line = record.references.find((named) => named.id === reference)?.line;
      problem(
        `${reference} has no ${localeInfo(locale).name} version to link to: translate it, or link to a page in this language`,
        line,
      );
    }
  }
  return complete ? versions : null;
}

/** What a live blog names: the documents and images its texts link to, and its updates' authors. */
function liveBlogReferences(live: LiveBlogFile): string[] {
  return [
    ...(live.summary ? referencedIds(live.summary) : []),
    ...live.updates.flatMap((update) => [`author:${update.author}`, ...referencedIds(update.body)]),
  ];
}

/** Rich-text references as global ids of their versions: a localized document's id names its locale. */
function resolverOf(versions: Map<string, number>, locale: Locale) {
  return (reference: string): string | null => {
    const kind = reference.slice(0, reference.indexOf(':'));
    const type = (KIND_TO_TYPE as Record<string, string>)[kind];
    const id = versions.get(reference);
    if (!type || id === undefined) return null;
    return toGlobalId(type, id, kind in LOCALIZED ? locale : undefined);
  };
}

/** The names of the topic and author versions a translation names, by reference (`topic:nature`). */
async function inlineNamesIn(
  tx: Database,
  versions: Map<string, number>,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const [kind, table] of [
    ['topic', 'topics'],
    ['author', 'authors'],
  ] as const) {
    const named = [...versions].filter(([reference]) => reference.startsWith(`${kind}:`));
    if (named.length === 0) continue;
    const { rows } = await tx.query<{ id: number; name: string }>(
      `SELECT id, name FROM ${table} WHERE id = ANY($1)`,
      [named.map(([, id]) => id)],
    );
    const byId = new Map(rows.map((row) => [row.id, row.name]));
    for (const [reference, id] of named) {
      const name = byId.get(id);
      if (name !== undefined) names.set(reference, name);
    }
  }
  return names;
}

/**
 * After originals changed: their translations take their dates, images,
 * status when archived, authors and topics again.
 */
export async function followOriginals(
  tx: Database,
  originalIds: readonly number[],
): Promise<ChangedRecord[]> {
  // Only what the original changed is written again, and only those translations are announced.
  const { rows: changed } = await tx.query<{ id: number; locale: string }>(
    `UPDATE articles t SET published_at = o.published_at, updated_at = o.updated_at, hero_image_id = o.hero_image_id,
       seo_image_id = o.seo_image_id, status = CASE WHEN o.status = 'ARCHIVED' THEN 'ARCHIVED' ELSE t.status END
     FROM articles o WHERE t.original_id = o.id AND (o.id = ANY($1) OR (o.status = 'ARCHIVED' AND t.status <> 'ARCHIVED'))
       AND (t.published_at, t.updated_at, t.hero_image_id, t.seo_image_id, t.status)
         IS DISTINCT FROM (o.published_at, o.updated_at, o.hero_image_id, o.seo_image_id,
           CASE WHEN o.status = 'ARCHIVED' THEN 'ARCHIVED' ELSE t.status END)
     RETURNING t.id, t.locale`,
    [originalIds],
  );
  const touched = changed.flatMap((row) =>
    isLocale(row.locale) ? [touchedRecord('article', row.id, row.locale)] : [],
  );
  // Their authors and topics: the originals' again, in each translation's locale.
  const { rows } = await tx.query<{ id: number; original_id: number; locale: string }>(
    'SELECT id, original_id, locale FROM articles WHERE original_id = ANY($1)',
    [originalIds],
  );
  for (const row of rows) await relink(tx, row.id, row.original_id, row.locale);
  return touched;
}

/**
 * Alt text in a locale (assets.<locale>.yaml): each asset it names gets it,
 * every other asset loses the one it had there (and shows its own). Returns
 * the assets whose text in that locale changed.
 */
export async function writeAltsIn(
  tx: Database,
  locale: Locale,
  alts: Record<string, string>,
): Promise<number[]> {
  const keys = Object.keys(alts);
  const { rows } = await tx.query<{ id: number }>(
    `UPDATE assets a SET alt_by_locale = CASE WHEN t.alt IS NULL THEN a.alt_by_locale - $1 ELSE a.alt_by_locale || jsonb_build_object($1::text, t.alt) END
     FROM assets s LEFT JOIN unnest($2::text[], $3::text[]) AS t (key, alt) ON t.key = s.key
     WHERE a.id = s.id AND (a.alt_by_locale ->> $1) IS DISTINCT FROM t.alt
     RETURNING a.id`,
    [locale, keys, keys.map((key) => alts[key]!)],
  );
  return rows.map((row) => row.id);
}

/** The site's frame in a locale: one row each (the default locale's is id 1). */
async function writeSiteIn(tx: Database, locale: Locale, site: SiteFile): Promise<number> {
  const id = LOCALE_CODES.indexOf(locale) + 1;
  await tx.query(
    'INSERT INTO site (id, locale, data) VALUES ($1, $2, $3) ON CONFLICT (locale) DO UPDATE SET data = EXCLUDED.data',
    [id, locale, JSON.stringify(site)],
  );
  return id;
}
