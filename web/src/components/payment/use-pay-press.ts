import { useRef, useState } from 'react';
import { STRIPE_NOT_LOADED } from './confirm-card';

/**
 * Pay, as every page that takes a card presses it: a second press while the first is on its way
 * does nothing (a ref, since state would be a render late); without a card form ready (and
 * nothing paid already) it says STRIPE_NOT_LOADED; the page's problem is cleared as a press
 * starts; and Pay stays pressed when `pay` answers true (the page moves on), else it is free
 * again however `pay` ended. The page's problem lives here with it.
 */
export function usePayPress<P extends { message: string }>() {
  const busy = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<P | null>(null);

  async function press(ready: boolean, pay: () => Promise<boolean>) {
    if (busy.current) return;
    if (!ready) {
      setProblem({ message: STRIPE_NOT_LOADED } as P);
      return;
    }
    busy.current = true;
    setSubmitting(true);
    setProblem(null);
    let done = false;
    try {
      done = await pay();
    } finally {
      if (!done) {
        busy.current = false;
        setSubmitting(false);
      }
    }
  }

  return { problem, setProblem, submitting, press, pressing: () => busy.current };
}
