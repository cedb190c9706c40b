// The checkout's "Gift voucher or offer code" field on a booking: a booking's codes are kept on
// its cart, which the first hold of its seats makes, so Apply holds the seats first when nothing
// is held yet (the form's own sentences say what is missing). What the codes come to is the
// server's (core's) reckoning of what is due now: the deposits, or the whole price.
import { useCallback } from 'react';
import type { UseCodes } from '@/components/codes/code-field';
import type { ShownDay } from '@/components/codes/codes-api';
import { useCartCodes } from '@/components/codes/use-cart-codes';

/** A booking has no delivery or collection day: an offer is judged on its seats alone. */
const NO_DAY: ShownDay = { method: '', date: '', slot: '' };
const noDay = () => NO_DAY;

/**
 * The codes of the booking whose cart `held()` answers (holding the seats when none are held yet;
 * null when they could not be). `booking()` answers the cart held already, if any.
 */
export function useBookingCodes(booking: () => string | null, held: () => Promise<string | null>): UseCodes {
  const ready = useCallback(async () => booking() ?? (await held()), [booking, held]);
  return useCartCodes({ ready, current: booking, day: noDay });
}
