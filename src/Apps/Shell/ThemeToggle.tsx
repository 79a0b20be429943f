import { useEffect, useState } from 'react';
import { applyTheme, storedTheme, systemTheme, type Theme } from './theme';

/** Switches between light and dark; the choice is remembered in this browser. */
export function ThemeToggle() {
  // Known only in the browser: render nothing until mounted, so a server
  // render and the first client render agree.
  const [theme, setTheme] = useState<Theme | null>(null);
  useEffect(() => setTheme(storedTheme() ?? systemTheme()), []);
  if (!theme) return <span className="theme-toggle theme-toggle--placeholder" />;
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="theme-toggle"
      aria-label={`Use ${next} colours`}
      title={`Use ${next} colours`}
      onClick={() => {
        applyTheme(next);
        setTheme(next);
      }}
    >
      <span aria-hidden="true">{theme === 'dark' ? '☀' : '☾'}</span>
    </button>
  );
}
