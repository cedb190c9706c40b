// PUT /api/cart/fulfilment/: the florist's choice kept with the cart, so that check_intent
// charges its delivery fee and slot surcharge. The browser has checked it with the same rules
// already; the server refuses it only when something changed meanwhile (a cut-off passed).
import { api, errorMessage, type ErrorBody } from '@/lib/api-client';
import { emptyChoice, type FulfilmentChoice, type Totals } from '@/lib/core';

export type ChoiceOutcome =
  | { ok: true; totals: Totals }
  | { ok: false; message: string; fields: Record<string, string>; status: number | null };

/** What the shopper reads when the choice could not be sent at all. */
export const CHOICE_NOT_SENT = 'We couldn’t save your delivery choice. Please check your connection and try again.';

/** Keeps `choice` with the cart; never throws. Refusals give the server's sentence and fields (by wire name). */
export async function saveChoice(cartId: string, choice: FulfilmentChoice): Promise<ChoiceOutcome> {
  try {
    const { data, error, response } = await api.PUT('/api/cart/fulfilment/', {
      // The body names every field; those a method does not ask for go empty.
      body: { ...emptyChoice(), ...choice, cart_id: cartId },
    });
    if (data) return { ok: true, totals: data };
    const body = error as ErrorBody | undefined;
    return { ok: false, message: errorMessage(body, CHOICE_NOT_SENT), fields: body?.fields ?? {}, status: response.status };
  } catch (cause) {
    console.error('The delivery choice could not be sent', cause);
    return { ok: false, message: CHOICE_NOT_SENT, fields: {}, status: null };
  }
}
