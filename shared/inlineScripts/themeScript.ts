/** Where the reader's chosen colour scheme is remembered (src/frame/theme.ts reads and writes it). */
export const THEME_STORAGE_KEY = 'folio:theme';

/**
 * Runs in the document's head before the first paint: applies a remembered
 * colour scheme so a dark page never flashes light. Inline because it must
 * run before any file arrives; the CSP allows it by its hash
 * (server/http/securityHeaders.ts).
 */
export const THEME_SCRIPT = `try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});if(t==='light'||t==='dark')document.documentElement.dataset.theme=t}catch(e){}`;
