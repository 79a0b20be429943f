/**
 * Markdown as writers write it, to the Contentful rich text the client
 * renders (api/publishing/markdown.ts): every node type and embed syntax,
 * and what rich text cannot hold named on its line.
 */
import {
  BLOCKS,
  INLINES,
  validateRichTextDocument,
  type Document,
} from '@contentful/rich-text-types';
import {
  markdownToPlainText,
  markdownToRichText,
  parseMarkdown,
  type NamedReference,
} from '../../../api/publishing/markdown';
import { FileProblems } from '../../../api/publishing/problems';
import type { RichTextNode } from '../../../api/model/contentFiles';
import { RICH_TEXT_MAX_NODES, SLUG_MAX_LENGTH } from '../../../shared/limits';

function convert(markdown: string, lineOffset = 0) {
  const problems = new FileProblems('articles/test.md');
  const references: NamedReference[] = [];
  const document = markdownToRichText(parseMarkdown(markdown).children, {
    source: markdown,
    problems,
    references,
    lineOffset,
  });
  return {
    document,
    problems: problems.list.map((problem) => `${problem.line}: ${problem.message}`),
    references,
  };
}

/** The document when the Markdown has no problems (fails the test otherwise). */
function rich(markdown: string): RichTextNode[] {
  const { document, problems } = convert(markdown);
  expect(problems).toEqual([]);
  expect(validateRichTextDocument(document as unknown as Document)).toEqual([]);
  return document.content!;
}

const text = (value: string, ...marks: string[]) => ({
  nodeType: 'text',
  value,
  marks: marks.map((type) => ({ type })),
  data: {},
});
const node = (nodeType: string, content: unknown[], data: Record<string, unknown> = {}) => ({
  nodeType,
  data,
  content,
});
const target = (linkType: 'Entry' | 'Asset', id: string) => ({
  target: { sys: { type: 'Link', linkType, id } },
});

describe('Markdown to rich text', () => {
  test('paragraphs, with source line breaks as spaces', () => {
    expect(rich('One line\nand the next.\n\nA second paragraph.')).toEqual([
      node(BLOCKS.PARAGRAPH, [text('One line and the next.')]),
      node(BLOCKS.PARAGRAPH, [text('A second paragraph.')]),
    ]);
  });

  test('headings two to four', () => {
    expect(rich('## Two\n\n### Three\n\n#### Four')).toEqual([
      node(BLOCKS.HEADING_2, [text('Two')]),
      node(BLOCKS.HEADING_3, [text('Three')]),
      node(BLOCKS.HEADING_4, [text('Four')]),
    ]);
  });

  test('bold, italic, code and strikethrough marks, nested', () => {
    expect(rich('Plain **bold *both*** _it_ `code` ~~gone~~ **`bold code`**')).toEqual([
      node(BLOCKS.PARAGRAPH, [
        text('Plain '),
        text('bold ', 'bold'),
        text('both', 'bold', 'italic'),
        text(' '),
        text('it', 'italic'),
        text(' '),
        text('code', 'code'),
        text(' '),
        text('gone', 'strikethrough'),
        text(' '),
        text('bold code', 'bold', 'code'),
      ]),
    ]);
  });

  test('bulleted and numbered lists, nested', () => {
    expect(rich('- one\n- two\n  1. two a\n  2. two b\n')).toEqual([
      node(BLOCKS.UL_LIST, [
        node(BLOCKS.LIST_ITEM, [node(BLOCKS.PARAGRAPH, [text('one')])]),
        node(BLOCKS.LIST_ITEM, [
          node(BLOCKS.PARAGRAPH, [text('two')]),
          node(BLOCKS.OL_LIST, [
            node(BLOCKS.LIST_ITEM, [node(BLOCKS.PARAGRAPH, [text('two a')])]),
            node(BLOCKS.LIST_ITEM, [node(BLOCKS.PARAGRAPH, [text('two b')])]),
          ]),
        ]),
      ]),
    ]);
  });

  test('quotes and horizontal rules', () => {
    expect(rich('> Said once.\n>\n> Said twice.\n\n---\n\nAfter.')).toEqual([
      node(BLOCKS.QUOTE, [
        node(BLOCKS.PARAGRAPH, [text('Said once.')]),
        node(BLOCKS.PARAGRAPH, [text('Said twice.')]),
      ]),
      node(BLOCKS.HR, []),
      node(BLOCKS.PARAGRAPH, [text('After.')]),
    ]);
  });

  test('tables: the first row is the header', () => {
    expect(rich('| Name | Ratio |\n| --- | ---: |\n| AA | **4.5:1** |\n')).toEqual([
      node(BLOCKS.TABLE, [
        node(BLOCKS.TABLE_ROW, [
          node(BLOCKS.TABLE_HEADER_CELL, [node(BLOCKS.PARAGRAPH, [text('Name')])]),
          node(BLOCKS.TABLE_HEADER_CELL, [node(BLOCKS.PARAGRAPH, [text('Ratio')])]),
        ]),
        node(BLOCKS.TABLE_ROW, [
          node(BLOCKS.TABLE_CELL, [node(BLOCKS.PARAGRAPH, [text('AA')])]),
          node(BLOCKS.TABLE_CELL, [node(BLOCKS.PARAGRAPH, [text('4.5:1', 'bold')])]),
        ]),
      ]),
    ]);
  });

  test('links: web and mail addresses, paths, autolinks and reference-style', () => {
    expect(
      rich(
        '[site](https://example.com) [mail](mailto:a@example.com) [here](/about) <https://b.example> [ref][r]\n\n[r]: https://c.example',
      ),
    ).toEqual([
      node(BLOCKS.PARAGRAPH, [
        node(INLINES.HYPERLINK, [text('site')], { uri: 'https://example.com' }),
        text(' '),
        node(INLINES.HYPERLINK, [text('mail')], { uri: 'mailto:a@example.com' }),
        text(' '),
        node(INLINES.HYPERLINK, [text('here')], { uri: '/about' }),
        text(' '),
        node(INLINES.HYPERLINK, [text('https://b.example')], { uri: 'https://b.example' }),
        text(' '),
        node(INLINES.HYPERLINK, [text('ref')], { uri: 'https://c.example' }),
      ]),
    ]);
  });

  test('links to entries and to assets', () => {
    const { references } = convert(
      '[tides](article:reading-the-tides), [us](page:about) and [the PDF](asset:tide-table)',
    );
    expect(
      rich(
        '[tides](article:reading-the-tides), [us](page:about) and [the *PDF*](asset:tide-table)',
      ),
    ).toEqual([
      node(BLOCKS.PARAGRAPH, [
        node(
          INLINES.ENTRY_HYPERLINK,
          [text('tides')],
          target('Entry', 'article:reading-the-tides'),
        ),
        text(', '),
        node(INLINES.ENTRY_HYPERLINK, [text('us')], target('Entry', 'page:about')),
        text(' and '),
        node(
          INLINES.ASSET_HYPERLINK,
          [text('the '), text('PDF', 'italic')],
          target('Asset', 'asset:tide-table'),
        ),
      ]),
    ]);
    expect(references).toEqual([
      { id: 'article:reading-the-tides', line: 1 },
      { id: 'page:about', line: 1 },
      { id: 'asset:tide-table', line: 1 },
    ]);
  });

  test('an image alone in its paragraph is the asset, shown as a figure', () => {
    expect(rich('Before.\n\n![](asset:inline-tide-curve)\n\nAfter.')).toEqual([
      node(BLOCKS.PARAGRAPH, [text('Before.')]),
      node(BLOCKS.EMBEDDED_ASSET, [], target('Asset', 'asset:inline-tide-curve')),
      node(BLOCKS.PARAGRAPH, [text('After.')]),
    ]);
  });

  test('::embed shows an entry as a block; :embed shows one inside a sentence', () => {
    expect(
      rich(
        '::embed{entry="codeBlock:tide-harmonics"}\n\n::embed{entry=pullQuote:tides-patience}\n\n::embed{entry="article:why-the-sky-is-blue"}\n\nBy :embed{entry="author:eliza-marsh"}, in :embed{entry="topic:nature"}.',
      ),
    ).toEqual([
      node(BLOCKS.EMBEDDED_ENTRY, [], target('Entry', 'codeBlock:tide-harmonics')),
      node(BLOCKS.EMBEDDED_ENTRY, [], target('Entry', 'pullQuote:tides-patience')),
      node(BLOCKS.EMBEDDED_ENTRY, [], target('Entry', 'article:why-the-sky-is-blue')),
      node(BLOCKS.PARAGRAPH, [
        text('By '),
        node(INLINES.EMBEDDED_ENTRY, [], target('Entry', 'author:eliza-marsh')),
        text(', in '),
        node(INLINES.EMBEDDED_ENTRY, [], target('Entry', 'topic:nature')),
        text('.'),
      ]),
    ]);
  });

  test('any other :word is text as written: times, ratios, a colon before a word', () => {
    expect(rich('At 10:30, a ratio of 1:2, note:this and :not[an]{embed}.')).toEqual([
      node(BLOCKS.PARAGRAPH, [text('At 10:30, a ratio of 1:2, note:this and :not[an]{embed}.')]),
    ]);
  });

  test('lines count from the file: Markdown in a YAML block starts further down', () => {
    expect(convert('Fine.\n\n# Title', 10).problems).toEqual([
      '13: a section heading starts with ## (the title is the page’s only level-1 heading)',
    ]);
  });
});

describe('what rich text cannot hold is a problem on its line', () => {
  test.each([
    [
      '# Title',
      '1: a section heading starts with ## (the title is the page’s only level-1 heading)',
    ],
    ['##### Five', '1: headings go down to ####'],
    [
      'Text\n\n```js\nx()\n```',
      // Markdown outside an article's or a page's text (no entries of its own to make).
      '3: a code block belongs in an article’s or a page’s text',
    ],
    ['<div>raw</div>', '1: HTML is not part of rich text: write Markdown'],
    [
      'Line one\\\nline two',
      '1: a line break inside a paragraph is not kept: start a new paragraph (a blank line) instead',
    ],
    ['Text[^1]\n\n[^1]: A note.', '1: footnotes are not part of rich text'],
    ['- [ ] task', '1: task lists ([ ] and [x]) are not part of rich text'],
    ['3. three\n4. four', '1: a numbered list starts at 1 (rich text numbers its items itself)'],
    [
      'Words ![](asset:x) inline',
      '1: an image stands in a paragraph of its own: ![](asset:<key>) with blank lines around it',
    ],
    [
      '![A tide](asset:inline-tide-curve)',
      "1: an image's text for readers who cannot see it is kept with the asset (its alt in assets.yaml): write ![](asset:inline-tide-curve)",
    ],
    [
      '![](https://example.com/x.jpg)',
      '1: an image is a file in images/, ![what it shows](images/photo.jpg), or an asset of assets.yaml, ![](asset:<key>): not ![](https://example.com/x.jpg)',
    ],
    [
      '![](article:x)',
      '1: ![](…) shows an asset (asset:<key>); to show article:x write ::embed{entry="article:x"}',
    ],
    [
      '::embed{entry="widget:x"}',
      '1: "widget:x" names no entry: write <kind>:<key> with a kind of article, author, topic, page, codeBlock, pullQuote, asset',
    ],
    [
      '::embed{entry="article:Not_A_Slug"}',
      '1: "Not_A_Slug" is not a key: lowercase letters, digits and single hyphens',
    ],
    ['::embed', '1: embed needs the entry it shows: entry="<kind>:<key>"'],
    ['::embed{entry="asset:x"}', '1: an asset is shown as an image: ![](asset:x)'],
    ['::video{src=x}', '1: ::video is not a Folio block: embeds are ::embed{entry="<kind>:<key>"}'],
    [
      ':::note\nx\n:::',
      '1: :::note is not a Folio block: embeds are ::embed{entry="<kind>:<key>"}',
    ],
    [
      'By :embed[Eliza]{entry="author:eliza-marsh"}',
      "1: an embed shows the entry's own name: for your own words write a link, [words](author:eliza-marsh)",
    ],
    [
      '[x](javascript:alert(1))',
      '1: "javascript:alert(1)" is not a link a reader may follow: use https://, http://, mailto: or a path on this site',
    ],
    ['> - a list in a quote', '1: a bulleted list cannot be inside a quote'],
    ['- | a |\n  | - |\n  | b |', '1: a table cannot be inside a list item'],
  ])('%j', (markdown, problem) => {
    expect(convert(markdown).problems).toContain(problem);
  });

  test('a key is a slug: at most SLUG_MAX_LENGTH characters', () => {
    const longest = 'a'.repeat(SLUG_MAX_LENGTH);
    expect(convert(`::embed{entry="article:${longest}"}`).problems).toEqual([]);
    expect(convert(`::embed{entry="article:${longest}b"}`).problems).toEqual([
      `1: "${longest}b" is not a key: lowercase letters, digits and single hyphens`,
    ]);
  });

  test('a body the client would cut short is a problem', () => {
    const tooLong = Array.from(
      { length: RICH_TEXT_MAX_NODES / 2 + 1 },
      (_, i) => `Paragraph ${i}.`,
    ).join('\n\n');
    expect(convert(tooLong).problems).toContain(
      `1: the text is too long for a page: ${(RICH_TEXT_MAX_NODES + 3).toLocaleString('en-US')} rich-text nodes, at most ${RICH_TEXT_MAX_NODES.toLocaleString('en-US')}`,
    );
    const tooDeep = Array.from({ length: 20 }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join(
      '\n',
    );
    expect(
      convert(tooDeep).problems.some((problem) => problem.includes('the text nests too deep')),
    ).toBe(true);
  });
});

describe('plain text (bios, descriptions)', () => {
  const plain = (markdown: string) => {
    const problems = new FileProblems('authors/x.md');
    const value = markdownToPlainText(parseMarkdown(markdown).children, { problems }, 'a bio');
    return {
      value,
      problems: problems.list.map((problem) => `${problem.line}: ${problem.message}`),
    };
  };

  test('one paragraph, its lines joined', () => {
    expect(plain('Writes about tides\nand trees.')).toEqual({
      value: 'Writes about tides and trees.',
      problems: [],
    });
  });

  test('formatting or a second paragraph is a problem', () => {
    expect(plain('Writes *about* tides.').problems).toEqual([
      '1: a bio is plain text: no formatting, links or embeds',
    ]);
    expect(plain('One.\n\nTwo.').problems).toEqual(['3: a bio is one paragraph of plain text']);
  });
});
