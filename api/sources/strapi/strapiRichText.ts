import { sanitizeRichTextDocument } from '../../../shared/richText/sanitizeRichText';

/**
 * Strapi's rich-text "blocks" (paragraph, heading, list, quote, code, image,
 * link, marked text) as the rich-text shape the client already renders
 * (Contentful's, docs/content-model.md#types), converted once on the server and validated the
 * way every document is (sanitizeRichText.ts): a node Folio does not know,
 * or one that does not validate, is skipped, never passed on.
 */
type Node = {
  nodeType: string;
  data: Record<string, unknown>;
  content?: Node[];
  value?: string;
  marks?: { type: string }[];
};
type StrapiNode = { type?: unknown; children?: unknown; [key: string]: unknown };

const MARKS = ['bold', 'italic', 'underline', 'code'] as const;

const isNode = (value: unknown): value is StrapiNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const childrenOf = (node: StrapiNode): StrapiNode[] =>
  Array.isArray(node.children) ? node.children.filter(isNode) : [];

function text(node: StrapiNode): Node {
  return {
    nodeType: 'text',
    value: typeof node.text === 'string' ? node.text : '',
    marks: MARKS.filter((mark) => node[mark] === true).map((type) => ({ type })),
    data: {},
  };
}

/** Text and links; anything else inline is left out. */
function inlines(nodes: StrapiNode[]): Node[] {
  return nodes.flatMap((node): Node[] => {
    if (node.type === 'text') return [text(node)];
    if (node.type === 'link' && typeof node.url === 'string')
      return [
        {
          nodeType: 'hyperlink',
          data: { uri: node.url },
          content: childrenOf(node)
            .filter((child) => child.type === 'text')
            .map(text),
        },
      ];
    return [];
  });
}

/** Contentful's text nodes may not be empty of children: a paragraph holds at least an empty text. */
const paragraph = (content: Node[]): Node => ({
  nodeType: 'paragraph',
  data: {},
  content: content.length > 0 ? content : [{ nodeType: 'text', value: '', marks: [], data: {} }],
});

/**
 * A quote's or list item's text as paragraphs: Strapi keeps one run of text
 * there, and a line break in it (what the import writes between two
 * paragraphs, and what a writer's Shift+Enter makes) starts the next one.
 */
function paragraphs(content: Node[]): Node[] {
  const runs: Node[][] = [[]];
  for (const node of content) {
    if (node.nodeType !== 'text' || !node.value?.includes('\n')) {
      runs.at(-1)!.push(node);
      continue;
    }
    node.value.split('\n').forEach((part, index) => {
      if (index > 0) runs.push([]);
      if (part !== '') runs.at(-1)!.push({ ...node, value: part });
    });
  }
  const filled = runs.filter((run) => run.length > 0);
  return filled.length > 0 ? filled.map(paragraph) : [paragraph([])];
}

function list(node: StrapiNode): Node {
  const items: Node[] = [];
  for (const child of childrenOf(node)) {
    // A nested list follows the item it belongs to (Strapi puts it beside the items; Contentful inside one).
    if (child.type === 'list') {
      const last = items.at(-1);
      if (last) last.content!.push(list(child));
      else items.push({ nodeType: 'list-item', data: {}, content: [list(child)] });
    } else if (child.type === 'list-item') {
      items.push({
        nodeType: 'list-item',
        data: {},
        content: paragraphs(inlines(childrenOf(child))),
      });
    }
  }
  return {
    nodeType: node.format === 'ordered' ? 'ordered-list' : 'unordered-list',
    data: {},
    content: items,
  };
}

/** One top-level block, or nothing for a type Folio does not render (an image in text: images are the body's own components). */
function block(node: StrapiNode): Node[] {
  switch (node.type) {
    case 'paragraph':
      return [paragraph(inlines(childrenOf(node)))];
    case 'heading': {
      // Folio's pages have one h1, the title: text headings start at level 2.
      const level = Math.min(Math.max(Number(node.level) || 2, 2), 6);
      return [{ nodeType: `heading-${level}`, data: {}, content: inlines(childrenOf(node)) }];
    }
    case 'list':
      return [list(node)];
    case 'quote':
      return [{ nodeType: 'blockquote', data: {}, content: paragraphs(inlines(childrenOf(node))) }];
    case 'code':
      // A code block written in the text: its lines as code-marked text (the body's code-block component is the embed with a caption).
      return [
        paragraph(childrenOf(node).map((child) => ({ ...text(child), marks: [{ type: 'code' }] }))),
      ];
    default:
      return [];
  }
}

/** Strapi blocks as top-level rich-text nodes (not yet a document). */
export function blocksToNodes(blocks: unknown): Node[] {
  return Array.isArray(blocks) ? blocks.filter(isNode).flatMap(block) : [];
}

/** A whole document from top-level nodes, validated: what does not validate is left out. */
export function richTextDocument(content: Node[]): unknown {
  return (
    sanitizeRichTextDocument({ nodeType: 'document', data: {}, content }).document ?? {
      nodeType: 'document',
      data: {},
      content: [],
    }
  );
}

/** A table component's rows (the first the header) as a rich-text table. */
export function tableNode(rows: unknown): Node[] {
  if (!Array.isArray(rows)) return [];
  const cells = rows
    .filter(Array.isArray)
    .map((row) => row.map((cell) => (typeof cell === 'string' ? cell : String(cell ?? ''))));
  if (cells.length === 0) return [];
  return [
    {
      nodeType: 'table',
      data: {},
      content: cells.map((row, index) => ({
        nodeType: 'table-row',
        data: {},
        content: row.map((cell) => ({
          nodeType: index === 0 ? 'table-header-cell' : 'table-cell',
          data: {},
          content: [paragraph([{ nodeType: 'text', value: cell, marks: [], data: {} }])],
        })),
      })),
    },
  ];
}

/** An embed of an entry or asset by its global id. */
export function embedNode(
  nodeType: 'embedded-entry-block' | 'embedded-asset-block',
  globalId: string,
): Node {
  return {
    nodeType,
    data: {
      target: {
        sys: {
          id: globalId,
          type: 'Link',
          linkType: nodeType === 'embedded-asset-block' ? 'Asset' : 'Entry',
        },
      },
    },
    content: [],
  };
}
