// The checkout's one field for a gift voucher or an offer code, on the cart. The offer's day and
// slot conditions are judged on the choice as the page shows it (sent with each call: it cannot
// be kept on the cart before the address is filled in), and the choice is kept first whenever it
// names a day. A later change of day, slot or way asks the server nothing: the checkout judges
// the codes again in the page (`useJudgedCodes`), and the choice is kept, and judged again by the
// server, at payment.
import { useCallback, useEffect, useRef } from 'react';
import type { FulfilmentChoice } from '@/lib/core';
import type { UseCodes } from '@/components/codes/code-field';
import type { ShownDay } from '@/components/codes/codes-api';
import { useCartCodes } from '@/components/codes/use-cart-codes';
import { saveChoice } from '../api/fulfilment-api';

/** The day, slot and way of `choice`, as the code calls send them. */
function shownDay(choice: FulfilmentChoice): ShownDay {
  return { method: choice.method ?? '', date: choice.date ?? '', slot: choice.slot ?? '' };
}

/**
 * The codes of `cartId`. `choice` is the florist's choice as it stands (its wire form), kept on the
 * cart before a code is judged against it.
 */
export function useCodes(cartId: string, choice: FulfilmentChoice): UseCodes {
  const latestChoice = useRef(choice);
  useEffect(() => {
    latestChoice.current = choice;
  }, [choice]);

  const current = useCallback(() => cartId, [cartId]);
  const day = useCallback(() => shownDay(latestChoice.current), []);
  /** Keeps the choice on the cart when it names a day; a choice not yet whole is no reason to stop. */
  const ready = useCallback(async () => {
    if (latestChoice.current.date) await saveChoice(cartId, latestChoice.current);
    return cartId;
  }, [cartId]);

  return useCartCodes({ ready, current, day });
}
