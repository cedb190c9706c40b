import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React takes over a page the server drew (and on the server), true from then on
 * and on every page drawn in the browser: what needs the page's script waits for it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
