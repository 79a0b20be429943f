import { SEARCH_MAX_LENGTH, SEARCH_PAGE_SIZE } from '../../shared/limits';
import { checkFirst, connection } from './connections';
import type { ApiContext } from './context';
import { snippetSpans } from '../sources/searchHeadline';

// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** `Query.search`: best match first, with the passage that matched. */
export async function searchArticles(
  content: ApiContext['content'],
  query: string,
  first: number | null | undefined,
  after: string | null | undefined,
) {
  // Control characters become spaces (PostgreSQL refuses U+0000 in text): docs/errors.md#validation says any text searches, so a reader's stray byte is not an error.
  const text = query.replace(CONTROL_CHARACTERS, ' ').trim().slice(0, SEARCH_MAX_LENGTH);
  const page = await content.search(text, { first: checkFirst(first, SEARCH_PAGE_SIZE), after });
  return connection(page, (hit) => ({ node: hit.article, snippet: snippetSpans(hit.headline) }));
}
