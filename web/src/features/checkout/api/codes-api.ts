// A gift voucher or an offer code on the cart (POST /api/cart/apply_code/, remove_code/, GET
// codes/): the server reckons what each takes off with core's rules, at the cart's kept choice,
// and answers the figures the summary shows, or a refusal in core's words.
// The shapes are /work/contracts/vouchers.md's until openapi.yaml describes them (lib/api-pending).
import { errorMessage, type ErrorBody } from '@/lib/api-client';
import { pendingCall } from '@/lib/api-pending';

/** The voucher on the cart. */
export interface CartVoucher {
  code: string;
  /** What it has now (other carts paying with it take theirs off). */
  available: string;
  /** What it pays of this order. */
  pays: string;
  /** What will be left on it after this order. */
  left_after: string;
  expires_on: string;
}

/** The offer code on the cart. */
export interface CartOffer {
  code: string;
  /** Its terms in a line: "10% off, Tuesday deliveries". */
  summary: string;
  discount: string;
}

/** What is on the cart and what it comes to: the summary's figures, the server's (core's) own. */
export interface CartCodes {
  voucher: CartVoucher | null;
  offer: CartOffer | null;
  /** A sentence for each code that does not apply as the cart stands (check_intent refuses while there is one). */
  problems: string[];
  items: string;
  delivery: string;
  surcharge: string;
  discount: string;
  total: string;
  paid_by_voucher: string;
  /** What is left for the card: "0.00", no card. */
  to_pay: string;
}

export type CodeKind = 'voucher' | 'offer';

export type CodesOutcome = { ok: true; codes: CartCodes } | { ok: false; message: string; status: number | null };

/** What the shopper reads when the code could not be sent at all. */
export const CODE_NOT_SENT = 'We couldn’t check that code just now. Please check your connection and try again.';

function refused(error: unknown, status: number | null): CodesOutcome {
  const body = error as ErrorBody | undefined;
  return { ok: false, message: body?.fields?.code ?? errorMessage(body, CODE_NOT_SENT), status };
}

/** Applies `code` (a voucher's or an offer's, as typed) to the cart; never throws. */
export async function applyCode(cartId: string, code: string): Promise<CodesOutcome> {
  try {
    const { data, error, response } = await pendingCall<CartCodes>('POST', '/api/cart/apply_code/', { body: { cart_id: cartId, code } });
    return data ? { ok: true, codes: data } : refused(error, response.status);
  } catch (cause) {
    console.error('The code could not be sent', cause);
    return refused(undefined, null);
  }
}

/** Takes the voucher or the offer off the cart; never throws. */
export async function removeCode(cartId: string, kind: CodeKind): Promise<CodesOutcome> {
  try {
    const { data, error, response } = await pendingCall<CartCodes>('POST', '/api/cart/remove_code/', { body: { cart_id: cartId, kind } });
    return data ? { ok: true, codes: data } : refused(error, response.status);
  } catch (cause) {
    console.error('The code could not be removed', cause);
    return refused(undefined, null);
  }
}

/** What the codes on the cart come to now (after the florist's choice changed, say). */
export async function getCodes(cartId: string, signal?: AbortSignal): Promise<CartCodes | null> {
  const { data } = await pendingCall<CartCodes>('GET', '/api/cart/codes/', { query: { cart_id: cartId }, signal });
  return data ?? null;
}

/** Any code on the cart at all. */
export function hasCodes(codes: CartCodes | null): codes is CartCodes {
  return !!codes && (!!codes.voucher || !!codes.offer);
}
