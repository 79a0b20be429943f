import type { RichTextNode } from '../../model/contentFiles';
import { referencedIds, rewriteReferences } from '../../model/richText';
import { toGlobalId } from '../../model/globalId';
import { list, optionalRecord, record, type Json } from '../cms/answerFields';
import { sysId } from './contentfulEntries';

/**
 * Contentful's rich text (`{ json links }`): what its links bring, and the
 * document given Folio's global ids once the entries it links to are typed.
 */

const ENTRY_TYPES = new Set(['Article', 'Author', 'Topic', 'Page', 'CodeBlock', 'PullQuote']);

/**
 * A Contentful rich-text document with Folio's global ids in its links:
 * assets by the link's own `linkType`, entries by the type their `links`
 * name. An entry whose type is not known (unpublished, or its links not
 * fetched) keeps Contentful's id, which names nothing Folio resolves: the
 * client leaves that embed out.
 */
export function withGlobalIds(json: unknown, entryTypes: ReadonlyMap<string, string>): unknown {
  if (typeof json !== 'object' || json === null) return json;
  return rewriteReferences(json as RichTextNode, (id, sys) => {
    const type = sys.linkType === 'Asset' ? 'Asset' : entryTypes.get(id);
    return type ? toGlobalId(type, id) : null;
  });
}

/** The ids of the entries a document links to (its asset links left out). */
export const linkedEntryIds = (json: unknown) =>
  referencedIds(json, (sys) => sys.linkType !== 'Asset');

/** The links' entries and assets, and each linked entry's type by id. */
export function linksOf(
  body: Json,
  path: string,
): { entries: Json[]; assets: unknown[]; types: Map<string, string> } {
  const links = optionalRecord(body.links, `${path}.links`);
  const types = new Map<string, string>();
  if (!links) return { entries: [], assets: [], types };
  const entryGroups = record(links.entries, `${path}.links.entries`);
  const assetGroups = record(links.assets, `${path}.links.assets`);
  const entries = ['block', 'inline', 'hyperlink'].flatMap((group) =>
    list(entryGroups, group, `${path}.links.entries`).flatMap((entry, index) =>
      entry === null ? [] : [record(entry, `${path}.links.entries.${group}[${index}]`)],
    ),
  );
  for (const entry of entries) {
    const type =
      typeof entry.__typename === 'string' && ENTRY_TYPES.has(entry.__typename)
        ? entry.__typename
        : null;
    if (type) types.set(sysId(entry, `${path}.links`), type);
  }
  const assets = ['block', 'hyperlink'].flatMap((group) =>
    list(assetGroups, group, `${path}.links.assets`).filter((asset) => asset !== null),
  );
  // Asset links carry their own type; the document names them by id alone.
  for (const asset of assets)
    types.set(sysId(record(asset, `${path}.links.assets`), `${path}.links.assets`), 'Asset');
  return { entries, assets, types };
}
