import { readContentFiles } from '../../api/publishing/readContentFiles';
import {
  folioPath,
  tableRows,
  toStrapiBlocks,
  toStrapiBody,
  type EntryTarget,
  type Resolver,
  type RichTextNode,
} from '../../cms/strapi/import/toStrapiBody';

const text = (value: string, ...marks: string[]): RichTextNode => ({
  nodeType: 'text',
  value,
  marks: marks.map((type) => ({ type })),
  data: {},
});
const node = (
  nodeType: string,
  content: RichTextNode[] = [],
  data: RichTextNode['data'] = {},
): RichTextNode => ({ nodeType, data, content });
const paragraph = (...content: RichTextNode[]) => node('paragraph', content);
const link = (nodeType: string, id: string, content: RichTextNode[] = []) =>
  node(nodeType, content, {
    target: { sys: { id, type: 'Link', linkType: nodeType.includes('asset') ? 'Asset' : 'Entry' } },
  });
const doc = (...content: RichTextNode[]) => node('document', content);

const entries: Record<string, EntryTarget> = {
  'article:reading-the-tides': {
    kind: 'article',
    slug: 'reading-the-tides',
    title: 'Reading the tides',
    documentId: 'doc-tides',
  },
  'article:not-made-yet': {
    kind: 'article',
    slug: 'not-made-yet',
    title: 'Not made yet',
    documentId: null,
  },
  'author:eliza-marsh': { kind: 'author', slug: 'eliza-marsh', name: 'Eliza Marsh' },
  'topic:nature': { kind: 'topic', slug: 'nature', name: 'Nature' },
  'page:about': { kind: 'page', slug: 'about', title: 'About' },
  'page:home': { kind: 'page', slug: 'home', title: 'Folio' },
  'codeBlock:dig': {
    kind: 'codeBlock',
    language: 'bash',
    code: 'dig +short folio.example',
    caption: 'Asking DNS',
  },
  'pullQuote:moon': { kind: 'pullQuote', quote: 'The Moon pulls.', attribution: 'A sailor' },
  'pullQuote:anon': { kind: 'pullQuote', quote: 'Nobody said it.' },
};
const resolver: Resolver = {
  entry: (id) => entries[id] ?? null,
  asset: (id) =>
    id === 'asset:tide-curve'
      ? { id: 7, url: 'http://127.0.0.1:1337/uploads/tide_curve_abc.jpg', alt: 'A tide curve' }
      : null,
};

describe('toStrapiBody: text', () => {
  it('turns paragraphs, headings and marks into one article.text component', () => {
    const body = toStrapiBody(
      doc(
        node('heading-2', [text('Two bulges')]),
        paragraph(
          text('Plain '),
          text('bold', 'bold'),
          text(' and '),
          text('both', 'bold', 'italic', 'underline'),
          text('x', 'code'),
        ),
      ),
      resolver,
    );
    expect(body).toEqual([
      {
        __component: 'article.text',
        content: [
          { type: 'heading', level: 2, children: [{ type: 'text', text: 'Two bulges' }] },
          {
            type: 'paragraph',
            children: [
              { type: 'text', text: 'Plain ' },
              { type: 'text', text: 'bold', bold: true },
              { type: 'text', text: ' and ' },
              { type: 'text', text: 'both', bold: true, italic: true, underline: true },
              { type: 'text', text: 'x', code: true },
            ],
          },
        ],
      },
    ]);
  });

  it('keeps headings 1 to 6 and drops the rule (Strapi blocks have none)', () => {
    const body = toStrapiBody(
      doc(
        node('heading-1', [text('a')]),
        node('heading-4', [text('b')]),
        node('heading-6', [text('c')]),
        node('hr'),
        paragraph(text('d')),
      ),
      resolver,
    );
    expect(body).toHaveLength(1);
    const content = body[0]!.__component === 'article.text' ? body[0]!.content : [];
    expect(content.map((block) => (block.type === 'heading' ? block.level : block.type))).toEqual([
      1,
      4,
      6,
      'paragraph',
    ]);
  });

  it('gives an empty paragraph one empty text (Strapi refuses a paragraph without children) and drops empty texts elsewhere', () => {
    const body = toStrapiBody(doc(paragraph(), paragraph(text(''), text('a'), text(''))), resolver);
    expect(body).toEqual([
      {
        __component: 'article.text',
        content: [
          { type: 'paragraph', children: [{ type: 'text', text: '' }] },
          { type: 'paragraph', children: [{ type: 'text', text: 'a' }] },
        ],
      },
    ]);
  });

  it('turns lists into Strapi lists, a nested list beside the items after the item it belongs to', () => {
    const nested = node('unordered-list', [node('list-item', [paragraph(text('inner'))])]);
    const list = node('ordered-list', [
      node('list-item', [paragraph(text('one')), nested]),
      node('list-item', [paragraph(text('two')), paragraph(text('more'))]),
    ]);
    const body = toStrapiBody(doc(list), resolver);
    expect(body[0]).toEqual({
      __component: 'article.text',
      content: [
        {
          type: 'list',
          format: 'ordered',
          children: [
            { type: 'list-item', children: [{ type: 'text', text: 'one' }] },
            {
              type: 'list',
              format: 'unordered',
              indentLevel: 1,
              children: [{ type: 'list-item', children: [{ type: 'text', text: 'inner' }] }],
            },
            {
              type: 'list-item',
              children: [
                { type: 'text', text: 'two' },
                { type: 'text', text: '\n' },
                { type: 'text', text: 'more' },
              ],
            },
          ],
        },
      ],
    });
  });

  it('nests lists deeper with a growing indentLevel', () => {
    const deepest = node('unordered-list', [node('list-item', [paragraph(text('c'))])]);
    const middle = node('unordered-list', [node('list-item', [paragraph(text('b')), deepest])]);
    const top = node('unordered-list', [node('list-item', [paragraph(text('a')), middle])]);
    const [text0] = toStrapiBody(doc(top), resolver);
    const list = text0!.__component === 'article.text' ? text0!.content[0] : null;
    expect(list).toMatchObject({
      type: 'list',
      children: [
        { type: 'list-item' },
        {
          type: 'list',
          indentLevel: 1,
          children: [{ type: 'list-item' }, { type: 'list', indentLevel: 2 }],
        },
      ],
    });
    expect(list).not.toHaveProperty('indentLevel');
  });

  it('turns a quote of several paragraphs into one quote with line breaks', () => {
    const body = toStrapiBody(
      doc(node('blockquote', [paragraph(text('first')), paragraph(text('second', 'italic'))])),
      resolver,
    );
    expect(body[0]).toEqual({
      __component: 'article.text',
      content: [
        {
          type: 'quote',
          children: [
            { type: 'text', text: 'first' },
            { type: 'text', text: '\n' },
            { type: 'text', text: 'second', italic: true },
          ],
        },
      ],
    });
  });
});

describe('toStrapiBody: links', () => {
  const inline = (...content: RichTextNode[]) => {
    const [first] = toStrapiBody(doc(paragraph(...content)), resolver);
    return first!.__component === 'article.text' && first!.content[0]!.type === 'paragraph'
      ? first!.content[0]!.children
      : null;
  };

  it('keeps hyperlinks with their marked text', () => {
    expect(
      inline(
        node('hyperlink', [text('NOAA', 'bold')], { uri: 'https://tidesandcurrents.noaa.gov/' }),
      ),
    ).toEqual([
      {
        type: 'link',
        url: 'https://tidesandcurrents.noaa.gov/',
        children: [{ type: 'text', text: 'NOAA', bold: true }],
      },
    ]);
  });

  it('links entry hyperlinks to Folio paths with their own words', () => {
    expect(
      inline(link('entry-hyperlink', 'article:reading-the-tides', [text('the tides')])),
    ).toEqual([
      {
        type: 'link',
        url: '/articles/reading-the-tides',
        children: [{ type: 'text', text: 'the tides' }],
      },
    ]);
    expect(inline(link('entry-hyperlink', 'page:about', [text('about us')]))).toEqual([
      { type: 'link', url: '/about', children: [{ type: 'text', text: 'about us' }] },
    ]);
    expect(inline(link('entry-hyperlink', 'page:home', [text('home')]))).toEqual([
      { type: 'link', url: '/', children: [{ type: 'text', text: 'home' }] },
    ]);
  });

  it("links inline entries with their target's title or name", () => {
    expect(
      inline(
        text('By '),
        link('embedded-entry-inline', 'author:eliza-marsh'),
        text(', in '),
        link('embedded-entry-inline', 'topic:nature'),
      ),
    ).toEqual([
      { type: 'text', text: 'By ' },
      {
        type: 'link',
        url: '/authors/eliza-marsh',
        children: [{ type: 'text', text: 'Eliza Marsh' }],
      },
      { type: 'text', text: ', in ' },
      { type: 'link', url: '/topics/nature', children: [{ type: 'text', text: 'Nature' }] },
    ]);
    expect(inline(link('embedded-entry-inline', 'article:reading-the-tides'))).toEqual([
      {
        type: 'link',
        url: '/articles/reading-the-tides',
        children: [{ type: 'text', text: 'Reading the tides' }],
      },
    ]);
  });

  it('links asset hyperlinks to the uploaded file', () => {
    expect(inline(link('asset-hyperlink', 'asset:tide-curve', [text('the curve')]))).toEqual([
      {
        type: 'link',
        url: 'http://127.0.0.1:1337/uploads/tide_curve_abc.jpg',
        children: [{ type: 'text', text: 'the curve' }],
      },
    ]);
  });

  it('keeps the words of a link whose target is unknown, and leaves out an unknown inline entry', () => {
    expect(
      inline(
        link('entry-hyperlink', 'article:gone', [text('gone')]),
        link('embedded-entry-inline', 'author:nobody'),
        link('asset-hyperlink', 'asset:gone', [text('file')]),
      ),
    ).toEqual([
      { type: 'text', text: 'gone' },
      { type: 'text', text: 'file' },
    ]);
  });

  it('writes an inline code block as code-marked text', () => {
    expect(inline(link('embedded-entry-inline', 'codeBlock:dig'))).toEqual([
      { type: 'text', text: 'dig +short folio.example', code: true },
    ]);
  });
});

describe('toStrapiBody: embeds', () => {
  it('ends the text run at every embed and makes each embed its component', () => {
    const table = node('table', [
      node('table-row', [
        node('table-header-cell', [paragraph(text('Tide'))]),
        node('table-header-cell', [paragraph(text('Height'))]),
      ]),
      node('table-row', [
        node('table-cell', [paragraph(text('Spring'))]),
        node('table-cell', [
          paragraph(text('High '), text('and', 'bold')),
          paragraph(text('wide')),
        ]),
      ]),
    ]);
    const body = toStrapiBody(
      doc(
        paragraph(text('before')),
        link('embedded-entry-block', 'codeBlock:dig'),
        link('embedded-entry-block', 'pullQuote:moon'),
        link('embedded-entry-block', 'pullQuote:anon'),
        paragraph(text('between')),
        link('embedded-entry-block', 'article:reading-the-tides'),
        link('embedded-asset-block', 'asset:tide-curve'),
        table,
        paragraph(text('after')),
      ),
      resolver,
    );
    expect(body).toEqual([
      {
        __component: 'article.text',
        content: [{ type: 'paragraph', children: [{ type: 'text', text: 'before' }] }],
      },
      {
        __component: 'article.code-block',
        language: 'bash',
        code: 'dig +short folio.example',
        caption: 'Asking DNS',
      },
      { __component: 'article.pull-quote', quote: 'The Moon pulls.', attribution: 'A sailor' },
      { __component: 'article.pull-quote', quote: 'Nobody said it.', attribution: null },
      {
        __component: 'article.text',
        content: [{ type: 'paragraph', children: [{ type: 'text', text: 'between' }] }],
      },
      { __component: 'article.article-card', article: 'doc-tides' },
      { __component: 'article.image', image: 7, caption: null },
      {
        __component: 'article.table',
        rows: [
          ['Tide', 'Height'],
          ['Spring', 'High and\nwide'],
        ],
      },
      {
        __component: 'article.text',
        content: [{ type: 'paragraph', children: [{ type: 'text', text: 'after' }] }],
      },
    ]);
  });

  it('keeps an embedded author, topic or page, or an article not yet in Strapi, as a link in the text', () => {
    const body = toStrapiBody(
      doc(
        link('embedded-entry-block', 'author:eliza-marsh'),
        link('embedded-entry-block', 'article:not-made-yet'),
        link('embedded-entry-block', 'nothing:here'),
      ),
      resolver,
    );
    expect(body).toEqual([
      {
        __component: 'article.text',
        content: [
          {
            type: 'paragraph',
            children: [
              {
                type: 'link',
                url: '/authors/eliza-marsh',
                children: [{ type: 'text', text: 'Eliza Marsh' }],
              },
            ],
          },
          {
            type: 'paragraph',
            children: [
              {
                type: 'link',
                url: '/articles/not-made-yet',
                children: [{ type: 'text', text: 'Not made yet' }],
              },
            ],
          },
        ],
      },
    ]);
  });

  it('makes nothing of an empty document', () => {
    expect(toStrapiBody(doc(), resolver)).toEqual([]);
  });
});

describe('toStrapiBlocks (a page rich-text block)', () => {
  it('degrades embeds to blocks: links, a code block, a quote, rows as paragraphs', () => {
    const table = node('table', [
      node('table-row', [
        node('table-header-cell', [paragraph(text('A'))]),
        node('table-header-cell', [paragraph(text('B'))]),
      ]),
      node('table-row', [
        node('table-cell', [paragraph(text('1'))]),
        node('table-cell', [paragraph(text('2'))]),
      ]),
    ]);
    expect(
      toStrapiBlocks(
        doc(
          paragraph(text('Start')),
          link('embedded-entry-block', 'article:reading-the-tides'),
          link('embedded-entry-block', 'codeBlock:dig'),
          link('embedded-entry-block', 'pullQuote:moon'),
          link('embedded-asset-block', 'asset:tide-curve'),
          table,
        ),
        resolver,
      ),
    ).toEqual([
      { type: 'paragraph', children: [{ type: 'text', text: 'Start' }] },
      {
        type: 'paragraph',
        children: [
          {
            type: 'link',
            url: '/articles/reading-the-tides',
            children: [{ type: 'text', text: 'Reading the tides' }],
          },
        ],
      },
      {
        type: 'code',
        language: 'bash',
        children: [{ type: 'text', text: 'dig +short folio.example' }],
      },
      { type: 'quote', children: [{ type: 'text', text: 'The Moon pulls.\n— A sailor' }] },
      {
        type: 'paragraph',
        children: [
          {
            type: 'link',
            url: 'http://127.0.0.1:1337/uploads/tide_curve_abc.jpg',
            children: [{ type: 'text', text: 'A tide curve' }],
          },
        ],
      },
      { type: 'paragraph', children: [{ type: 'text', text: 'A | B', bold: true }] },
      { type: 'paragraph', children: [{ type: 'text', text: '1 | 2' }] },
    ]);
  });
});

describe('helpers', () => {
  it('knows Folio paths', () => {
    expect(folioPath({ kind: 'topic', slug: 'food', name: 'Food' })).toBe('/topics/food');
    expect(folioPath({ kind: 'pullQuote', quote: 'q' })).toBeNull();
  });

  it('reads table rows as strings', () => {
    expect(
      tableRows(
        node('table', [node('table-row', [node('table-cell', [paragraph(text('a'), text('b'))])])]),
      ),
    ).toEqual([['ab']]);
  });
});

describe('the seed content', () => {
  const files = readContentFiles();
  const all: Resolver = {
    entry: (id) => {
      const [kind, key] = id.split(':') as [string, string];
      const article = files.articles.find((entry) => kind === 'article' && entry.slug === key);
      if (article)
        return {
          kind: 'article',
          slug: article.slug,
          title: article.title,
          documentId: `doc-${article.slug}`,
        };
      const author = files.authors.find((entry) => kind === 'author' && entry.slug === key);
      if (author) return { kind: 'author', slug: author.slug, name: author.name };
      const topic = files.topics.find((entry) => kind === 'topic' && entry.slug === key);
      if (topic) return { kind: 'topic', slug: topic.slug, name: topic.name };
      const page = files.pages.find((entry) => kind === 'page' && entry.slug === key);
      if (page) return { kind: 'page', slug: page.slug, title: page.title };
      const embed = files.embeds.find((entry) => entry.key === key);
      if (embed?.type === 'CodeBlock' && kind === 'codeBlock')
        return {
          kind: 'codeBlock',
          language: embed.language,
          code: embed.code,
          caption: embed.caption,
        };
      if (embed?.type === 'PullQuote' && kind === 'pullQuote')
        return { kind: 'pullQuote', quote: embed.quote, attribution: embed.attribution };
      return null;
    },
    asset: (id) =>
      files.assets.some((asset) => `asset:${asset.key}` === id)
        ? { id: 1, url: `/uploads/${id}.jpg`, alt: id }
        : null,
  };
  const words = (node: RichTextNode): string =>
    node.nodeType === 'text'
      ? (node.value ?? '')
      : node.nodeType.startsWith('embedded-') || node.nodeType === 'table'
        ? ''
        : (node.content ?? []).map(words).join('');
  type Block = { type?: string; text?: string; children?: Block[] };
  const strapiWords = (block: Block): string =>
    block.type === 'text' ? (block.text ?? '') : (block.children ?? []).map(strapiWords).join('');

  it.each(files.articles.map((article) => [article.slug, article] as const))(
    '%s keeps every word and every embed',
    (_slug, article) => {
      const body = toStrapiBody(article.body, all);
      const embeds = (article.body.content ?? []).filter(
        (node) => node.nodeType.startsWith('embedded-') || node.nodeType === 'table',
      ).length;
      expect(body.filter((component) => component.__component !== 'article.text')).toHaveLength(
        embeds,
      );
      const expected = (article.body.content ?? []).map(words).join('').replace(/\s+/g, '');
      const got = body
        .flatMap((component) => (component.__component === 'article.text' ? component.content : []))
        .map((block) => strapiWords(block as Block))
        .join('')
        .replace(/\s+/g, '');
      // Inline entries add their target's name: at least every word of the source is there, in order.
      if (JSON.stringify(article.body).includes('embedded-entry-inline'))
        expect(got.length).toBeGreaterThan(expected.length);
      else expect(got).toBe(expected);
    },
  );
});
