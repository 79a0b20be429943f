import type { Database } from '../../db/database';
import { HEADLINE_OPTIONS } from '../searchHeadline';
import type { RichTextNode } from '../../model/contentFiles';
import { plainText } from '../../model/richText';
import type { Article, ListPage, PageRequest, SourceKind } from '../contentSource';
import { offsetListPage, offsetOf } from '../cursors';

/** One published article's words, as a CMS source feeds them in. */
export interface SearchEntry {
  articleId: string;
  slug: string;
  title: string;
  summary: string;
  bodyText: string;
  publishedAt: string | null;
}

/** What the index keeps of an article a reader sees. */
export function searchEntryOf(article: Article): SearchEntry {
  const bodyText =
    typeof article.body === 'object' && article.body !== null
      ? plainText(article.body as RichTextNode)
      : '';
  return {
    articleId: article.id,
    slug: article.slug,
    title: article.title,
    summary: article.summary,
    bodyText,
    publishedAt: article.publishedAt,
  };
}

/**
 * Search for a CMS source (decided for issue 20): neither Strapi's nor
 * Contentful's API ranks or highlights, so each CMS source keeps an index of
 * its published articles in Folio's database (`search_entries`), and
 * PostgreSQL's full-text search ranks and highlights over it exactly as the
 * embedded source does over its own tables. The index holds only what readers
 * may see (published versions, never a draft's text); an article appears in
 * results from its publication date on. Hits are ids: the source then reads
 * the articles themselves, so what the reader gets is what the CMS says now.
 */
export function createSearchIndex(db: Database, source: SourceKind) {
  /** Writes `entries`, new or changed, in one statement. */
  const write = async (entries: SearchEntry[]) => {
    const column = <K extends keyof SearchEntry>(key: K) => entries.map((entry) => entry[key]);
    await db.query(
      `INSERT INTO search_entries (source, article_id, slug, title, summary, body_text, published_at)
       SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])
       ON CONFLICT (source, article_id) DO UPDATE SET slug = excluded.slug, title = excluded.title, summary = excluded.summary, body_text = excluded.body_text, published_at = excluded.published_at`,
      [
        source,
        column('articleId'),
        column('slug'),
        column('title'),
        column('summary'),
        column('bodyText'),
        column('publishedAt'),
      ],
    );
  };
  return {
    /** Makes the index exactly `entries`: new and changed ones written, the rest removed, in two statements. */
    async replaceAll(entries: SearchEntry[]): Promise<void> {
      await write(entries);
      await db.query(
        'DELETE FROM search_entries WHERE source = $1 AND NOT (article_id = ANY($2::text[]))',
        [source, entries.map((entry) => entry.articleId)],
      );
    },

    /** Writes these entries (new or changed) and removes the articles `gone`, leaving the rest as they are. */
    async update(entries: SearchEntry[], gone: string[]): Promise<void> {
      if (entries.length > 0) await write(entries);
      if (gone.length > 0)
        await db.query(
          'DELETE FROM search_entries WHERE source = $1 AND article_id = ANY($2::text[])',
          [source, gone],
        );
    },

    /** Best match first: the articles' ids with the passage that matched (text already cleaned and bounded). */
    async search(
      text: string,
      page: PageRequest,
    ): Promise<ListPage<{ articleId: string; headline: string }>> {
      const offset = offsetOf(page.after);
      const matches = `e.source = $1 AND e.search_vector @@ websearch_to_tsquery('english', $2) AND e.published_at <= now()`;
      const { rows } = await db.query<{ article_id: string; headline: string }>(
        `WITH q AS (SELECT websearch_to_tsquery('english', $2) AS query),
         hits AS (
           SELECT e.article_id, e.published_at, ts_rank(e.search_vector, q.query) AS rank
           FROM search_entries e, q WHERE ${matches}
           ORDER BY rank DESC, e.published_at DESC, e.article_id DESC
           OFFSET $3 LIMIT $4
         )
         SELECT hits.article_id, ts_headline('english', e.summary || ' ' || e.body_text, q.query, $5) AS headline
         FROM hits JOIN search_entries e ON e.source = $1 AND e.article_id = hits.article_id, q
         ORDER BY hits.rank DESC, hits.published_at DESC, hits.article_id DESC`,
        [source, text, offset, page.first + 1, HEADLINE_OPTIONS],
        { prepared: false },
      );
      const hits = rows.map((row) => ({ articleId: row.article_id, headline: row.headline }));
      return offsetListPage(hits, page.first, offset, async () => {
        const { rows: counted } = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM search_entries e WHERE ${matches}`,
          [source, text],
          { prepared: false },
        );
        return counted[0]?.n ?? 0;
      });
    },
  };
}

export type SearchIndex = ReturnType<typeof createSearchIndex>;
