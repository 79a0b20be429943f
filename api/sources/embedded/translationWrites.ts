import type { Database } from '../../db/database';
import type { RecordKind } from '../../model/recordKinds';
import type { SiteFile, TranslationFile } from '../../model/contentFiles';
import { toGlobalId } from '../../model/globalId';
import {
  KIND_TO_TYPE,
  plainText,
  readingTimeMinutes,
  referencedIds,
  rewriteReferences,
} from '../../model/richText';
import { isLocale, LOCALE_CODES, localeInfo, type Locale } from '../../../shared/locales';
import { storedBlock, type RecordIds } from './contentWrites';

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

/** Names a written row in the change publishing announces, with its language (api/changes/changeKeys.ts drops that language's keys). */
type Touch = (kind: RecordKind, id: number, locale: Locale) => void;

const TABLE = { article: 'articles', topic: 'topics', author: 'authors' } as const;
/** The kinds that have a version per locale, and their tables. */
const LOCALIZED = { ...TABLE, page: 'pages' } as const;

/** Writes translations (topics and authors first: articles link to them); returns their problems, if any. */
export async function writeTranslations(
  tx: Database,
  records: readonly TranslationRecord[],
  originals: Record<string, { kind: string; key: string }>,
  ids: RecordIds,
  touch: Touch,
  touchSite: (locale: Locale) => void,
): Promise<TranslationProblem[]> {
  const problems: TranslationProblem[] = [];
  const order = { site: 0, assets: 0, topic: 1, author: 2, article: 3, page: 4 } as const;
  const sorted = [...records].sort((a, b) => order[a.value.of] - order[b.value.of]);
  const originalIdOf = (file: string) => originalRowId(originals[file], ids);
  // A slug another version in the locale has: the database refuses it (its unique index), the file is told.
  const slugTaken = (error: unknown, record: TranslationRecord) => {
    if ((error as { code?: string }).code !== '23505') throw error;
    problems.push({
      file: record.file,
      line: record.line,
      message: `the slug is already used by another ${localeInfo(record.value.locale as Locale).name} version of a ${record.value.of}`,
    });
    return problems;
  };
  // Translated articles and pages link to each other: every new one has its row (a draft no reader sees) before any body names it.
  for (const record of sorted) {
    const { value } = record;
    if ((value.of !== 'article' && value.of !== 'page') || !isLocale(value.locale)) continue;
    const originalId = await originalIdOf(value.original);
    if (originalId === null) continue;
    const slug = value.of === 'page' ? value.page.slug : (value.slug ?? null);
    try {
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
    } catch (error) {
      return slugTaken(error, record);
    }
  }
  for (const record of sorted) {
    if (record.value.of === 'site') {
      if (isLocale(record.value.locale)) {
        await writeSiteIn(tx, record.value.locale, record.value.site);
        touchSite(record.value.locale);
      }
      continue;
    }
    if (record.value.of === 'assets') {
      if (isLocale(record.value.locale))
        for (const id of await writeAltsIn(tx, record.value.locale, record.value.alts))
          touch('asset', id, record.value.locale);
      continue;
    }
    const locale = record.value.locale;
    if (!isLocale(locale)) continue;
    const originalId = await originalIdOf(record.value.original);
    if (originalId === null) continue;
    const problem = (message: string, line = record.line) =>
      problems.push({ file: record.file, line, message });
    try {
      const id = await writeOne(tx, record, originalId, locale, ids, problem);
      if (id !== null) touch(record.value.of, id, locale);
    } catch (error) {
      return slugTaken(error, record);
    }
  }
  return problems;
}

/** The row of the original a translation names (by its record), or null when it has none. */
async function originalRowId(
  original: { kind: string; key: string } | undefined,
  ids: RecordIds,
): Promise<number | null> {
  if (!original) return null;
  await ids.load(original.kind as RecordKind, [original.key]);
  return ids.get(original.kind as RecordKind, original.key);
}

async function writeOne(
  tx: Database,
  record: TranslationRecord,
  originalId: number,
  locale: Locale,
  ids: RecordIds,
  problem: (message: string, line?: number) => void,
): Promise<number | null> {
  const { value } = record;
  const upsert = (sql: string, params: unknown[]) =>
    tx.query<{ id: number }>(sql, params).then(({ rows }) => rows[0]?.id ?? null);
  switch (value.of) {
    case 'site':
    case 'assets':
      return null;
    case 'topic':
      return upsert(
        `INSERT INTO topics (locale, original_id, slug, name, description)
         SELECT $1, o.id, COALESCE($3, o.slug), $4, $5 FROM topics o WHERE o.id = $2
         ON CONFLICT (locale, original_id) WHERE original_id IS NOT NULL
         DO UPDATE SET slug = EXCLUDED.slug, name = EXCLUDED.name, description = EXCLUDED.description
         RETURNING id`,
        [locale, originalId, value.slug ?? null, value.name, value.description],
      );
    case 'author':
      return upsert(
        `INSERT INTO authors (locale, original_id, slug, name, bio, avatar_id)
         SELECT $1, o.id, o.slug, o.name, $3, o.avatar_id FROM authors o WHERE o.id = $2
         ON CONFLICT (locale, original_id) WHERE original_id IS NOT NULL
         DO UPDATE SET slug = EXCLUDED.slug, name = EXCLUDED.name, bio = EXCLUDED.bio, avatar_id = EXCLUDED.avatar_id
         RETURNING id`,
        [locale, originalId, value.bio],
      );
    case 'page': {
      const versions = await localVersions(
        tx,
        locale,
        record.references.map((reference) => reference.id),
        record,
        ids,
        problem,
      );
      if (versions === null) return null;
      const resolve = resolverOf(versions, locale);
      const inLocale = {
        get: (kind: RecordKind, key: string | undefined) =>
          key === undefined ? null : (versions.get(`${kind}:${key}`) ?? null),
      };
      const { page } = value;
      return upsert(
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
          page.title,
          page.status,
          page.updatedAt,
          page.seo?.title ?? null,
          page.seo?.description ?? null,
          inLocale.get('asset', page.seo?.image),
          JSON.stringify(page.blocks.map((block) => storedBlock(block, inLocale, resolve))),
        ],
      );
    }
    case 'article': {
      const versions = await localVersions(
        tx,
        locale,
        [...referencedIds(value.body)],
        record,
        ids,
        problem,
      );
      if (versions === null) return null;
      const resolve = resolverOf(versions, locale);
      const body = rewriteReferences(value.body, resolve);
      // A topic or author placed in a sentence lends its name (in this locale) to the search text.
      const names = await inlineNamesIn(tx, versions);
      const text = plainText(value.body, (sys) => names.get(sys.id));
      const id = await upsert(
        `INSERT INTO articles (locale, original_id, slug, title, summary, body, body_text, status, published_at, updated_at,
           hero_image_id, seo_title, seo_description, seo_image_id, reading_time_minutes, text_search)
         SELECT $1, o.id, COALESCE($3, o.slug), $4, $5, $6, $7, COALESCE($8, o.status), o.published_at, o.updated_at,
           o.hero_image_id, $9, $10, o.seo_image_id, $11, $12::regconfig
         FROM articles o WHERE o.id = $2
         ON CONFLICT (locale, original_id) WHERE original_id IS NOT NULL
         DO UPDATE SET slug = EXCLUDED.slug, title = EXCLUDED.title, summary = EXCLUDED.summary, body = EXCLUDED.body,
           body_text = EXCLUDED.body_text, status = EXCLUDED.status, published_at = EXCLUDED.published_at,
           updated_at = EXCLUDED.updated_at, hero_image_id = EXCLUDED.hero_image_id, seo_title = EXCLUDED.seo_title,
           seo_description = EXCLUDED.seo_description, seo_image_id = EXCLUDED.seo_image_id,
           reading_time_minutes = EXCLUDED.reading_time_minutes, text_search = EXCLUDED.text_search
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
        ],
      );
      if (id !== null) await linkAsOriginal(tx, id, originalId, locale, problem);
      return id;
    }
  }
}

/**
 * The translation's authors and topics: its original's, each in the
 * translation's locale. One that has no version there is a problem (never
 * the original's, in another language).
 */
async function linkAsOriginal(
  tx: Database,
  id: number,
  originalId: number,
  locale: Locale,
  problem: (message: string) => void,
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
  tx: Database,
  locale: Locale,
  references: readonly string[],
  record: TranslationRecord,
  ids: RecordIds,
  problem: (message: string, line?: number) => void,
): Promise<Map<string, number> | null> {
  const unique = [...new Set(references)];
  await ids.loadReferences(unique);
  const versions = new Map<string, number>();
  let complete = true;
  for (const reference of unique) {
    const kind = reference.slice(0, reference.indexOf(':')) as RecordKind;
    const key = reference.slice(kind.length + 1);
    const originalId = ids.get(kind, key);
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
  touch: Touch,
): Promise<void> {
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
  for (const row of changed) if (isLocale(row.locale)) touch('article', row.id, row.locale);
  // Their authors and topics: the originals' again, in each translation's locale.
  const { rows } = await tx.query<{ id: number; original_id: number; locale: string }>(
    'SELECT id, original_id, locale FROM articles WHERE original_id = ANY($1)',
    [originalIds],
  );
  for (const row of rows) await relink(tx, row.id, row.original_id, row.locale);
}

/**
 * Alt text in a locale (assets.<locale>.yaml): each asset it names gets it,
 * every other asset loses the one it had there (and shows its own). Returns
 * the assets whose text in that locale changed.
 */
async function writeAltsIn(
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

/** Translations whose file is gone: an article's or page's archived (readers' votes keep its id), a topic's or author's deleted, the site's frame deleted. */
export async function removeTranslations(
  tx: Database,
  removed: readonly { key: string }[],
  originals: Record<string, { kind: string; key: string }>,
  ids: RecordIds,
  touch: Touch,
  touchSite: (locale: Locale) => void,
): Promise<void> {
  for (const { key } of removed) {
    const dot = key.lastIndexOf('.');
    const locale = key.slice(dot + 1);
    if (key.slice(0, dot) === 'assets') {
      if (isLocale(locale))
        for (const id of await writeAltsIn(tx, locale, {})) touch('asset', id, locale);
      continue;
    }
    if (key.slice(0, dot) === 'site') {
      await tx.query('DELETE FROM site WHERE locale = $1', [locale]);
      // Its frame goes back to the default one (the site without a record in that language).
      if (isLocale(locale)) touchSite(locale);
      continue;
    }
    const original = originals[`${key.slice(0, dot)}.md`];
    if (!original || !isLocale(locale) || !(original.kind in LOCALIZED)) continue;
    const originalId = await originalRowId(original, ids);
    if (originalId === null) continue;
    if (original.kind === 'article' || original.kind === 'page') {
      const { rows } = await tx.query<{ id: number }>(
        `UPDATE ${LOCALIZED[original.kind]} SET status = 'ARCHIVED' WHERE original_id = $1 AND locale = $2 RETURNING id`,
        [originalId, locale],
      );
      for (const row of rows) touch(original.kind, row.id, locale);
      continue;
    }
    const kind = original.kind as keyof typeof TABLE;
    const link = kind === 'topic' ? 'article_topics' : 'article_authors';
    const column = kind === 'topic' ? 'topic_id' : 'author_id';
    const { rows } = await tx.query<{ id: number }>(
      `SELECT id FROM ${TABLE[kind]} WHERE original_id = $1 AND locale = $2`,
      [originalId, locale],
    );
    for (const row of rows) {
      await tx.query(`DELETE FROM ${link} WHERE ${column} = $1`, [row.id]);
      await tx.query(`DELETE FROM ${TABLE[kind]} WHERE id = $1`, [row.id]);
      touch(kind, row.id, locale);
    }
  }
}
