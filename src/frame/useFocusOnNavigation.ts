import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After a client-side navigation, move focus to the new page's heading so
 * keyboard and screen-reader users land on what changed. Not on the first
 * load, and not when only the query string changes (search typing).
 */
export function useFocusOnNavigation(): void {
  const { pathname } = useLocation();
  const isFirst = useRef(true);
  useEffect(() => {
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    const heading =
      document.querySelector<HTMLElement>('#main h1') ?? document.getElementById('main');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  }, [pathname]);
}
