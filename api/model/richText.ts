import { RICH_TEXT_MAX_DEPTH, RICH_TEXT_MAX_NODES } from '../../shared/limits';
import { toGlobalId } from './globalId';
import type { RichTextNode } from './contentFiles';

/** A link's `data.target.sys` as Contentful writes it: `{ type: 'Link', linkType: 'Entry' | 'Asset', id }`. */
export type LinkSys = { id: string; type?: unknown; linkType?: unknown; [key: string]: unknown };

/** Maps a content reference (`article:slug`, `asset:key`, …) to the API's global ID; `sys` is the whole link it was read from. */
export type ReferenceResolver = (reference: string, sys: LinkSys) => string | null;

/**
 * A copy of the document with every reference the resolver knows rewritten to
 * what it gives (the link's other fields kept). Nodes past the depth and size
 * limits (shared/limits.ts) are copied as they are: nothing reads them (the
 * client and the API drop them, and content/ refuses a body that has them).
 */
export function rewriteReferences(node: RichTextNode, resolve: ReferenceResolver): RichTextNode {
  let budget = RICH_TEXT_MAX_NODES;
  const copy = (node: unknown, depth: number): unknown => {
    if (typeof node !== 'object' || node === null || depth > RICH_TEXT_MAX_DEPTH || budget-- <= 0)
      return node;
    const { data, content } = node as RichTextNode;
    const next: RichTextNode = { ...(node as RichTextNode) };
    const sys = data?.target?.sys as Partial<LinkSys> | undefined;
    if (typeof sys?.id === 'string') {
      const id = resolve(sys.id, sys as LinkSys);
      if (id) next.data = { ...data, target: { ...data!.target, sys: { ...sys, id } } };
    }
    if (Array.isArray(content))
      next.content = content.map((child) => copy(child, depth + 1) as RichTextNode);
    return next;
  };
  return copy(node, 0) as RichTextNode;
}

/** The ids (`data.target.sys.id`) a document links to, each once, in document order; with `filter`, only the links it keeps. Anything not a node is skipped. */
export function referencedIds(
  document: unknown,
  filter: (sys: LinkSys) => boolean = () => true,
): Set<string> {
  const ids = new Set<string>();
  const walk = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    const { data, content } = node as {
      data?: { target?: { sys?: Partial<LinkSys> } };
      content?: unknown;
    };
    const sys = data?.target?.sys;
    if (typeof sys?.id === 'string' && filter(sys as LinkSys)) ids.add(sys.id);
    if (Array.isArray(content)) content.forEach(walk);
  };
  walk(document);
  return ids;
}

/** Nodes that sit inside a line of text: their words join the words around them, with no space added. */
const INLINE_NODES = new Set([
  'hyperlink',
  'entry-hyperlink',
  'asset-hyperlink',
  'resource-hyperlink',
  'embedded-entry-inline',
  'embedded-resource-inline',
]);

/**
 * The words of a document, for search (and its snippets) and reading time:
 * a block ends with a line break or a space, an inline node (a link, an
 * entry placed in a sentence) adds none. An entry placed in a sentence has
 * no words of its own: `nameOf` gives its name (a topic's, an author's…)
 * when the caller knows it.
 */
export function plainText(
  node: RichTextNode,
  nameOf?: (sys: LinkSys) => string | null | undefined,
): string {
  if (node.nodeType === 'text') return node.value ?? '';
  if (node.nodeType === 'embedded-entry-inline') {
    const sys = node.data?.target?.sys as Partial<LinkSys> | undefined;
    return (typeof sys?.id === 'string' && nameOf?.(sys as LinkSys)) || '';
  }
  const words = (node.content ?? []).map((child) => plainText(child, nameOf)).join('');
  if (INLINE_NODES.has(node.nodeType)) return words;
  const separator =
    node.nodeType === 'paragraph' ||
    node.nodeType.startsWith('heading') ||
    node.nodeType === 'list-item'
      ? '\n'
      : ' ';
  return words + separator;
}

export const WORDS_PER_MINUTE = 230;

export function readingTimeMinutes(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/**
 * The kinds of `<kind>:<key>` references content/ writes (content/README.md),
 * and the API type each one becomes.
 */
export const KIND_TO_TYPE = {
  article: 'Article',
  author: 'Author',
  topic: 'Topic',
  page: 'Page',
  codeBlock: 'CodeBlock',
  pullQuote: 'PullQuote',
  asset: 'Asset',
} as const satisfies Record<string, string>;
export type ReferenceKind = keyof typeof KIND_TO_TYPE;
export const REFERENCE_KINDS = Object.keys(KIND_TO_TYPE) as ReferenceKind[];
/** The one kind that is an asset (`Link` of linkType `Asset`); every other kind is an entry. */
export const ASSET_KIND = 'asset';

/** A resolver over maps from what references name to database ids, by kind. */
export function referenceResolver(
  ids: Record<string, { get(name: string): number | undefined } | undefined>,
): ReferenceResolver {
  return (reference) => {
    const colon = reference.indexOf(':');
    if (colon < 0) return null;
    const kind = reference.slice(0, colon);
    const type = (KIND_TO_TYPE as Record<string, string>)[kind];
    const id = ids[kind]?.get(reference.slice(colon + 1));
    return type && id !== undefined ? toGlobalId(type, id) : null;
  };
}
