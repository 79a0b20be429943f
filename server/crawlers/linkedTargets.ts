import { referencedIds } from '../../api/model/richText';
import type { Asset, ContentReader, CrawlContent, Entry } from '../../api/contentService';
import { articlePath, authorPath, IMAGES_PATH, pagePath, topicPath } from '../../shared/sitePaths';

/** What a rich-text node may point at, reduced to what a feed entry shows of it. Paths are site-relative. */
export type LinkedTarget =
  | { kind: 'entry'; path: string; label: string }
  | { kind: 'code'; code: string; caption: string | null }
  | { kind: 'quote'; quote: string; attribution: string | null }
  | { kind: 'asset'; path: string; alt: string; width: number; height: number };

/** What a feed entry shows of one linked entry or asset. */
function targetOf(node: Entry | Asset): LinkedTarget {
  switch (node.__typename) {
    case 'Article':
      return { kind: 'entry', path: articlePath(node.slug), label: node.title };
    case 'Author':
      return { kind: 'entry', path: authorPath(node.slug), label: node.name };
    case 'Topic':
      return { kind: 'entry', path: topicPath(node.slug), label: node.name };
    case 'Page':
      return { kind: 'entry', path: pagePath(node.slug), label: node.title };
    case 'CodeBlock':
      return { kind: 'code', code: node.code, caption: node.caption };
    case 'PullQuote':
      return { kind: 'quote', quote: node.quote, attribution: node.attribution };
    case 'Asset':
      // The same URL the API gives (api/schema/resolvers.ts, Asset.url).
      return {
        kind: 'asset',
        path: `${IMAGES_PATH}/${node.file}?v=${node.version}`,
        alt: node.alt,
        width: node.width,
        height: node.height,
      };
  }
}

/**
 * Everything the (already sanitized, so bounded) documents link to and a
 * reader may see, by global id: through the reader's content, as the API's
 * `RichText.links` reads it (one batch per kind).
 */
export async function loadLinkedTargets(
  crawl: Pick<CrawlContent, 'linkedNode'>,
  content: ContentReader,
  documents: unknown[],
): Promise<Map<string, LinkedTarget>> {
  // The ids (`data.target.sys.id`) named anywhere in the documents, each once.
  const ids = [...new Set(documents.flatMap((document) => [...referencedIds(document)]))];
  const nodes = await Promise.all(ids.map((id) => crawl.linkedNode(content, id)));
  return new Map(
    ids.flatMap((id, index) => (nodes[index] ? [[id, targetOf(nodes[index])] as const] : [])),
  );
}
