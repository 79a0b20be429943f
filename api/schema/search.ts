import { SEARCH_MAX_LENGTH, SEARCH_PAGE_SIZE } from '../../shared/limits';
import { checkFirst, connection } from './connections';
import type { ApiContext } from './context';

// Private-use characters: they cannot occur in the text, so they mark the highlights unambiguously.
const START = '\uE000';
const STOP = '\uE001';
/** `ts_headline`'s options, for every search index (the embedded source's and the one kept for a CMS). */
export const HEADLINE_OPTIONS = `StartSel=${START}, StopSel=${STOP}, MaxWords=32, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;

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

// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** `Query.search`: best match first, with the passage that matched. */
export async function searchArticles({ content }: ApiContext, query: string, first: number | null | undefined, after: string | null | undefined) {
  // Control characters become spaces (PostgreSQL refuses U+0000 in text): SPEC §8 says any text searches, so a reader's stray byte is not an error.
  const text = query.replace(CONTROL_CHARACTERS, ' ').trim().slice(0, SEARCH_MAX_LENGTH);
  const page = await content.search(text, { first: checkFirst(first, SEARCH_PAGE_SIZE), after });
  return connection(page, (hit) => ({ node: hit.article, snippet: snippetSpans(hit.headline) }));
}
