import { SEARCH_MAX_LENGTH, SEARCH_PAGE_SIZE } from '../../shared/limits';
import { connection, offsetPage } from './connections';
import type { ApiContext } from './context';
import { ARTICLE_COLUMNS, tag, type ArticleRow } from '../data/rows';
import { articleSortKey, visibleArticle } from '../data/visibility';

// Private-use characters: they cannot occur in the text, so they mark the highlights unambiguously.
const START = '\uE000';
const STOP = '\uE001';
const HEADLINE_OPTIONS = `StartSel=${START}, StopSel=${STOP}, MaxWords=32, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;

export interface TextSpan {
  text: string;
  highlighted: boolean;
}

/** `ts_headline` output with markers, as spans (no HTML ever reaches the client). */
export function snippetSpans(headline: string): TextSpan[] {
  const spans: TextSpan[] = [];
  for (const part of headline.split(START)) {
    const [highlighted, plain] = part.includes(STOP) ? (part.split(STOP, 2) as [string, string]) : [null, part];
    if (highlighted) spans.push({ text: highlighted, highlighted: true });
    if (plain) spans.push({ text: plain, highlighted: false });
  }
  return spans.length > 0 ? spans : [{ text: '', highlighted: false }];
}

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

// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/**
 * Full-text search, best match first. `websearch_to_tsquery` accepts any text
 * (quotes, `or`, `-`, stray operators) without a syntax error.
 */
export async function searchArticles({ db, preview, counts }: ApiContext, query: string, firstArg: number | null | undefined, after: string | null | undefined) {
  const page = offsetPage(firstArg, SEARCH_PAGE_SIZE, after);
  // Control characters become spaces (PostgreSQL refuses U+0000 in text): SPEC §8 says any text searches, so a reader's stray byte is not an error.
  const text = query.replace(CONTROL_CHARACTERS, ' ').trim().slice(0, SEARCH_MAX_LENGTH);
  // The query is written out where it filters (not read from a CTE): the
  // planner then sees its words and their frequency, and for a common word
  // walks the newest articles in date order instead of fetching every match.
  const matches = `a.search_vector @@ websearch_to_tsquery('english', $1) AND ${visibleArticle('a', preview)}`;
  // The newest RANKED_CANDIDATES matches are ranked, in narrow rows (id,
  // vector, date); the articles' columns and headlines are read for the one
  // page shown only. A word found in most of the archive is ranked among its
  // newest matches, read in date order from the published-articles index,
  // instead of across all of them (at 100,000 articles: ~90 ms → a few ms).
  // `ts_rank` rather than `ts_rank_cd`: half the cost per match.
  const sortKey = articleSortKey('a', preview);
  const { rows } = await db.query<Omit<ArticleRow, '__typename'> & { headline: string }>(
    `WITH q AS (SELECT websearch_to_tsquery('english', $1) AS query),
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
     SELECT ${ARTICLE_COLUMNS}, ts_headline('english', a.summary || ' ' || a.body_text, q.query, $4) AS headline
     FROM hits JOIN articles a ON a.id = hits.id, q
     ORDER BY hits.rank DESC, hits.sort_key DESC NULLS LAST, hits.id DESC`,
    [text, page.offset, page.first + 1, HEADLINE_OPTIONS, RANKED_CANDIDATES],
    UNPREPARED,
  );
  const nodes = tag<ArticleRow & { headline: string }>('Article', rows);
  let total: Promise<number> | undefined;
  // A reader's count for this text is kept a while (api/data/readerCounts.ts): every page of the results shares it.
  const countMatches = () => db.query<{ n: number }>(`SELECT count(*)::int AS n FROM articles a WHERE ${matches}`, [text], UNPREPARED).then((result) => result.rows[0]?.n ?? 0);
  return connection(
    nodes,
    page.first,
    page.offset > 0,
    (node) => page.cursorAt(nodes.indexOf(node)),
    () => (total ??= preview ? countMatches() : counts.get(`search:${text}`, countMatches)),
    (node) => ({ snippet: snippetSpans(node.headline) }),
  );
}
