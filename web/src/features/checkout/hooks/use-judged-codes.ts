// The codes on the cart judged in the page: the server answers a code's terms and uses, the
// voucher's balance and the cart's lines once (when a code is applied, taken off, or the page
// opens), and the core's rules in the checkout's own wasm module work out the figures and the
// refusals for the day, slot and way the page shows, at once, with no round trip. The server
// judges again at payment (check_intent) with the same function, on the choice kept then.
import { useEffect, useMemo, useState } from 'react';
import type { Totals } from '@/lib/core';
import { hasCodes, type CartCodes, type ShownDay } from '@/components/codes/codes-api';

type CheckoutRules = typeof import('@/lib/core-checkout');

/** The module, fetched the first time a page needs it and then kept. */
let loading: Promise<CheckoutRules> | null = null;
function loadRules(): Promise<CheckoutRules> {
  loading ??= import('@/lib/core-checkout').catch((cause: unknown) => {
    loading = null;
    throw cause;
  });
  return loading;
}

/**
 * `codes` (the server's last answer) with every figure and sentence worked out again by the core
 * for `shown` (the choice as the page shows it), with `totals` (the core's for that choice; null
 * while it cannot be booked, when the order is its `items` alone) at `nowSeconds`. The server's
 * figures stand until the module has loaded, or if it cannot be.
 */
export function useJudgedCodes(codes: CartCodes | null, totals: Totals | null, items: string, shown: ShownDay, nowSeconds: number): CartCodes | null {
  const on = hasCodes(codes);
  const [rules, setRules] = useState<CheckoutRules | null>(null);
  useEffect(() => {
    if (!on || rules) return;
    let live = true;
    loadRules().then(
      (loaded) => {
        if (live) setRules(loaded);
      },
      (cause: unknown) => console.error('The checkout’s code rules could not be loaded', cause),
    );
    return () => {
      live = false;
    };
  }, [on, rules]);

  const { method, date, slot } = shown;
  return useMemo(() => {
    if (!codes || !hasCodes(codes) || !rules) return codes;
    const before = totals ?? { items, delivery: '0.00', surcharge: '0.00' };
    let figures;
    try {
      figures = rules.judgeCodes(codes, before, { method, date, slot }, nowSeconds);
    } catch (cause) {
      console.error('The codes could not be judged in the page', cause);
      return codes;
    }
    return {
      ...codes,
      items: figures.items,
      delivery: figures.delivery,
      surcharge: figures.surcharge,
      discount: figures.discount,
      total: figures.total,
      paid_by_voucher: figures.paid_by_voucher,
      to_pay: figures.to_pay,
      problems: figures.problems,
      offer: codes.offer && { ...codes.offer, discount: figures.offer_discount },
      voucher: codes.voucher && {
        ...codes.voucher,
        available: figures.voucher_available,
        pays: figures.paid_by_voucher,
        left_after: figures.voucher_left_after,
      },
    };
  }, [codes, rules, totals, items, method, date, slot, nowSeconds]);
}
