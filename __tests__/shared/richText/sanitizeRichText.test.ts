import { validateRichTextDocument, type Document } from '@contentful/rich-text-types';
import { RICH_TEXT_MAX_DEPTH, RICH_TEXT_MAX_NODES } from '../../../shared/limits';
import { sanitizeRichTextDocument } from '../../../shared/richText/sanitizeRichText';

const text = (value: string) => ({ nodeType: 'text', value, marks: [], data: {} });
const paragraph = (...content: unknown[]) => ({ nodeType: 'paragraph', data: {}, content });
const doc = (...content: unknown[]) => ({ nodeType: 'document', data: {}, content });

function texts(document: Document | null): string[] {
  const out: string[] = [];
  const walk = (node: unknown) => {
    const n = node as { nodeType: string; value?: string; content?: unknown[] };
    if (n.nodeType === 'text') out.push(n.value ?? '');
    n.content?.forEach(walk);
  };
  if (document) walk(document);
  return out;
}

function countNodes(node: unknown): number {
  const n = node as { content?: unknown[] } | null;
  return n ? 1 + (n.content ?? []).reduce<number>((sum, child) => sum + countNodes(child), 0) : 0;
}

describe('sanitizeRichTextDocument', () => {
  it('keeps a valid document as it is', () => {
    const input = doc(paragraph(text('one')), {
      nodeType: 'heading-2',
      data: {},
      content: [text('two')],
    });
    const { document, skipped } = sanitizeRichTextDocument(input);
    expect(skipped).toBe(0);
    expect(document).toEqual(input);
  });

  it('skips an unknown inline node and keeps its siblings', () => {
    const { document, skipped } = sanitizeRichTextDocument(
      doc(
        paragraph(
          text('before'),
          { nodeType: 'blink', data: {}, content: [text('no')] },
          text('after'),
        ),
      ),
    );
    expect(skipped).toBe(1);
    expect(texts(document)).toEqual(['before', 'after']);
    expect(validateRichTextDocument(document!)).toEqual([]);
  });

  it('skips an invalid top-level node (an inline where a block belongs) and malformed nodes', () => {
    const { document } = sanitizeRichTextDocument(
      doc(
        paragraph(text('kept')),
        { nodeType: 'hyperlink', data: { uri: 'https://x.example' }, content: [text('loose')] },
        'not a node',
        null,
        paragraph(text('also kept')),
      ),
    );
    expect(texts(document)).toEqual(['kept', 'also kept']);
  });

  it('skips an embed without a target', () => {
    const { document } = sanitizeRichTextDocument(
      doc({ nodeType: 'embedded-entry-block', data: {}, content: [] }, paragraph(text('ok'))),
    );
    expect(document?.content.map((node) => node.nodeType)).toEqual(['paragraph']);
  });

  it(`cuts nesting deeper than ${RICH_TEXT_MAX_DEPTH}`, () => {
    let node: unknown = paragraph(text('deep'));
    for (let i = 0; i < RICH_TEXT_MAX_DEPTH + 5; i += 1)
      node = { nodeType: 'blockquote', data: {}, content: [node] };
    const { document, skipped } = sanitizeRichTextDocument(doc(node, paragraph(text('shallow'))));
    expect(skipped).toBeGreaterThan(0);
    expect(texts(document)).toEqual(['shallow']);
  });

  it(`renders at most ${RICH_TEXT_MAX_NODES} nodes`, () => {
    const many = Array.from({ length: RICH_TEXT_MAX_NODES }, (_, i) => paragraph(text(`p${i}`)));
    const { document, skipped } = sanitizeRichTextDocument(doc(...many));
    expect(skipped).toBeGreaterThan(0);
    expect(countNodes(document)).toBeLessThanOrEqual(RICH_TEXT_MAX_NODES);
    expect(countNodes(document)).toBeGreaterThan(RICH_TEXT_MAX_NODES - 3);
    expect(validateRichTextDocument(document!)).toEqual([]);
  });

  it('returns no document for something that is not one', () => {
    expect(sanitizeRichTextDocument(null).document).toBeNull();
    expect(sanitizeRichTextDocument({ nodeType: 'paragraph', content: [] }).document).toBeNull();
    expect(sanitizeRichTextDocument('<script>alert(1)</script>').document).toBeNull();
  });
});
