import { linkedEntryIds, withGlobalIds } from '../../../api/sources/contentful/contentfulRichText';
import { toGlobalId } from '../../../api/model/globalId';
import type { RichTextNode } from '../../../api/model/contentFiles';
import { referencedIds, rewriteReferences } from '../../../api/model/richText';

/**
 * The one rich-text walk over links (api/model/richText.ts) as the seed,
 * the Contentful source and the feeds use it: a link is `data.target.sys`,
 * `{ type: 'Link', linkType, id }`.
 */
const link = (
  nodeType: string,
  linkType: 'Entry' | 'Asset',
  id: string,
  content: RichTextNode[] = [],
): RichTextNode => ({
  nodeType,
  data: { target: { sys: { type: 'Link', linkType, id } as { id: string } } },
  content,
});
const text = (value: string): RichTextNode => ({ nodeType: 'text', value, marks: [], data: {} });
const document: RichTextNode = {
  nodeType: 'document',
  data: {},
  content: [
    {
      nodeType: 'paragraph',
      data: {},
      content: [
        text('See '),
        link('entry-hyperlink', 'Entry', 'article1', [text('this')]),
        link('embedded-entry-inline', 'Entry', 'topic1'),
      ],
    },
    link('embedded-asset-block', 'Asset', 'asset1'),
    link('embedded-entry-block', 'Entry', 'draft1'),
    {
      nodeType: 'paragraph',
      data: {},
      content: [link('entry-hyperlink', 'Entry', 'article1', [text('again')])],
    },
  ],
};

it('lists the ids a document links to, each once, in document order, and only those a filter keeps', () => {
  expect([...referencedIds(document)]).toEqual(['article1', 'topic1', 'asset1', 'draft1']);
  expect([...referencedIds(document, (sys) => sys.linkType === 'Asset')]).toEqual(['asset1']);
  expect([...linkedEntryIds(document)]).toEqual(['article1', 'topic1', 'draft1']);
  // Not a document: nothing, and no throw.
  for (const value of [null, undefined, 'text', 42, { content: 'not a list' }])
    expect(referencedIds(value).size).toBe(0);
});

it('rewrites the links the resolver knows, given each link’s sys, and leaves the rest and the input as they were', () => {
  const seen: unknown[] = [];
  const rewritten = rewriteReferences(document, (id, sys) => {
    seen.push(sys);
    return id === 'draft1' ? null : `${sys.linkType as string}:${id}`;
  });
  expect(seen).toHaveLength(5);
  expect(seen[2]).toEqual({ type: 'Link', linkType: 'Asset', id: 'asset1' });
  expect([...referencedIds(rewritten)]).toEqual([
    'Entry:article1',
    'Entry:topic1',
    'Asset:asset1',
    'draft1',
  ]);
  expect((rewritten.content![1]!.data!.target!.sys as Record<string, unknown>).type).toBe('Link');
  expect([...referencedIds(document)]).toEqual(['article1', 'topic1', 'asset1', 'draft1']);
});

it('gives a Contentful document Folio’s ids: assets by their link, entries by their known type, unknown entries as they were', () => {
  const rewritten = withGlobalIds(
    document,
    new Map([
      ['article1', 'Article'],
      ['topic1', 'Topic'],
    ]),
  );
  expect([...referencedIds(rewritten)]).toEqual([
    toGlobalId('Article', 'article1'),
    toGlobalId('Topic', 'topic1'),
    toGlobalId('Asset', 'asset1'),
    'draft1',
  ]);
  expect(withGlobalIds(null, new Map())).toBeNull();
  expect(withGlobalIds('text', new Map())).toBe('text');
});
