import { openDatabase, type Database } from '../../../api/db/database';
import {
  HEADLINE_OPTIONS,
  headlineColumns,
  headlineOf,
  snippetSpans,
  type HeadlineColumns,
} from '../../../api/sources/searchHeadline';

/**
 * A search snippet says where it was cut (issue 39, the German reader's
 * findings): "…" before a passage that starts after the beginning of the
 * text, and after one that stops before its end. Through PostgreSQL's own
 * ts_headline (PGlite), with the options and columns every search index uses.
 */
const FILLER = 'Ebbe und Flut wechseln einander ab, Tag für Tag und Jahr für Jahr. '.repeat(12);
const TEXT = `Die Gezeiten folgen dem Mond. ${FILLER}Bei Springflut steigt das Wasser besonders hoch. ${FILLER}Am Ende zieht der Mond die Flut über die Stufen der Hafenmauer.`;

let db: Database;
beforeAll(async () => {
  db = await openDatabase();
});
afterAll(() => db.close());

async function snippet(text: string, words: string): Promise<string> {
  const { rows } = await db.query<HeadlineColumns>(
    `SELECT ${headlineColumns("'german'::regconfig", '$1::text', "websearch_to_tsquery('german', $2)", '$3')}`,
    [text, words, HEADLINE_OPTIONS],
  );
  return snippetSpans(headlineOf(rows[0]!))
    .map((span) => (span.highlighted ? `[${span.text}]` : span.text))
    .join('');
}

it('a passage from the middle of the text has "…" at both ends', async () => {
  const shown = await snippet(TEXT, 'Wasser');
  expect(shown).toMatch(/^… \S/);
  expect(shown).toMatch(/ …$/);
  expect(shown).toContain('[Wasser]');
  expect(shown).not.toContain('Die Gezeiten');
});

it('a passage from the beginning has none before it, and one after it when the text goes on', async () => {
  const shown = await snippet(TEXT, 'Gezeiten');
  expect(shown).toMatch(/^Die \[Gezeiten\] folgen/);
  expect(shown).toMatch(/ …$/);
});

it('a passage that runs to the end of the text has none after it, and ends with the text’s full stop', async () => {
  const shown = await snippet(TEXT, 'Hafenmauer');
  expect(shown).toMatch(/^… /);
  expect(shown).toMatch(/\[Hafenmauer\]\.$/);
});

it('two passages: "…" between them, and at the ends as each end is cut', async () => {
  const shown = await snippet(TEXT, 'Mond');
  expect(shown).toMatch(/^Die Gezeiten folgen dem \[Mond\]/);
  expect(shown).toContain(' … ');
  expect(shown).toMatch(/Hafenmauer\.$/);
});

it('a text shown whole has none', async () => {
  expect(await snippet('Die Gezeiten folgen dem Mond.', 'Mond')).toBe(
    'Die Gezeiten folgen dem [Mond].',
  );
});
