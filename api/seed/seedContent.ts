import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Database } from '../db/database';
import { readContentFiles, type BlockFile, type ContentFiles } from './contentFiles';
import { plainText, readingTimeMinutes, referenceResolver, rewriteReferences } from './richTextSeed';

/** True once a complete seed is in the database (the site row is written last). */
export async function isSeeded(db: Database): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM site');
  return (rows[0]?.n ?? 0) > 0;
}

/**
 * Loads content/ into an empty database. A seed cut short (no site row) is
 * wiped and done again, so a crash on first start never leaves half a site.
 */
export async function seedContent(db: Database, content: ContentFiles = readContentFiles()): Promise<void> {
  if (await isSeeded(db)) return;
  await db.exec('TRUNCATE rate_limit_windows, newsletter_subscriptions, article_votes, article_topics, article_authors, articles, pages, embeds, authors, topics, assets RESTART IDENTITY CASCADE');

  const ids: Record<string, Map<string, number>> = { asset: new Map(), author: new Map(), topic: new Map(), article: new Map(), page: new Map(), codeBlock: new Map(), pullQuote: new Map() };
  const assetId = (key: string | undefined) => (key ? (ids.asset!.get(key) ?? null) : null);

  for (const asset of content.assets) {
    const file = path.join(content.dir, asset.file);
    const bytes = readFileSync(file);
    const meta = await sharp(bytes).metadata();
    const version = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
    const { rows } = await db.query<{ id: number }>('INSERT INTO assets (key, file, alt, width, height, content_type, version) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id', [
      asset.key,
      asset.file.replace(/^images\//, ''),
      asset.alt,
      meta.width,
      meta.height,
      `image/${meta.format === 'jpg' ? 'jpeg' : meta.format}`,
      version,
    ]);
    ids.asset!.set(asset.key, rows[0]!.id);
  }
  for (const author of content.authors) {
    const { rows } = await db.query<{ id: number }>('INSERT INTO authors (slug, name, bio, avatar_id) VALUES ($1, $2, $3, $4) RETURNING id', [
      author.slug,
      author.name,
      author.bio,
      assetId(author.avatar),
    ]);
    ids.author!.set(author.slug, rows[0]!.id);
  }
  for (const topic of content.topics) {
    const { rows } = await db.query<{ id: number }>('INSERT INTO topics (slug, name, description) VALUES ($1, $2, $3) RETURNING id', [topic.slug, topic.name, topic.description]);
    ids.topic!.set(topic.slug, rows[0]!.id);
  }
  for (const embed of content.embeds) {
    const { type, key, ...data } = embed;
    const { rows } = await db.query<{ id: number }>('INSERT INTO embeds (key, type, data) VALUES ($1, $2, $3) RETURNING id', [key, type, JSON.stringify(data)]);
    ids[type === 'CodeBlock' ? 'codeBlock' : 'pullQuote']!.set(key, rows[0]!.id);
  }
  // Articles and pages first without bodies: bodies refer to each other by id.
  for (const article of content.articles) {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO articles (slug, title, summary, body, body_text, status, published_at, updated_at, hero_image_id, seo_title, seo_description, seo_image_id, reading_time_minutes)
       VALUES ($1, $2, $3, '{}', '', $4, $5, $6, $7, $8, $9, $10, 1) RETURNING id`,
      [
        article.slug,
        article.title,
        article.summary,
        article.status,
        article.publishedAt,
        article.updatedAt,
        assetId(article.heroImage),
        article.seo?.title ?? null,
        article.seo?.description ?? null,
        assetId(article.seo?.image),
      ],
    );
    ids.article!.set(article.slug, rows[0]!.id);
  }
  for (const page of content.pages) {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO pages (slug, title, status, updated_at, seo_title, seo_description, seo_image_id, blocks) VALUES ($1, $2, $3, $4, $5, $6, $7, '[]') RETURNING id`,
      [page.slug, page.title, page.status, page.updatedAt, page.seo?.title ?? null, page.seo?.description ?? null, assetId(page.seo?.image)],
    );
    ids.page!.set(page.slug, rows[0]!.id);
  }

  const resolve = referenceResolver(ids);
  for (const article of content.articles) {
    const id = ids.article!.get(article.slug)!;
    const text = plainText(article.body);
    await db.query('UPDATE articles SET body = $2, body_text = $3, reading_time_minutes = $4 WHERE id = $1', [
      id,
      JSON.stringify(rewriteReferences(article.body, resolve)),
      text,
      readingTimeMinutes(text),
    ]);
    for (const [position, slug] of article.authors.entries()) {
      await db.query('INSERT INTO article_authors (article_id, author_id, position) VALUES ($1, $2, $3)', [id, ids.author!.get(slug), position]);
    }
    for (const [position, slug] of article.topics.entries()) {
      await db.query('INSERT INTO article_topics (article_id, topic_id, position) VALUES ($1, $2, $3)', [id, ids.topic!.get(slug), position]);
    }
  }
  for (const page of content.pages) {
    const blocks = page.blocks.map((block) => storedBlock(block, ids, resolve));
    await db.query('UPDATE pages SET blocks = $2 WHERE id = $1', [ids.page!.get(page.slug), JSON.stringify(blocks)]);
  }
  await db.query('INSERT INTO site (id, data) VALUES (1, $1)', [JSON.stringify(content.site)]);
  await refreshPlannerStatistics(db);
}

/**
 * After a bulk load: planner statistics and the visibility map, so that the
 * planner sees how many rows there are and counts can use index-only scans.
 * PGlite runs no autovacuum; on a PostgreSQL server this only comes sooner.
 */
export async function refreshPlannerStatistics(db: Database): Promise<void> {
  await db.exec('VACUUM ANALYZE');
}

/** A page block as stored: content keys replaced by database ids. */
function storedBlock(block: BlockFile, ids: Record<string, Map<string, number>>, resolve: ReturnType<typeof referenceResolver>): Record<string, unknown> {
  const { image, articles, topic, body, ...rest } = block as BlockFile & { image?: string; articles?: string[]; topic?: string; body?: unknown };
  const stored: Record<string, unknown> = { ...rest };
  if (typeof image === 'string') stored.imageId = ids.asset!.get(image) ?? null;
  if (Array.isArray(articles)) stored.articleIds = articles.map((slug) => ids.article!.get(slug)).filter((id) => id !== undefined);
  if (typeof topic === 'string') stored.topicId = ids.topic!.get(topic) ?? null;
  if (body !== undefined) stored.body = block.type === 'RichTextBlock' ? rewriteReferences(body as never, resolve) : body;
  return stored;
}
