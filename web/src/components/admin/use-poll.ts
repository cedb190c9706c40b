// The back office asks again by itself, quietly, while the florist is looking: new orders
// appear without a Refresh button. Only while the tab is visible (a tab in the background
// asks nothing), and at once when it comes back into view.
import { useEffect, useRef } from 'react';

/** How often the back office asks again while its tab is visible. */
export const POLL_MS = 30_000;

/** Calls `ask` every `every` ms while the document is visible, and when it becomes visible again. */
export function usePoll(ask: () => void, every: number = POLL_MS): void {
  const latest = useRef(ask);
  useEffect(() => {
    latest.current = ask;
  });
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      if (timer === undefined) timer = setInterval(() => latest.current(), every);
    };
    const stop = () => {
      clearInterval(timer);
      timer = undefined;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') {
        latest.current();
        start();
      } else {
        stop();
      }
    };
    if (document.visibilityState === 'visible') start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [every]);
}
