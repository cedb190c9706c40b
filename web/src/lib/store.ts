// One small external store for what the whole app shares outside React (the cart, who is
// signed in, the studio's facts): a value, its listeners, and a hook to read it.
import { useCallback, useSyncExternalStore } from 'react';
import { resetOnPageLoad } from './page-load';

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

/** A store whose value the server gives, asked once when first read; `set` and `reset` for what changes it later. */
export interface FetchedStore<T> extends Store<T> {
  /** Asks the server, the first time only (a value `set` before counts as the answer). */
  start: () => void;
  /** Back to the start: the first value, not yet asked, as a fresh page load finds it. */
  reset: () => void;
}

/**
 * `initial` until `load` answers; if it fails, `onFailure` says why in the console and gives the
 * value to keep (or nothing, to keep the one there is).
 */
export function createFetchedStore<T>(initial: T, load: () => Promise<T>, onFailure: (cause: unknown) => T | void): FetchedStore<T> {
  const store = createStore(initial);
  let started = false;
  // Bumped by reset: an answer to a question asked before it belongs to the load that asked.
  let loadNumber = 0;
  const fetched: FetchedStore<T> = {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    set(next) {
      started = true;
      store.set(next);
    },
    start() {
      if (started) return;
      started = true;
      const asked = loadNumber;
      load().then(
        (value) => {
          if (asked === loadNumber) store.set(value);
        },
        (cause: unknown) => {
          if (asked !== loadNumber) return;
          const kept = onFailure(cause);
          if (kept !== undefined) store.set(kept);
        },
      );
    },
    reset() {
      started = false;
      loadNumber += 1;
      store.set(initial);
    },
  };
  // Asked once per page load, so a fresh load asks again (lib/page-load).
  resetOnPageLoad(fetched.reset);
  return fetched;
}
