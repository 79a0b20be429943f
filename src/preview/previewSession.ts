/**
 * Preview mode (SPEC §5). The token lives in sessionStorage for this browser
 * tab's session and never stays in the URL. Entering or leaving preview loads
 * the page afresh, so each page load has exactly one Relay environment: the
 * reader's store can never hold a draft.
 */
export const PREVIEW_PATH = '/preview';
const STORAGE_KEY = 'folio:preview-token';

export function previewToken(storage: Storage | undefined = globalThis.sessionStorage): string | null {
  try {
    const token = storage?.getItem(STORAGE_KEY);
    return token && token.trim() !== '' ? token : null;
  } catch {
    return null;
  }
}

/** Only a path on this site: `/preview?to=https://elsewhere` must not send the reader away. */
export function safeReturnPath(to: string | null): string {
  if (!to || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return '/';
  return to;
}

/**
 * `/preview?token=…&to=/articles/x`: keeps the token and says where to go.
 * Returns null when the URL is not the preview entry.
 */
export function enterPreview(url: URL, storage: Storage | undefined = globalThis.sessionStorage): string | null {
  if (url.pathname !== PREVIEW_PATH) return null;
  const token = url.searchParams.get('token')?.trim();
  if (token) storage?.setItem(STORAGE_KEY, token);
  return safeReturnPath(url.searchParams.get('to'));
}

export function exitPreview(storage: Storage | undefined = globalThis.sessionStorage): void {
  storage?.removeItem(STORAGE_KEY);
}
