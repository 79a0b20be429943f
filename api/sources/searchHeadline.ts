/**
 * A search hit's headline (`SearchHit.headline`): PostgreSQL's `ts_headline`
 * with the matched words between two private-use characters, which cannot
 * occur in the text, so they mark the highlights unambiguously. Every search
 * index (the embedded source's, the one kept for a CMS) makes it this way;
 * the schema turns it into spans, so no HTML ever reaches the client.
 */
const START = '\uE000';
const STOP = '\uE001';
/** ts_headline's delimiter between two fragments, and the mark of text left out at either end. */
const ELLIPSIS = '…';

/** `ts_headline`'s options, for every search index (the embedded source's and the one kept for a CMS). */
export const HEADLINE_OPTIONS = `StartSel=${START}, StopSel=${STOP}, MaxWords=32, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" ${ELLIPSIS} "`;

/**
 * How much of each end of the searched text comes with a headline: more than
 * a fragment of `MaxWords` words, so the headline's first and last fragments
 * can be found in them.
 */
const TEXT_END_CHARS = 1_000;

/**
 * The columns of a search hit's headline, for `headlineOf`: `ts_headline` of
 * `text` (an SQL expression) for the query, and the text's two ends.
 */
export function headlineColumns(config: string, text: string, query: string, options: string) {
  return `ts_headline(${config}, ${text}, ${query}, ${options}) AS headline,
    left(${text}, ${TEXT_END_CHARS}) AS text_start, right(${text}, ${TEXT_END_CHARS}) AS text_end`;
}

export interface HeadlineColumns {
  headline: string;
  text_start: string;
  text_end: string;
}

/** Spaces as one, the ends trimmed: ts_headline keeps the text's own spacing, but not always at its ends. */
const spaced = (text: string) => text.replace(/\s+/gu, ' ').trim();
/** Without the punctuation after its last word, which ts_headline leaves out. */
const toLastWord = (text: string) => spaced(text).replace(/[^\p{L}\p{N}]+$/u, '');

/**
 * The headline as a reader sees it: a leading "…" when it starts after the
 * beginning of the text (mid-text, often mid-sentence), a trailing one when
 * it stops before its end, as between two fragments; one that reaches the
 * end keeps the text's closing punctuation.
 */
export function headlineOf({ headline, text_start, text_end }: HeadlineColumns): string {
  const plain = headline.replaceAll(START, '').replaceAll(STOP, '');
  const fragments = plain.split(` ${ELLIPSIS} `);
  const first = spaced(fragments[0] ?? '');
  const last = toLastWord(fragments.at(-1) ?? '');
  const fromStart = spaced(text_start).startsWith(first);
  const toEnd = toLastWord(text_end).endsWith(last);
  // A passage that ends the text ends as the text does (its full stop, which ts_headline leaves out).
  const closing = spaced(text_end).slice(toLastWord(text_end).length);
  const end = !toEnd ? ` ${ELLIPSIS}` : plain.trimEnd().endsWith(closing) ? '' : closing;
  return `${fromStart ? '' : `${ELLIPSIS} `}${headline.trimEnd()}${end}`;
}

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
