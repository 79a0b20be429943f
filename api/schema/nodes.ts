import type { ApiContext } from './context';
import { fromGlobalId } from './globalId';

/**
 * `Query.node`: any object by its global ID, null when it does not exist or is
 * not visible. Assets and embeds have no status: asked for on their own, they
 * are visible when something visible shows them; named by a document the
 * reader already sees (`namedByVisibleDocument`, rich-text links), they are.
 */
export async function resolveNode(globalId: string, { loaders, preview }: ApiContext, { namedByVisibleDocument = false } = {}) {
  const checked = preview || namedByVisibleDocument;
  const parsed = fromGlobalId(globalId);
  if (!parsed || !/^\d{1,9}$/.test(parsed.id)) return null;
  const id = Number(parsed.id);
  switch (parsed.type) {
    case 'Article':
      return loaders.articleById.load(id);
    case 'Author':
      return loaders.authorById.load(id);
    case 'Topic':
      return loaders.topicById.load(id);
    case 'Page':
      return loaders.pageById.load(id);
    case 'Asset':
      return checked || (await loaders.assetIsVisible.load(id)) ? loaders.assetById.load(id) : null;
    case 'CodeBlock':
    case 'PullQuote': {
      if (!checked && !(await loaders.embedIsVisible.load(id))) return null;
      const embed = await loaders.embedById.load(id);
      return embed?.type === parsed.type ? embed : null;
    }
    default:
      return null;
  }
}
