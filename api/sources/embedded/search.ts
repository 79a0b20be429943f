import type { Database } from '../../db/database';
import {
  HEADLINE_OPTIONS,
  headlineColumns,
  headlineOf,
  type HeadlineColumns,
} from '../searchHeadline';
import type { ListPage, PageRequest, SearchHit, KeptCounts } from '../contentSource';
import { offsetListPage, offsetOf } from '../cursors';
import { toArticle } from './rowsAsContent';
import { ARTICLE_COLUMNS, type ArticleRow } from './tableRows';
import { articleSortKey, inLocale, visibleArticle } from './visibility';
import { localeInfo, type Locale } from '../../../shared/locales';
import { countKeyIn } from './countKeys';

/**
 * How many of the newest matches a search ranks by relevance: results come
 * from them, best first, and paging ends after them (the count stays exact).
 * Far more than a reader pages through; it bounds what a common word costs.
 */
export const RANKED_CANDIDATES = 2_000;

/**
 * Search's statements are planned for the words searched, every time: a
 * prepared statement's generic plan cannot tell a rare word from a common
 * one (at 10,000 articles it made "time" 2.5× slower).
 */
const UNPREPARED = { prepared: false } as const;

/**
 * Full-text search, best match first. `websearch_to_tsquery` accepts any text
 * (quotes, `or`, `-`, stray operators) without a syntax error.
 */
export async function searchArticles(
  db: Database,
  preview: boolean,
  counts: KeptCounts,
  text: string,
  page: PageRequest,
  locale: Locale,
): Promise<ListPage<SearchHit>> {
  const offset = offsetOf(page.after);
  // The words stemmed as the locale's articles were (their rows' text_search).
  const language = `'${localeInfo(locale).textSearch}'::regconfig`;
  // The query is written out where it filters (not read from a CTE): the
  // planner then sees its words and their frequency, and for a common word
  // walks the newest articles in date order instead of fetching every match.
  const matches = `a.search_vector @@ websearch_to_tsquery(${language}, $1) AND ${inLocale('a', locale)} AND ${visibleArticle('a', preview)}`;
  // The newest RANKED_CANDIDATES matches are ranked, in narrow rows (id,
  // vector, date); the articles' columns and headlines are read for the one
  // page shown only. A word found in most of the archive is ranked among its
  // newest matches, read in date order from the published-articles index,
  // instead of across all of them (at 100,000 articles: ~90 ms → a few ms).
  // `ts_rank` rather than `ts_rank_cd`: half the cost per match.
  const sortKey = articleSortKey('a', preview);
  const { rows } = await db.query<ArticleRow & HeadlineColumns>(
    `WITH q AS (SELECT websearch_to_tsquery(${language}, $1) AS query),
     candidates AS (
       SELECT a.id, a.search_vector, ${sortKey} AS sort_key
       FROM articles a WHERE ${matches}
       ORDER BY ${sortKey} DESC, a.id DESC
       LIMIT $5
     ),
     hits AS (
       SELECT c.id, c.sort_key, ts_rank(c.search_vector, q.query) AS rank
       FROM candidates c, q
       ORDER BY rank DESC, c.sort_key DESC NULLS LAST, c.id DESC
       OFFSET $2 LIMIT $3
     )
     SELECT ${ARTICLE_COLUMNS}, ${headlineColumns(language, "a.summary || ' ' || a.body_text", 'q.query', '$4')}
     FROM hits JOIN articles a ON a.id = hits.id, q
     ORDER BY hits.rank DESC, hits.sort_key DESC NULLS LAST, hits.id DESC`,
    [text, offset, page.first + 1, HEADLINE_OPTIONS, RANKED_CANDIDATES],
    UNPREPARED,
  );
  // A reader's count for this text is kept a while (api/caches/readerCounts.ts): every page of the results shares it.
  const countMatches = () =>
    db
      .query<{ n: number }>(
        `SELECT count(*)::int AS n FROM articles a WHERE ${matches}`,
        [text],
        UNPREPARED,
      )
      .then((result) => result.rows[0]?.n ?? 0);
  const hits = rows.map((row) => ({ article: toArticle(row), headline: headlineOf(row) }));
  return offsetListPage(hits, page.first, offset, () =>
    preview ? countMatches() : counts.get(countKeyIn('search', locale, text), countMatches),
  );
}
