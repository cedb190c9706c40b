import { useEffect, useRef } from 'react';

/** Two events (focus, then visibilitychange) mark one return: one refresh within this time. */
const ONE_RETURN_MS = 1_000;

/**
 * Calls `refresh` when the shopper comes back to the tab (it is shown again, or the window
 * regains focus), so a cart changed in another tab meanwhile is what the page shows; not while
 * `paused` (a payment under way must not see its cart change under it).
 */
export function useRefreshOnReturn(refresh: () => void, paused: boolean) {
  const last = useRef(0);
  const current = useRef({ refresh, paused });
  useEffect(() => {
    current.current = { refresh, paused };
  }, [refresh, paused]);

  useEffect(() => {
    const returned = () => {
      if (document.visibilityState === 'hidden' || current.current.paused) return;
      const now = Date.now();
      if (now - last.current < ONE_RETURN_MS) return;
      last.current = now;
      current.current.refresh();
    };
    document.addEventListener('visibilitychange', returned);
    window.addEventListener('focus', returned);
    return () => {
      document.removeEventListener('visibilitychange', returned);
      window.removeEventListener('focus', returned);
    };
  }, []);
}
