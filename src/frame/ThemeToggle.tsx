import { useSyncExternalStore } from 'react';
import { applyTheme, currentTheme, subscribeToTheme, type Theme } from './theme';

/** Switches between light and dark; the choice is remembered in this browser. */
export function ThemeToggle() {
  // Known only in the browser: nothing on the server and while hydrating, so
  // both render alike; then the theme in use.
  const theme = useSyncExternalStore<Theme | null>(subscribeToTheme, currentTheme, () => null);
  if (!theme) return <span className="theme-toggle theme-toggle--placeholder" />;
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="theme-toggle"
      aria-label={`Use ${next} colours`}
      title={`Use ${next} colours`}
      onClick={() => applyTheme(next)}
    >
      <span aria-hidden="true">{theme === 'dark' ? '☀' : '☾'}</span>
    </button>
  );
}
