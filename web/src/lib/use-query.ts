// One way for a page to ask the server for something and show it: loading, then the answer or
// an error, with a way to try again. Answers to an older question (the key changed, the page
// went) never land.
import { useCallback, useEffect, useRef, useState } from 'react';
import { firstLoad, usedFirstLoad } from './first-load';

export type QueryState<T> =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'loaded'; data: T };

export interface QueryOptions {
  /** Told of every failed load (not of one given up because the page went); `quiet` for a refresh asked quietly. */
  onError?: (error: unknown, how: { quiet: boolean }) => void;
  /** The API path whose answer the server may have put inside the page (lib/first-load): shown at once, not asked. */
  firstLoad?: string;
}

export type Query<T> = QueryState<T> & {
  /** Back to loading, and ask again. */
  retry: () => void;
  /** Asks again while the answer in hand stays on show; a failure keeps it (or shows the error when there is none). */
  refresh: (how?: { quiet?: boolean }) => Promise<void>;
  /** Changes the answer in hand without asking (say, to put in what a change answered). */
  setData: (update: (current: T | undefined) => T) => void;
};

const LOADING = { status: 'loading' } as const;

/**
 * Asks `load` for the thing named by `key` (null: nothing to ask yet) when the component mounts
 * and whenever the key changes. `load` gets a signal that aborts when its answer is no longer wanted.
 */
export function useQuery<T>(key: string | number | null, load: (signal: AbortSignal) => Promise<T>, options: QueryOptions = {}): Query<T> {
  // The answer is kept with the key and attempt it belongs to, so a new key reads as loading at once.
  const [answer, setAnswer] = useState<{ key: string | number; attempt: number; state: QueryState<T> } | null>(() => {
    const data = key !== null && options.firstLoad ? firstLoad<T>(options.firstLoad) : undefined;
    return key !== null && data !== undefined ? { key, attempt: 0, state: { status: 'loaded', data } } : null;
  });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef({ load, options, key, attempt });
  useEffect(() => {
    latest.current = { load, options, key, attempt };
  });

  useEffect(() => {
    if (key === null) return;
    const arrived = latest.current.options.firstLoad;
    if (arrived && attempt === 0 && firstLoad(arrived) !== undefined) {
      // The page arrived with the answer inside it (the first state above): nothing to ask.
      usedFirstLoad(arrived);
      return;
    }
    const controller = new AbortController();
    latest.current.load(controller.signal).then(
      (data) => setAnswer({ key, attempt, state: { status: 'loaded', data } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        latest.current.options.onError?.(error, { quiet: false });
        setAnswer({ key, attempt, state: { status: 'error', error } });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  const refresh = useCallback(async ({ quiet = false }: { quiet?: boolean } = {}) => {
    const { key, attempt } = latest.current;
    if (key === null) return;
    const belongs = (now: typeof answer) => now === null || (now.key === key && now.attempt === attempt);
    try {
      const data = await latest.current.load(new AbortController().signal);
      setAnswer((now) => (belongs(now) ? { key, attempt, state: { status: 'loaded', data } } : now));
    } catch (error) {
      latest.current.options.onError?.(error, { quiet });
      setAnswer((now) =>
        belongs(now) && now?.state.status !== 'loaded' ? { key, attempt, state: { status: 'error', error } } : now,
      );
    }
  }, []);

  const setData = useCallback((update: (current: T | undefined) => T) => {
    const { key, attempt } = latest.current;
    if (key === null) return;
    setAnswer((now) => {
      const current = now && now.key === key && now.attempt === attempt && now.state.status === 'loaded' ? now.state.data : undefined;
      return { key, attempt, state: { status: 'loaded', data: update(current) } };
    });
  }, []);

  const state: QueryState<T> = answer && answer.key === key && answer.attempt === attempt ? answer.state : LOADING;
  return { ...state, retry, refresh, setData };
}
