// One small external store for what the whole app shares outside React (the cart, who is
// signed in, the studio's facts): a value, its listeners, and a hook to read it.
import { useCallback, useSyncExternalStore } from 'react';

export interface Store<T> {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => T;
  /** Puts a new value (or the value made from the current one) and tells every listener. */
  set: (next: T | ((current: T) => T)) => void;
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => value,
    set(next) {
      value = typeof next === 'function' ? (next as (current: T) => T)(value) : next;
      for (const listener of listeners) listener();
    },
  };
}

/**
 * A store's value in a component, re-rendered when it changes. `start` runs when the first
 * component subscribes (say, to ask the server once), so nothing is fetched before a page needs it.
 */
export function useStore<T>(store: Pick<Store<T>, 'subscribe' | 'getSnapshot'>, start?: () => void): T {
  const subscribe = useCallback(
    (listener: () => void) => {
      start?.();
      return store.subscribe(listener);
    },
    [store, start],
  );
  return useSyncExternalStore(subscribe, store.getSnapshot, store.getSnapshot);
}
