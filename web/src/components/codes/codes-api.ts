// A gift voucher or an offer code on the cart (POST /api/cart/apply_code/, remove_code/, GET
// codes/): the server reckons what each takes off with core's rules, at the cart's kept choice,
// and answers the figures the summary shows, or a refusal in core's words.
import { api, errorMessage, type ErrorBody } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';

/** What is on the cart and what it comes to: the summary's figures, the server's (core's) own. */
export type CartCodes = components['schemas']['CartCodesView'];

/** `voucher` or `offer`. */
export type CodeKind = components['schemas']['CodeKindWire'];

/**
 * The florist's choice as the checkout shows it, in wire form: an offer code's day and slot
 * conditions are judged on it before the choice can be kept on the cart (while the address is
 * still empty, say). Without a day, the server judges the cart's kept choice.
 */
export interface ShownDay {
  method: string;
  date: string;
  slot: string;
}

export type CodesOutcome = { ok: true; codes: CartCodes } | { ok: false; message: string; status: number | null };

/** What the shopper reads when the code could not be sent at all. */
export const CODE_NOT_SENT = 'We couldn’t check that code just now. Please check your connection and try again.';

function refused(error: unknown, status: number | null): CodesOutcome {
  const body = error as ErrorBody | undefined;
  return { ok: false, message: body?.fields?.code ?? errorMessage(body, CODE_NOT_SENT), status };
}

/** Applies `code` (a voucher's or an offer's, as typed) to the cart; never throws. */
export async function applyCode(cartId: string, code: string, shown: ShownDay): Promise<CodesOutcome> {
  try {
    const { data, error, response } = await api.POST('/api/cart/apply_code/', { body: { cart_id: cartId, code, ...shown } });
    return data ? { ok: true, codes: data } : refused(error, response.status);
  } catch (cause) {
    console.error('The code could not be sent', cause);
    return refused(undefined, null);
  }
}

/** Takes the voucher or the offer off the cart; never throws. */
export async function removeCode(cartId: string, kind: CodeKind, shown: ShownDay): Promise<CodesOutcome> {
  try {
    const { data, error, response } = await api.POST('/api/cart/remove_code/', { body: { cart_id: cartId, kind, ...shown } });
    return data ? { ok: true, codes: data } : refused(error, response.status);
  } catch (cause) {
    console.error('The code could not be removed', cause);
    return refused(undefined, null);
  }
}

/** What the codes on the cart come to now (after the florist's choice changed, say). */
export async function getCodes(cartId: string, shown: ShownDay, signal?: AbortSignal): Promise<CartCodes | null> {
  const { data } = await api.GET('/api/cart/codes/', { params: { query: { cart_id: cartId, ...shown } }, signal });
  return data ?? null;
}

/** Any code on the cart at all. */
export function hasCodes(codes: CartCodes | null): codes is CartCodes {
  return !!codes && (!!codes.voucher || !!codes.offer);
}
