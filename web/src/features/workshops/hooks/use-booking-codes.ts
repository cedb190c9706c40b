// The checkout's "Gift voucher or offer code" field on a booking: a booking's codes are kept on
// its cart, which the first hold of its seats makes, so Apply holds the seats first when nothing
// is held yet (the form's own sentences say what is missing). What the codes come to is the
// server's (core's) reckoning of what is due now: the deposits, or the whole price.
import { useCallback, useState } from 'react';
import type { UseCodes } from '@/components/codes/code-field';
import { applyCode, getCodes, hasCodes, removeCode, type CartCodes, type CodeKind, type ShownDay } from '@/components/codes/codes-api';

/** A booking has no delivery or collection day: an offer is judged on its seats alone. */
const NO_DAY: ShownDay = { method: '', date: '', slot: '' };

/**
 * The codes of the booking whose cart `held()` answers (holding the seats when none are held yet;
 * null when they could not be). `booking()` answers the cart held already, if any.
 */
export function useBookingCodes(booking: () => string | null, held: () => Promise<string | null>): UseCodes {
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
      const cart = booking() ?? (await held());
      if (!cart) return;
      const outcome = await applyCode(cart, typed.trim(), NO_DAY);
      if (outcome.ok) {
        setCodes(outcome.codes);
        setTypedState('');
        setRefusal(null);
      } else setRefusal(outcome.message);
    } finally {
      setBusy(false);
    }
  }, [booking, held, typed]);

  const remove = useCallback(
    async (kind: CodeKind) => {
      const cart = booking();
      if (!cart) return;
      setBusy(true);
      try {
        const outcome = await removeCode(cart, kind, NO_DAY);
        if (outcome.ok) setCodes(hasCodes(outcome.codes) ? outcome.codes : null);
        else setRefusal(outcome.message);
      } finally {
        setBusy(false);
      }
    },
    [booking],
  );

  const refresh = useCallback(() => {
    const cart = booking();
    if (!cart) return;
    getCodes(cart, NO_DAY).then(
      (now) => setCodes(now && hasCodes(now) ? now : null),
      () => {},
    );
  }, [booking]);

  return { typed, setTyped, refusal, busy, codes, apply, remove, refresh };
}
