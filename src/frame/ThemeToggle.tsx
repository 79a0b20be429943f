import { useSyncExternalStore } from 'react';
import { applyTheme, currentTheme, subscribeToTheme, type Theme } from './theme';
import { useMessages } from '../i18n/useMessages';

/** Switches between light and dark; the choice is remembered in this browser. */
export function ThemeToggle() {
  const t = useMessages();
  // Known only in the browser: nothing on the server and while hydrating, so
  // both render alike; then the theme in use.
  const theme = useSyncExternalStore<Theme | null>(subscribeToTheme, currentTheme, () => null);
  if (!theme) return <span className="theme-toggle theme-toggle--placeholder" />;
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? t('theme.useDark') : t('theme.useLight');
  return (
    <button
      type="button"
      className="theme-toggle"
      aria-label={label}
      title={label}
      onClick={() => applyTheme(next)}
    >
      <span aria-hidden="true">{theme === 'dark' ? '☀' : '☾'}</span>
    </button>
  );
}
