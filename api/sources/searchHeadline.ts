/**
 * A search hit's headline (`SearchHit.headline`): PostgreSQL's `ts_headline`
 * with the matched words between two private-use characters, which cannot
 * occur in the text, so they mark the highlights unambiguously. Every search
 * index (the embedded source's, the one kept for a CMS) makes it this way;
 * the schema turns it into spans, so no HTML ever reaches the client.
 */
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
    const [highlighted, plain] = part.includes(STOP)
      ? (part.split(STOP, 2) as [string, string])
      : [null, part];
    if (highlighted) spans.push({ text: highlighted, highlighted: true });
    if (plain) spans.push({ text: plain, highlighted: false });
  }
  return spans.length > 0 ? spans : [{ text: '', highlighted: false }];
}
