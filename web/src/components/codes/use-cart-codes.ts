// The "Gift voucher or offer code" field's state, for the checkout's cart and a workshop
// booking's alike: what is typed (kept after a refusal, with the refusal's sentence beside it),
// what the cart has on it, and the figures the server reckons with them. What differs between
// the two is only where the codes are kept and the day an offer is judged on (`CodesCart`).
import { useCallback, useEffect, useState } from 'react';
import type { UseCodes } from './code-field';
import { applyCode, getCodes, hasCodes, removeCode, type CartCodes, type CodeKind, type ShownDay } from './codes-api';

/** Where a page's codes are kept, and what an offer on them is judged on. */
export interface CodesCart {
  /**
   * The cart a code is applied to, readied first (the checkout's choice kept, a booking's seats
   * held); null when it could not be, the page's own sentences saying why.
   */
  ready: () => Promise<string | null>;
  /** The cart the codes are on now; null while there is none (a booking not yet held). */
  current: () => string | null;
  /** The day, slot and way an offer is judged on, as the code calls send them. */
  day: () => ShownDay;
}

/** The field's state over `cart`; keep its three functions stable (useCallback) between renders. */
export function useCartCodes({ ready, current, day }: CodesCart): UseCodes {
  const [typed, setTypedState] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<CartCodes | null>(null);

  const setTyped = useCallback((value: string) => {
    setTypedState(value);
    setRefusal(null);
  }, []);

  const apply = useCallback(async () => {
    if (!typed.trim()) return;
    setBusy(true);
    try {
      const cart = await ready();
      if (!cart) return;
      const outcome = await applyCode(cart, typed.trim(), day());
      if (outcome.ok) {
        setCodes(outcome.codes);
        setTypedState('');
        setRefusal(null);
      } else setRefusal(outcome.message);
    } finally {
      setBusy(false);
    }
  }, [ready, day, typed]);

  const remove = useCallback(
    async (kind: CodeKind) => {
      const cart = current();
      if (!cart) return;
      setBusy(true);
      try {
        const outcome = await removeCode(cart, kind, day());
        if (outcome.ok) setCodes(hasCodes(outcome.codes) ? outcome.codes : null);
        else setRefusal(outcome.message);
      } finally {
        setBusy(false);
      }
    },
    [current, day],
  );

  const refresh = useCallback(() => {
    const cart = current();
    if (!cart) return;
    getCodes(cart, day()).then(
      (now) => setCodes(now && hasCodes(now) ? now : null),
      () => {},
    );
  }, [current, day]);

  // A code put on in an earlier visit is still on the cart (a booking has no cart yet when it opens).
  useEffect(() => {
    const cart = current();
    if (!cart) return;
    const controller = new AbortController();
    getCodes(cart, day(), controller.signal).then(
      (now) => {
        if (now && hasCodes(now) && !controller.signal.aborted) setCodes(now);
      },
      () => {},
    );
    return () => controller.abort();
  }, [current, day]);

  return { typed, setTyped, refusal, busy, codes, apply, remove, refresh };
}
