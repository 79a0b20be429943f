/**
 * Reading one file of content/ (api/publishing/contentFolder.ts): a page's
 * blocks in front matter and its text below, authors and topics, dates and
 * defaults, and problems on the lines a writer sees.
 */
import {
  markdownFile,
  readMarkdownRecord,
  type MarkdownKind,
} from '../../../api/publishing/contentFolder';

function read(kind: MarkdownKind, file: string, text: string | Buffer) {
  const result = readMarkdownRecord(
    markdownFile(kind, file, typeof text === 'string' ? Buffer.from(text, 'utf8') : text),
  );
  return {
    ...result,
    problems: result.problems.map((problem) => `${problem.line}: ${problem.message}`),
  };
}

const page = (blocks: string, body = '') =>
  `---\ntitle: A page\nstatus: published\nupdatedAt: 2026-01-01T00:00:00Z\nblocks:\n${blocks}---\n${body}`;

describe('pages', () => {
  test('every block, in order, in the shape the seed and the CMS imports read', () => {
    const { record, problems } = read(
      'page',
      'pages/guide.md',
      page(
        [
          '  - hero:',
          '      heading: Welcome',
          '      image: page-home-hero',
          '      callToAction: { label: Start, url: /start-here }',
          '  - featured:',
          '      heading: Picks',
          '      articles: [reading-the-tides, desire-paths]',
          '  - latest:',
          '      heading: Latest',
          '  - latest:',
          '      heading: Food',
          '      topic: food',
          '      count: 4',
          '  - text',
          '  - callout:',
          '      body: Mind the gap.',
          '      tone: warning',
          '  - image:',
          '      image: page-about-desk',
          '      caption: A desk.',
          '  - newsletter:',
          '      heading: Letters',
          '      description: Weekly.',
          '  - text: |',
          '      Second text, with [a link](article:desire-paths).',
          '',
        ].join('\n'),
        '\nThe page’s own words.\n',
      ),
    );
    expect(problems).toEqual([]);
    const paragraph = (...content: unknown[]) => ({
      nodeType: 'document',
      data: {},
      content: [{ nodeType: 'paragraph', data: {}, content }],
    });
    const words = (value: string) => ({ nodeType: 'text', value, marks: [], data: {} });
    expect(record?.value).toEqual({
      slug: 'guide',
      title: 'A page',
      status: 'PUBLISHED',
      updatedAt: '2026-01-01T00:00:00.000Z',
      blocks: [
        {
          type: 'HeroBlock',
          heading: 'Welcome',
          image: 'page-home-hero',
          callToAction: { label: 'Start', url: '/start-here' },
        },
        {
          type: 'FeaturedArticlesBlock',
          heading: 'Picks',
          articles: ['reading-the-tides', 'desire-paths'],
        },
        { type: 'ArticleListBlock', heading: 'Latest', mode: 'LATEST', count: 6 },
        { type: 'ArticleListBlock', heading: 'Food', mode: 'BY_TOPIC', topic: 'food', count: 4 },
        { type: 'RichTextBlock', body: paragraph(words('The page’s own words.')) },
        { type: 'CalloutBlock', body: 'Mind the gap.', tone: 'WARNING' },
        { type: 'ImageBlock', image: 'page-about-desk', caption: 'A desk.' },
        { type: 'NewsletterSignupBlock', heading: 'Letters', description: 'Weekly.' },
        {
          type: 'RichTextBlock',
          body: paragraph(
            words('Second text, with '),
            {
              nodeType: 'entry-hyperlink',
              data: {
                target: { sys: { type: 'Link', linkType: 'Entry', id: 'article:desire-paths' } },
              },
              content: [words('a link')],
            },
            words('.'),
          ),
        },
      ],
    });
    expect(record?.references.map((reference) => `${reference.id}@${reference.line}`)).toEqual([
      'asset:page-home-hero@8',
      'article:reading-the-tides@12',
      'article:desire-paths@12',
      'topic:food@17',
      'asset:page-about-desk@24',
    ]);
  });

  test('Markdown written in place is checked on its own lines', () => {
    const { problems } = read(
      'page',
      'pages/guide.md',
      page(['  - text: |', '      Fine.', '', '      # Not a section', ''].join('\n')),
    );
    expect(problems).toEqual([
      '9: a section heading starts with ## (the title is the page’s only level-1 heading)',
    ]);
  });

  test('Markdown no block shows, and a block Folio does not have, are problems', () => {
    expect(
      read(
        'page',
        'pages/guide.md',
        page('  - newsletter: { heading: H, description: D }\n', '\nOrphan words.\n'),
      ).problems,
    ).toEqual(['9: this Markdown is shown nowhere: put - text in the page’s blocks where it goes']);
    expect(
      read('page', 'pages/guide.md', page('  - carousel: { images: [a] }\n')).problems,
    ).toEqual([
      '6: each block is - text or - <name>: with its fields indented below, where <name> is hero, featured, latest, text, callout, image, newsletter',
    ]);
    expect(
      read('page', 'pages/guide.md', page('  - latest: { heading: H, count: 500 }\n')).problems,
    ).toEqual(['6: count is a whole number from 1 to 50']);
  });
});

describe('articles', () => {
  const article = (fields: string) =>
    `---\ntitle: T\nsummary: S\nauthors: [a]\ntopics: [t]\n${fields}---\n\nWords.\n`;

  test('a date alone is midnight UTC; updatedAt is publishedAt unless given', () => {
    const { record, problems } = read(
      'article',
      'articles/x.md',
      article('status: published\npublishedAt: 2025-06-10\n'),
    );
    expect(problems).toEqual([]);
    expect(record?.value).toMatchObject({
      slug: 'x',
      status: 'PUBLISHED',
      publishedAt: '2025-06-10T00:00:00.000Z',
      updatedAt: '2025-06-10T00:00:00.000Z',
    });
  });

  test('publishedAt may be left out: the publish that first publishes the article dates it', () => {
    expect(
      read('article', 'articles/x.md', article('status: draft\n')).record?.value,
    ).toMatchObject({ status: 'DRAFT', publishedAt: null });
    const published = read('article', 'articles/x.md', article('status: published\n'));
    expect(published.problems).toEqual([]);
    expect(published.record?.value).toMatchObject({ status: 'PUBLISHED', publishedAt: null });
  });

  test('YAML mistakes a writer makes, on their lines', () => {
    expect(
      read('article', 'articles/x.md', article('status: draft\ntitle: Again\n')).problems,
    ).toEqual(['7: the YAML does not parse: a field is given twice']);
    expect(
      read('article', 'articles/x.md', article('status: draft\nseo:\n\ttitle: Tabbed\n'))
        .problems[0],
    ).toMatch(/^8: the YAML does not parse/);
    expect(read('article', 'articles/x.md', '---\ntitle: T\n').problems).toEqual([
      '1: an article starts with its front matter: a line ---, its fields (title: …), and another line ---',
    ]);
  });

  test('a file with problems still stands for its slug (files naming it are not told it is missing)', () => {
    const { record, entry } = read(
      'article',
      'articles/x.md',
      `---\nslug: the-real-slug\n${article('status: nonsense\n').slice(4)}`,
    );
    expect(record).toBeNull();
    expect(entry).toMatchObject({ kind: 'article', key: 'the-real-slug' });
  });

  test('a file with problems stands for the slug of its front matter, even one that does not parse, never for a slug: line of its Markdown', () => {
    const withoutSlug = read(
      'article',
      'articles/x.md',
      `${article('status: nonsense\n')}\nslug: not-this\n`,
    );
    expect(withoutSlug.record).toBeNull();
    expect(withoutSlug.entry).toMatchObject({ kind: 'article', key: 'x' });
    const unparsed = read(
      'article',
      'articles/x.md',
      `---\nslug: the-real-slug\ntitle: [unclosed\n---\n\nslug: not-this\n`,
    );
    expect(unparsed.problems[0]).toMatch(/the YAML does not parse/);
    expect(unparsed.entry).toMatchObject({ kind: 'article', key: 'the-real-slug' });
  });
});

describe('authors and topics', () => {
  test('the text below the front matter is the bio or the description, as plain text', () => {
    expect(
      read(
        'author',
        'authors/eliza-marsh.md',
        '---\nname: Eliza Marsh\navatar: avatar-eliza-marsh\n---\n\nCounts seabirds\nin Shetland.\n',
      ).record,
    ).toMatchObject({
      kind: 'author',
      key: 'eliza-marsh',
      value: {
        slug: 'eliza-marsh',
        name: 'Eliza Marsh',
        avatar: 'avatar-eliza-marsh',
        bio: 'Counts seabirds in Shetland.',
      },
      references: [{ id: 'asset:avatar-eliza-marsh', line: 3 }],
    });
    expect(
      read('topic', 'topics/knots.md', '---\nname: Knots\n---\n\nHitches and bends.\n').record
        ?.value,
    ).toEqual({ slug: 'knots', name: 'Knots', description: 'Hitches and bends.' });
    expect(read('topic', 'topics/knots.md', '---\nname: Knots\n---\n').problems).toEqual([
      '1: a topic’s description (the Markdown below the front matter) is one paragraph of plain text',
    ]);
  });
});

describe('encodings', () => {
  const topic = '---\nname: Cafés\n---\n\nWhere the coffee is.\n';

  test('a file saved in another encoding is a problem on the line of its first foreign byte, and its slug is still known', () => {
    const latin1 = Buffer.from(topic, 'latin1');
    const { record, entry, problems } = read('topic', 'topics/cafes.md', latin1);
    expect(record).toBeNull();
    expect(problems).toEqual(['2: this line is not UTF-8 text: save the file as UTF-8']);
    expect(entry).toMatchObject({ kind: 'topic', key: 'cafes' });
  });

  test('a byte-order mark before the front matter is dropped', () => {
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(topic, 'utf8')]);
    expect(read('topic', 'topics/cafes.md', withBom)).toMatchObject({
      problems: [],
      record: { value: { slug: 'cafes', name: 'Cafés', description: 'Where the coffee is.' } },
    });
  });
});
