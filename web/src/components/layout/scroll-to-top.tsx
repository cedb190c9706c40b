import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Every route change starts at the top of the page (the spec). */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, search]);
  return null;
}
