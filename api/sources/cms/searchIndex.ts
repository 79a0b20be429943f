import type { Database } from '../../db/database';
import {
  HEADLINE_OPTIONS,
  headlineColumns,
  headlineOf,
  type HeadlineColumns,
} from '../searchHeadline';
import type { RichTextNode } from '../../model/contentFiles';
import { plainText } from '../../model/richText';
import type { Article, ListPage, PageRequest, SourceKind } from '../contentSource';
import { offsetListPage, offsetOf } from '../cursors';
import { DEFAULT_LOCALE, localeInfo, type Locale } from '../../../shared/locales';

/** One published article's words, as a CMS source feeds them in. */
export interface SearchEntry {
  articleId: string;
  /** The version's language: each is stemmed with its locale's `textSearch` configuration. */
  locale: Locale;
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
    locale: article.locale ?? DEFAULT_LOCALE,
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
 * Each version of an article (one per locale it is translated into) is an
 * entry of its own, stemmed with its locale's configuration
 * (shared/locales.ts `textSearch`; docs/decisions.md#locales), and a locale's
 * search finds only that locale's entries.
 */
export function createSearchIndex(db: Database, source: SourceKind) {
  /** Writes `entries`, new or changed, in one statement. */
  const write = async (entries: SearchEntry[]) => {
    const column = <K extends keyof SearchEntry>(key: K) => entries.map((entry) => entry[key]);
    await db.query(
      `INSERT INTO search_entries (source, article_id, locale, text_search, slug, title, summary, body_text, published_at)
       SELECT $1, u.article_id, u.locale, u.text_search::regconfig, u.slug, u.title, u.summary, u.body_text, u.published_at
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::timestamptz[])
         AS u(article_id, locale, text_search, slug, title, summary, body_text, published_at)
       ON CONFLICT (source, locale, article_id) DO UPDATE SET text_search = excluded.text_search, slug = excluded.slug, title = excluded.title, summary = excluded.summary, body_text = excluded.body_text, published_at = excluded.published_at`,
      [
        source,
        column('articleId'),
        column('locale'),
        entries.map((entry) => localeInfo(entry.locale).textSearch),
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
        `DELETE FROM search_entries e WHERE e.source = $1 AND NOT EXISTS (
           SELECT 1 FROM unnest($2::text[], $3::text[]) AS kept(article_id, locale)
           WHERE kept.article_id = e.article_id AND kept.locale = e.locale)`,
        [source, entries.map((entry) => entry.articleId), entries.map((entry) => entry.locale)],
      );
    },

    /** Writes these entries (new or changed) and removes the versions `gone` (an article in a locale), leaving the rest as they are. */
    async update(
      entries: SearchEntry[],
      gone: { articleId: string; locale: Locale }[],
    ): Promise<void> {
      if (entries.length > 0) await write(entries);
      if (gone.length > 0)
        await db.query(
          `DELETE FROM search_entries e USING unnest($2::text[], $3::text[]) AS g(article_id, locale)
           WHERE e.source = $1 AND e.article_id = g.article_id AND e.locale = g.locale`,
          [source, gone.map((entry) => entry.articleId), gone.map((entry) => entry.locale)],
        );
    },

    /** Best match first among `locale`'s entries: the articles' ids with the passage that matched (text already cleaned and bounded). */
    async search(
      text: string,
      page: PageRequest,
      locale: Locale = DEFAULT_LOCALE,
    ): Promise<ListPage<{ articleId: string; headline: string }>> {
      const offset = offsetOf(page.after);
      const config = localeInfo(locale).textSearch;
      /** The entries that match, the locale and its configuration being parameters `$<locale>` and `$<config>`. */
      const matches = (locale: number, config: number) =>
        `e.source = $1 AND e.locale = $${locale} AND e.search_vector @@ websearch_to_tsquery($${config}::regconfig, $2) AND e.published_at <= now()`;
      const { rows } = await db.query<{ article_id: string } & HeadlineColumns>(
        `WITH q AS (SELECT websearch_to_tsquery($7::regconfig, $2) AS query),
         hits AS (
           SELECT e.article_id, e.published_at, ts_rank(e.search_vector, q.query) AS rank
           FROM search_entries e, q WHERE ${matches(6, 7)}
           ORDER BY rank DESC, e.published_at DESC, e.article_id DESC
           OFFSET $3 LIMIT $4
         )
         SELECT hits.article_id, ${headlineColumns('$7::regconfig', "e.summary || ' ' || e.body_text", 'q.query', '$5')}
         FROM hits JOIN search_entries e ON e.source = $1 AND e.locale = $6 AND e.article_id = hits.article_id, q
         ORDER BY hits.rank DESC, hits.published_at DESC, hits.article_id DESC`,
        [source, text, offset, page.first + 1, HEADLINE_OPTIONS, locale, config],
        { prepared: false },
      );
      const hits = rows.map((row) => ({ articleId: row.article_id, headline: headlineOf(row) }));
      return offsetListPage(hits, page.first, offset, async () => {
        const { rows: counted } = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM search_entries e WHERE ${matches(3, 4)}`,
          [source, text, locale, config],
          { prepared: false },
        );
        return counted[0]?.n ?? 0;
      });
    },
  };
}

export type SearchIndex = ReturnType<typeof createSearchIndex>;
