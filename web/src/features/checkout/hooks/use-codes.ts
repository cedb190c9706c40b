// The checkout's one field for a gift voucher or an offer code: what is typed (kept after a
// refusal, with the refusal's sentence beside it), what the cart has on it, and the figures the
// server reckons with them. The offer's day and slot conditions are judged on the choice as the
// page shows it (sent with each call: it cannot be kept on the cart before the address is filled
// in), and the choice is kept first whenever it names a day. A later change of day, slot or way
// asks the server nothing: the checkout judges the codes again in the page
// (`useJudgedCodes`), and the choice is kept, and judged again by the server, at payment.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FulfilmentChoice } from '@/lib/core';
import type { UseCodes } from '@/components/codes/code-field';
import { applyCode, getCodes, hasCodes, removeCode, type CartCodes, type CodeKind, type ShownDay } from '@/components/codes/codes-api';
import { saveChoice } from '../api/fulfilment-api';

/**
 * The codes of `cartId`. `choice` is the florist's choice as it stands (its wire form), kept on the
 * cart before a code is judged against it.
 */
/** The day, slot and way of `choice`, as the code calls send them. */
function shownDay(choice: FulfilmentChoice): ShownDay {
  return { method: choice.method ?? '', date: choice.date ?? '', slot: choice.slot ?? '' };
}

export function useCodes(cartId: string, choice: FulfilmentChoice): UseCodes {
  const [typed, setTypedState] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<CartCodes | null>(null);
  const latestChoice = useRef(choice);
  useEffect(() => {
    latestChoice.current = choice;
  }, [choice]);

  const setTyped = useCallback((value: string) => {
    setTypedState(value);
    setRefusal(null);
  }, []);

  /** Keeps the choice on the cart when it names a day; a choice not yet whole is no reason to stop. */
  const keepChoice = useCallback(async () => {
    if (latestChoice.current.date) await saveChoice(cartId, latestChoice.current);
  }, [cartId]);

  const apply = useCallback(async () => {
    if (!typed.trim()) return;
    setBusy(true);
    try {
      await keepChoice();
      const outcome = await applyCode(cartId, typed.trim(), shownDay(latestChoice.current));
      if (outcome.ok) {
        setCodes(outcome.codes);
        setTypedState('');
        setRefusal(null);
      } else setRefusal(outcome.message);
    } finally {
      setBusy(false);
    }
  }, [cartId, keepChoice, typed]);

  const remove = useCallback(
    async (kind: CodeKind) => {
      setBusy(true);
      try {
        const outcome = await removeCode(cartId, kind, shownDay(latestChoice.current));
        if (outcome.ok) setCodes(hasCodes(outcome.codes) ? outcome.codes : null);
        else setRefusal(outcome.message);
      } finally {
        setBusy(false);
      }
    },
    [cartId],
  );

  const refresh = useCallback(() => {
    getCodes(cartId, shownDay(latestChoice.current)).then(
      (now) => setCodes(now && hasCodes(now) ? now : null),
      () => {},
    );
  }, [cartId]);

  // A code put on in an earlier visit is still on the cart.
  useEffect(() => {
    const controller = new AbortController();
    getCodes(cartId, shownDay(latestChoice.current), controller.signal).then(
      (now) => {
        if (now && hasCodes(now) && !controller.signal.aborted) setCodes(now);
      },
      () => {},
    );
    return () => controller.abort();
  }, [cartId]);

  return { typed, setTyped, refusal, busy, codes, apply, remove, refresh };
}
