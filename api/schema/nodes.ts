import type { ApiContext } from './context';
import { fromGlobalId } from './globalId';

/** `Query.node`: any object by its global ID, null when it does not exist or is not visible. */
export async function resolveNode(globalId: string, { loaders }: ApiContext) {
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
      return loaders.assetById.load(id);
    case 'CodeBlock':
    case 'PullQuote': {
      const embed = await loaders.embedById.load(id);
      return embed?.type === parsed.type ? embed : null;
    }
    default:
      return null;
  }
}
