import { useEffect, useSyncExternalStore } from 'react';
import { resetOnPageLoad } from './page-load';
import { createStore } from './store';

// Whether the page's own code has taken its markup over. A page the server drew can be read at
// once, but its buttons and fields work only once React has hydrated it, which happens after
// its chunk arrives (app/lazy-page), later than the frame around it.
const pageTaken = createStore(false);
// A fresh load has taken over no page yet.
resetOnPageLoad(() => pageTaken.set(false));

/** False on the server and until the first page has been taken over by React; then true for the visit. */
export function usePageHydrated(): boolean {
  return useSyncExternalStore(pageTaken.subscribe, pageTaken.getSnapshot, () => false);
}

/** Put beside a page, inside its Suspense boundary: says so once React has the page. */
export function PageHydrated(): null {
  useEffect(() => pageTaken.set(true), []);
  return null;
}
