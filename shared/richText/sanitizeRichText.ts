import { BLOCKS, validateRichTextDocument, type Document } from '@contentful/rich-text-types';

import { RICH_TEXT_MAX_DEPTH, RICH_TEXT_MAX_NODES } from '../limits';

type JsonNode = { nodeType?: unknown; content?: unknown; [key: string]: unknown };

export interface SanitizedRichText {
  /** Null when nothing of the input is a document. */
  document: Document | null;
  /** How many nodes were left out (invalid, unknown, too deep or over the limit). */
  skipped: number;
}

/**
 * docs/errors.md#validation: rich text is validated before rendering; invalid or unknown nodes
 * are skipped, never allowed to crash the page. The document is first cut to
 * the depth and size limits, then `validateRichTextDocument` names each bad
 * node by its path and that node (with what it holds) is removed, until the
 * rest validates.
 */
export function sanitizeRichTextDocument(input: unknown): SanitizedRichText {
  if (!isObject(input) || input.nodeType !== BLOCKS.DOCUMENT || !Array.isArray(input.content)) {
    return { document: null, skipped: 0 };
  }
  const budget = { nodes: 0, skipped: 0 };
  const document = prune(input, 0, budget) as JsonNode;
  if (!isObject(document.data)) document.data = {};

  for (let round = 0; round < 50; round += 1) {
    const errors = validateRichTextDocument(document as unknown as Document);
    if (errors.length === 0)
      return { document: document as unknown as Document, skipped: budget.skipped };
    const paths = uniqueNodePaths(errors.map((error) => error.path ?? []));
    if (paths.some((path) => path.length === 0)) return { document: null, skipped: budget.skipped };
    // Remove the deepest and last nodes first so earlier indices stay valid.
    paths.sort(comparePathsDescending);
    for (const path of paths) {
      if (removeAt(document, path)) budget.skipped += 1;
    }
  }
  return { document: null, skipped: budget.skipped };
}

function isObject(value: unknown): value is JsonNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A copy of the tree without anything past the depth or node limits. */
function prune(
  node: JsonNode,
  depth: number,
  budget: { nodes: number; skipped: number },
): JsonNode {
  budget.nodes += 1;
  const copy: JsonNode = { ...node };
  if (Array.isArray(node.content)) {
    const children: JsonNode[] = [];
    for (const child of node.content as unknown[]) {
      if (
        !isObject(child) ||
        depth + 1 > RICH_TEXT_MAX_DEPTH ||
        budget.nodes >= RICH_TEXT_MAX_NODES
      ) {
        budget.skipped += 1;
        continue;
      }
      children.push(prune(child, depth + 1, budget));
    }
    copy.content = children;
  }
  return copy;
}

/** The path of the node an error is about: up to and including its last index. */
function uniqueNodePaths(errorPaths: (string | number)[][]): (string | number)[][] {
  const seen = new Map<string, (string | number)[]>();
  for (const errorPath of errorPaths) {
    let end = errorPath.length;
    while (end > 0 && typeof errorPath[end - 1] !== 'number') end -= 1;
    const path = errorPath.slice(0, end);
    seen.set(JSON.stringify(path), path);
  }
  // A node inside a removed node needs no removal of its own.
  const paths = [...seen.values()];
  return paths.filter(
    (path) =>
      !paths.some(
        (other) =>
          other !== path &&
          other.length < path.length &&
          other.every((part, i) => part === path[i]),
      ),
  );
}

function comparePathsDescending(a: (string | number)[], b: (string | number)[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    const x = a[i]!;
    const y = b[i]!;
    if (x !== y)
      return typeof x === 'number' && typeof y === 'number'
        ? y - x
        : String(y).localeCompare(String(x));
  }
  return b.length - a.length;
}

function removeAt(root: JsonNode, path: (string | number)[]): boolean {
  let parent: unknown = root;
  for (const part of path.slice(0, -1)) {
    parent = (parent as Record<string | number, unknown>)[part];
    if (parent === undefined || parent === null) return false;
  }
  const index = path[path.length - 1];
  if (!Array.isArray(parent) || typeof index !== 'number' || index >= parent.length) return false;
  parent.splice(index, 1);
  return true;
}
