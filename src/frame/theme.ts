import { THEME_STORAGE_KEY } from '../../shared/inlineScripts/themeScript';

/** The reader's colour scheme: their choice, remembered, or the system's. */
export type Theme = 'light' | 'dark';

/** Sent in this page when the theme is chosen ('storage' only reaches other tabs). */
const CHANGED = 'folio:theme-changed';

export function storedTheme(): Theme | null {
  try {
    const value = globalThis.localStorage?.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

export function systemTheme(): Theme {
  return globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Not remembered, but applied for this visit.
  }
  window.dispatchEvent(new Event(CHANGED));
}

/** The theme in use: the one chosen here, else the one remembered, else the system's. */
export function currentTheme(): Theme {
  const chosen = document.documentElement.dataset.theme;
  return chosen === 'light' || chosen === 'dark' ? chosen : (storedTheme() ?? systemTheme());
}

/** For `useSyncExternalStore`: calls `listener` when the theme is chosen (here or in another tab) or the system's changes. */
export function subscribeToTheme(listener: () => void): () => void {
  const media = globalThis.matchMedia?.('(prefers-color-scheme: dark)');
  window.addEventListener(CHANGED, listener);
  window.addEventListener('storage', listener);
  media?.addEventListener('change', listener);
  return () => {
    window.removeEventListener(CHANGED, listener);
    window.removeEventListener('storage', listener);
    media?.removeEventListener('change', listener);
  };
}
