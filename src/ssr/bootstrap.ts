import type { RecordMap } from 'relay-runtime/store/RelayStoreTypes';
import type { Site } from '../site/SiteContext';

/**
 * What a server-rendered document hands the browser, in one JSON script
 * element: the records the page was rendered from (the browser's Relay store
 * starts from them, so hydration sends no request) and how the site is served.
 */
export interface PageBootstrap {
  site: Site;
  /** Hydrate the server's HTML; false when the server rendered an error page (the browser starts afresh). */
  hydrate: boolean;
  records: RecordMap;
}

export const BOOTSTRAP_ELEMENT_ID = 'folio-bootstrap';

const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

/**
 * JSON that can stand inside a `<script>` element: `<` (so no `</script` or
 * `<!--` can end or change it), `>`, `&` and the two line separators that
 * older JavaScript parsers take for line ends are written as `\uXXXX`, which
 * JSON.parse reads back as the same characters.
 */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    UNSAFE_IN_SCRIPT,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The bootstrap of a server-rendered document, or null (a page the browser renders alone, as in development). */
export function readBootstrap(doc: Document = document): PageBootstrap | null {
  const text = doc.getElementById(BOOTSTRAP_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageBootstrap;
  } catch {
    return null;
  }
}
