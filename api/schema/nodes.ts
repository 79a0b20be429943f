import type { Entry, Asset } from '../sources/contentSource';
import type { ApiContext } from './context';
import { fromGlobalId } from '../model/globalId';
import { DEFAULT_LOCALE, type Locale } from '../../shared/locales';

/** An object as read in `locale`: the default locale's stays as the source gave it. */
export function inLocale<T extends object>(value: T | null, locale: Locale): T | null {
  return value === null || locale === DEFAULT_LOCALE ? value : { ...value, locale };
}

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
    // Read in a locale, an asset's alt text and an embed's words are in it: so is its id.
    case 'Asset':
      return inLocale(await content.asset(id, { namedByVisibleDocument }), parsed.locale);
    case 'CodeBlock':
    case 'PullQuote':
      return inLocale(
        await content.embed(parsed.type, id, { namedByVisibleDocument }),
        parsed.locale,
      );
    default:
      return null;
  }
}
