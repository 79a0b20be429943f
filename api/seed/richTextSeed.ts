import { toGlobalId } from '../schema/globalId';
import type { RichTextNode } from './contentFiles';

/** Maps a content reference (`article:slug`, `asset:key`, …) to the API's global ID. */
export type ReferenceResolver = (reference: string) => string | null;

/** A copy of the document with every `<kind>:<key>` reference rewritten to a global ID. */
export function rewriteReferences(node: RichTextNode, resolve: ReferenceResolver): RichTextNode {
  const copy: RichTextNode = { ...node };
  const id = node.data?.target?.sys?.id;
  if (typeof id === 'string') {
    const globalId = resolve(id);
    if (globalId) copy.data = { ...node.data, target: { ...node.data!.target, sys: { ...node.data!.target!.sys, id: globalId } } };
  }
  if (node.content) copy.content = node.content.map((child) => rewriteReferences(child, resolve));
  return copy;
}

/** The words of a document, for search and reading time. */
export function plainText(node: RichTextNode): string {
  if (node.nodeType === 'text') return node.value ?? '';
  const separator = node.nodeType === 'paragraph' || node.nodeType.startsWith('heading') || node.nodeType === 'list-item' ? '\n' : ' ';
  return (node.content ?? []).map(plainText).join('') + separator;
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
export const ENTRY_KINDS = REFERENCE_KINDS.filter((kind) => kind !== ASSET_KIND);

/** A resolver over maps from content keys to database ids, by kind. */
export function referenceResolver(ids: Record<string, Map<string, number>>): ReferenceResolver {
  return (reference) => {
    const colon = reference.indexOf(':');
    if (colon < 0) return null;
    const kind = reference.slice(0, colon);
    const type = (KIND_TO_TYPE as Record<string, string>)[kind];
    const id = ids[kind]?.get(reference.slice(colon + 1));
    return type && id !== undefined ? toGlobalId(type, id) : null;
  };
}
