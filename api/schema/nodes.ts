import type { Entry, Asset } from '../sources/contentSource';
import type { ApiContext } from './context';
import { fromGlobalId } from '../model/globalId';

/**
 * `Query.node`: any object by its global ID, null when it does not exist or is
 * not visible. Assets and embeds have no status: asked for on their own, they
 * are visible when something visible shows them; named by a document the
 * reader already sees (`namedByVisibleDocument`, rich-text links), they are.
 */
export async function resolveNode(
  globalId: string,
  { contentIn }: Pick<ApiContext, 'contentIn'>,
  { namedByVisibleDocument = false } = {},
): Promise<Entry | Asset | null> {
  const parsed = fromGlobalId(globalId);
  if (!parsed || parsed.id === '') return null;
  const { id } = parsed;
  const content = contentIn(parsed.locale);
  switch (parsed.type) {
    case 'Article':
      return content.article({ id });
    case 'Author':
      return content.author({ id });
    case 'Topic':
      return content.topic({ id });
    case 'Page':
      return content.page({ id });
    case 'Asset':
      return content.asset(id, { namedByVisibleDocument });
    case 'CodeBlock':
    case 'PullQuote':
      return content.embed(parsed.type, id, { namedByVisibleDocument });
    default:
      return null;
  }
}
