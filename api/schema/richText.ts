import { RICH_TEXT_MAX_DEPTH, RICH_TEXT_MAX_NODES } from '../../shared/limits';
import type { ApiContext } from './context';
import { fromGlobalId, inLocaleOf } from '../model/globalId';
import { rewriteReferences } from '../model/richText';
import type { RichTextNode } from '../model/contentFiles';
import { DEFAULT_LOCALE, type Locale } from '../../shared/locales';
import type { Asset } from '../sources/contentSource';
import { resolveNode } from './nodes';

type Json = {
  nodeType?: unknown;
  data?: { target?: { sys?: { id?: unknown } } };
  content?: unknown;
};

const ENTRY_NODES = {
  'embedded-entry-block': 'block',
  'embedded-entry-inline': 'inline',
  'entry-hyperlink': 'hyperlink',
} as const;
const ASSET_NODES = { 'embedded-asset-block': 'block', 'asset-hyperlink': 'hyperlink' } as const;

/** The ids a document links to, by where they appear. */
function collectTargets(document: unknown) {
  const entries = {
    block: new Set<string>(),
    inline: new Set<string>(),
    hyperlink: new Set<string>(),
  };
  const assets = { block: new Set<string>(), hyperlink: new Set<string>() };
  let budget = RICH_TEXT_MAX_NODES;
  const walk = (node: unknown, depth: number) => {
    if (typeof node !== 'object' || node === null || depth > RICH_TEXT_MAX_DEPTH || budget-- <= 0)
      return;
    const { nodeType, data, content } = node as Json;
    const id = data?.target?.sys?.id;
    if (typeof nodeType === 'string' && typeof id === 'string') {
      if (nodeType in ENTRY_NODES)
        entries[ENTRY_NODES[nodeType as keyof typeof ENTRY_NODES]].add(id);
      if (nodeType in ASSET_NODES)
        assets[ASSET_NODES[nodeType as keyof typeof ASSET_NODES]].add(id);
    }
    if (Array.isArray(content)) for (const child of content) walk(child, depth + 1);
  };
  walk(document, 0);
  return { entries, assets };
}

/**
 * A document of `locale` with its links as read there: a link that names no
 * locale (an asset, or any document a Strapi or Contentful body links) names
 * `locale`'s version, so that what it resolves to (an image's alt text in
 * that language, the translation an embed shows) has an id of its own in the
 * client's store (docs/decisions.md#locales).
 */
export function richTextIn(document: unknown, locale: Locale): unknown {
  return locale === DEFAULT_LOCALE
    ? document
    : rewriteReferences(document as RichTextNode, (id) => inLocaleOf(id, locale));
}

const ENTRY_TYPES = new Set(['Article', 'Author', 'Topic', 'Page', 'CodeBlock', 'PullQuote']);

/**
 * `RichText.links`: the entries and assets the document names, fetched through
 * the request's loaders. What a reader may not see (a draft) is left out, and
 * the client then leaves out the embed. The document itself is visible to
 * this request, so what it names needs no check of its own beyond that.
 */
export async function richTextLinks(document: unknown, context: ApiContext) {
  const { entries, assets } = collectTargets(document);
  const loadEntries = async (ids: Set<string>) => {
    const nodes = await Promise.all(
      [...ids]
        .filter((id) => ENTRY_TYPES.has(fromGlobalId(id)?.type ?? ''))
        .map((id) => resolveNode(id, context, { namedByVisibleDocument: true })),
    );
    return nodes.filter((node) => node !== null);
  };
  const loadAssets = async (ids: Set<string>) => {
    const nodes = await Promise.all(
      [...ids].map((id) => resolveNode(id, context, { namedByVisibleDocument: true })),
    );
    return nodes.filter((node): node is Asset => node?.__typename === 'Asset');
  };
  // All five groups at once: their lookups share the request's DataLoader batches.
  const [entryBlocks, entryInlines, entryHyperlinks, assetBlocks, assetHyperlinks] =
    await Promise.all([
      loadEntries(entries.block),
      loadEntries(entries.inline),
      loadEntries(entries.hyperlink),
      loadAssets(assets.block),
      loadAssets(assets.hyperlink),
    ]);
  return {
    entries: { block: entryBlocks, inline: entryInlines, hyperlink: entryHyperlinks },
    assets: { block: assetBlocks, hyperlink: assetHyperlinks },
  };
}
