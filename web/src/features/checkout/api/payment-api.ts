// The checkout's payment intent (the spec's API calls); the card form's own calls are shared
// with every page that takes a card (components/payment).
import { api, errorMessage, type ErrorBody } from '@/lib/api-client';

/** What check_intent answers for a cart that can be paid for, or that is an order already. */
export type IntentAnswer =
  | {
      kind: 'secret';
      clientSecret: string;
      /** What the card will be charged for the cart as the server totals it now, in wire form ("74.00"). */
      total: string;
      /** Why an earlier payment for this cart was refunded (the server's sentence), if one was. */
      refunded: string | null;
    }
  | {
      /** A gift voucher covers the whole total: no payment intent, no card (the order is placed from the voucher). */
      kind: 'nothing-to-pay';
      total: string;
    }
  | {
      kind: 'ordered';
      /** The server's sentence naming the order. */
      message: string;
      orderId: number;
      /** For the order's link; null when the order is older (its link is in the e-mail). */
      accessToken: string | null;
    };

/**
 * check_intent refused: the server's sentence when it gave one (null for the network), and the
 * florist's choice's fields at fault (by wire name) when the choice can no longer be booked.
 */
export class IntentRefused extends Error {
  constructor(
    readonly reason: string | null,
    readonly status: number,
    readonly fields: Record<string, string> = {},
  ) {
    super(`check_intent answered ${status}`);
    this.name = 'IntentRefused';
  }
}

/**
 * The payment intent for the cart as the server totals it now: its client secret, or the order the
 * cart already is (409). Throws on any other failure (an empty or unknown cart, a line no longer on
 * sale, too many attempts, the network), which sends the shopper back to the cart.
 */
export async function checkIntent(cartId: string, signal?: AbortSignal): Promise<IntentAnswer> {
  const { data, error, response } = await api.GET('/api/payment/check_intent/', {
    params: { query: { cart_id: cartId } },
    signal,
  });
  // A gift voucher pays for everything: no intent (its secret is empty), no card.
  if (data?.nothing_to_pay) return { kind: 'nothing-to-pay', total: data.total };
  if (data) return { kind: 'secret', clientSecret: data.client_secret, total: data.total, refunded: data.refunded ?? null };
  const order = (error as ErrorBody | undefined)?.order;
  if (response.status === 409 && order) {
    return {
      kind: 'ordered',
      message: errorMessage(error, 'This cart has already been paid for.'),
      orderId: order.order_id,
      accessToken: order.access_token ?? null,
    };
  }
  throw new IntentRefused(errorMessage(error, '') || null, response.status, (error as ErrorBody | undefined)?.fields ?? {});
}
