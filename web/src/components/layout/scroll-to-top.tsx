import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Every route change starts at the top of the page (the spec). It also marks the page as one
 * reached within the visit (`data-moved` on <html>): only those fade in (`.fade-in`), since the
 * first page arrives drawn and should show at once.
 */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    if (first.current) first.current = false;
    else document.documentElement.dataset.moved = '';
  }, [pathname, search]);
  return null;
}
