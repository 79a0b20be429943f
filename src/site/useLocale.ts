import { useCallback } from 'react';
import { useLocation } from 'react-router';
import type { Locale } from '../../shared/locales';
import { localeOfPath, localePath } from '../../shared/sitePaths';

/** The page's language: its URL says it (docs/decisions.md#locales), the same on the server and in the browser. */
export function useLocale(): Locale {
  return localeOfPath(useLocation().pathname);
}

/** A site path (`articlePath(slug)`, `/topics`) in the page's locale: `/de/articles/…` on a German page. */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localePath(locale, path), [locale]);
}
