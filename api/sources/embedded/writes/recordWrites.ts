import { DEFAULT_LOCALE, type Locale } from '../../../../shared/locales';
import type { Database } from '../../../db/database';
import type { ChangedRecord } from '../../../model/changedRecords';
import type { RecordKind } from '../../../model/recordKinds';
import type {
  ArticleFile,
  AuthorFile,
  BlockFile,
  EmbedFile,
  LiveBlogFile,
  PageFile,
  RichTextNode,
  SiteFile,
  TopicFile,
} from '../../../model/contentFiles';
import { toGlobalId } from '../../../model/globalId';
import type { MeasuredAsset } from '../../../model/measuredAsset';
import {
  plainText,
  readingTimeMinutes,
  rewriteReferences,
  type referenceResolver,
} from '../../../model/richText';
import { touchedRecord } from '../../../model/touchedRecords';
import type { RecordIds } from './recordIds';
import { original, TABLES } from './recordTables';

/**
 * The embedded source's writes of content/'s records (articles, pages,
 * authors, topics, embeds, assets, the site), each in the default locale.
 * Publishing (api/publishing/writePlan.ts) decides what to write, in one
 * transaction; these know how the embedded source stores it. Each returns
 * what it touched, as the change a publish announces names it.
 */

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

/** An asset; every locale shows the same image, so the change names none. */
export async function writeAsset(tx: Database, asset: MeasuredAsset): Promise<ChangedRecord> {
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
  return touchedRecord('asset', rows[0]!.id);
}

export async function writeAuthor(
  tx: Database,
  author: AuthorFile,
  avatarId: number | null,
): Promise<ChangedRecord> {
  const { rows } = await tx.query<{ id: number }>(
    'INSERT INTO authors (slug, name, bio, avatar_id) VALUES ($1, $2, $3, $4) ON CONFLICT (locale, slug) DO UPDATE SET name = EXCLUDED.name, bio = EXCLUDED.bio, avatar_id = EXCLUDED.avatar_id RETURNING id',
    [author.slug, author.name, author.bio, avatarId],
  );
  return touchedRecord('author', rows[0]!.id, DEFAULT_LOCALE);
}

export async function writeTopic(tx: Database, topic: TopicFile): Promise<ChangedRecord> {
  const { rows } = await tx.query<{ id: number }>(
    'INSERT INTO topics (slug, name, description) VALUES ($1, $2, $3) ON CONFLICT (locale, slug) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description RETURNING id',
    [topic.slug, topic.name, topic.description],
  );
  return touchedRecord('topic', rows[0]!.id, DEFAULT_LOCALE);
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
  ids: RecordIds,
): Promise<Map<string, string>> {
  // Each reference as written, by the record's key (a reference may name the record's file: RecordIds).
  const references = new Map<string, string>();
  const walk = (node: RichTextNode) => {
    const id = node.data?.target?.sys?.id;
    if (node.nodeType === 'embedded-entry-inline' && typeof id === 'string') {
      const kind = id.slice(0, id.indexOf(':')) as RecordKind;
      references.set(id, `${kind}:${ids.keyOf(kind, id.slice(kind.length + 1))}`);
    }
    node.content?.forEach(walk);
  };
  for (const article of articles) walk(article.body);
  if (references.size === 0) return new Map();
  const { rows } = await tx.query<{ reference: string; name: string }>(
    `SELECT reference, name FROM (
       SELECT 'topic:' || slug AS reference, name FROM topics WHERE ${original('topics')}
       UNION ALL SELECT 'author:' || slug, name FROM authors WHERE ${original('authors')}
     ) named WHERE reference = ANY($1)`,
    [[...new Set(references.values())]],
  );
  const names = new Map(rows.map((row) => [row.reference, row.name]));
  return new Map(
    [...references].flatMap(([written, key]) =>
      names.has(key) ? [[written, names.get(key)!] as const] : [],
    ),
  );
}

/**
 * A batch of articles (their rows inserted already) in three statements: the
 * rows, then their authors and topics in the order written. Returns the
 * articles touched, in the batch's order.
 */
export async function writeArticles(
  tx: Database,
  articles: readonly ArticleFile[],
  ids: RecordIds,
  resolve: ReturnType<typeof referenceResolver>,
): Promise<ChangedRecord[]> {
  const names = await inlineNames(tx, articles, ids);
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
      live_blog: value.live ? storedLiveBlog(value.live, ids, resolve) : null,
    };
  });
  await tx.query(
    `UPDATE articles a SET title = r.title, summary = r.summary, body = r.body, body_text = r.body_text, status = r.status, published_at = r.published_at, updated_at = r.updated_at,
       hero_image_id = r.hero_image_id, seo_title = r.seo_title, seo_description = r.seo_description, seo_image_id = r.seo_image_id, reading_time_minutes = r.reading_time_minutes,
       live_blog = r.live_blog
     FROM jsonb_to_recordset($1::jsonb) AS r(id integer, title text, summary text, body jsonb, body_text text, status text, published_at timestamptz, updated_at timestamptz,
       hero_image_id integer, seo_title text, seo_description text, seo_image_id integer, reading_time_minutes integer, live_blog jsonb)
     WHERE a.id = r.id`,
    [JSON.stringify(rows)],
  );
  const articleIds = rows.map((row) => row.id);
  await linkArticles(tx, articles, articleIds, ids);
  return articleIds.map((id) => touchedRecord('article', id, DEFAULT_LOCALE));
}

/** A live blog as stored in `articles.live_blog`: authors by id, rich text naming global ids (rowsAsContent.ts reads it). */
export function storedLiveBlog(
  live: LiveBlogFile,
  ids: Pick<RecordIds, 'ref'>,
  resolve: ReturnType<typeof referenceResolver>,
): Record<string, unknown> {
  return {
    coverageStart: live.coverageStart,
    coverageEnd: live.coverageEnd ?? null,
    summary: live.summary ? rewriteReferences(live.summary, resolve) : null,
    updates: live.updates.map((update) => ({
      at: update.at,
      title: update.title,
      keyEvent: update.keyEvent,
      authorId: ids.ref('author', update.author),
      body: rewriteReferences(update.body, resolve),
    })),
  };
}

/** The articles' authors and topics, in the order written: what they had before goes. */
async function linkArticles(
  tx: Database,
  articles: readonly ArticleFile[],
  articleIds: number[],
  ids: RecordIds,
): Promise<void> {
  const links = (list: (value: ArticleFile) => string[], kind: 'author' | 'topic') =>
    articles.flatMap((value) =>
      list(value).map((key, position) => ({
        article_id: ids.get('article', value.slug)!,
        id: ids.ref(kind, key)!,
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

/** A page (its row inserted already). */
export async function writePage(
  tx: Database,
  id: number,
  page: PageFile,
  ids: RecordIds,
  resolve: ReturnType<typeof referenceResolver>,
): Promise<ChangedRecord> {
  await tx.query(
    'UPDATE pages SET title = $2, status = $3, updated_at = $4, seo_title = $5, seo_description = $6, seo_image_id = $7, blocks = $8 WHERE id = $1',
    [id, ...storedPageColumns(page, ids, resolve)],
  );
  return touchedRecord('page', id, DEFAULT_LOCALE);
}

/**
 * A page's own columns as stored, in this order: title, status, updated_at,
 * seo_title, seo_description, seo_image_id, blocks. An original and a
 * translation are stored alike; `ids` are the images and documents in the
 * page's language.
 */
export function storedPageColumns(
  page: PageFile,
  ids: Pick<RecordIds, 'get' | 'ref'>,
  resolve: ReturnType<typeof referenceResolver>,
): unknown[] {
  return [
    page.title,
    page.status,
    page.updatedAt,
    page.seo?.title ?? null,
    page.seo?.description ?? null,
    ids.get('asset', page.seo?.image),
    JSON.stringify(page.blocks.map((block) => storedBlock(block, ids, resolve))),
  ];
}

/** A page block as stored: content keys replaced by database ids (api/sources/embedded/rowsAsContent.ts reads them). */
export function storedBlock(
  block: BlockFile,
  ids: Pick<RecordIds, 'get' | 'ref'>,
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
      .map((slug) => ids.ref('article', slug))
      .filter((id) => id !== null);
  if (typeof topic === 'string') stored.topicId = ids.ref('topic', topic);
  // A callout's body is its words; only a text block's is rich text.
  if (body !== undefined)
    stored.body = block.type === 'RichTextBlock' ? rewriteReferences(body, resolve) : body;
  return stored;
}

/**
 * An article, page, author or topic follows its file to a new slug: the
 * same row, id and readers' votes, and the articles that name it keep naming
 * it. Its translations that had its slug (none of their own: an author's
 * always, docs/publishing.md#translations) follow it; they are returned, to
 * be named by the change.
 */
export async function renameRecord(
  tx: Database,
  kind: 'article' | 'page' | 'author' | 'topic',
  from: string,
  to: string,
): Promise<ChangedRecord[]> {
  const { table } = TABLES[kind];
  await tx.query(`UPDATE ${table} SET slug = $2 WHERE slug = $1 AND ${original(table)}`, [
    from,
    to,
  ]);
  const { rows } = await tx.query<{ id: number; locale: Locale }>(
    `UPDATE ${table} t SET slug = $2 FROM ${table} o
     WHERE o.slug = $2 AND ${original('o')} AND t.original_id = o.id AND t.slug = $1
     RETURNING t.id, t.locale`,
    [from, to],
  );
  return rows.map((row) => touchedRecord(kind, row.id, row.locale));
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

/** The site's frame in the default locale (row 1). */
export async function writeSite(tx: Database, site: SiteFile): Promise<ChangedRecord> {
  await tx.query(
    `INSERT INTO site (id, locale, data) VALUES (1, '${DEFAULT_LOCALE}', $1) ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data`,
    [JSON.stringify(site)],
  );
  return { type: 'Site', id: '1', locale: DEFAULT_LOCALE };
}

/** The articles and pages that show any of these embeds (global ids): embeds are no records a cache knows by themselves. */
export async function recordsShowingEmbeds(
  tx: Database,
  embedIds: string[],
): Promise<ChangedRecord[]> {
  if (embedIds.length === 0) return [];
  const { rows } = await tx.query<{ type: 'Article' | 'Page'; id: number }>(
    `SELECT 'Article' AS type, a.id FROM articles a WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) g WHERE a.body_refs @> jsonb_build_array(g) OR a.live_refs @> jsonb_build_array(g))
     UNION ALL SELECT 'Page' AS type, p.id FROM pages p WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) g WHERE p.block_refs @> jsonb_build_array(g))`,
    [embedIds],
  );
  return rows.map((row) => ({ type: row.type, id: String(row.id) }));
}
