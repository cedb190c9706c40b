// The card payment's calls (the spec's API calls): which provider, the payment intent, and the simulated
// provider's confirmation and 3-D Secure steps (the same answer shape as Stripe.js gives).
import { api, errorMessage, type ErrorBody } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';
import type { BillingDetails, CardConfirmation, PaymentConfig } from './checkout-types';

type CardResult = components['schemas']['CardResult'];

/** Which card form to show: Stripe Elements with this key, or the simulated one. */
export async function getPaymentConfig(signal?: AbortSignal): Promise<PaymentConfig> {
  const { data, response } = await api.GET('/api/payment/config/', { signal });
  if (!data) throw new Error(`Payment config answered ${response.status}`);
  if (data.provider === 'stripe' && data.publishable_key) return { provider: 'stripe', publishable_key: data.publishable_key };
  return { provider: 'simulated', publishable_key: null };
}

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

/** Reads a confirmation answer; a refusal with a sentence reads as the provider's error. */
function confirmation(answer: { data?: CardResult; error?: unknown; response: Response }): CardConfirmation {
  const { data, error, response } = answer;
  if (data) {
    const { payment_intent: intent, error: failure } = data;
    return {
      payment_intent: intent && { id: intent.id, status: intent.status },
      error: failure && { message: failure.message, code: failure.code },
    };
  }
  const message = errorMessage(error, '');
  if (message) return { payment_intent: null, error: { message } };
  throw new Error(`Card confirmation answered ${response.status}`);
}

export interface SimulatedCard {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

/** The simulated provider's confirmCardPayment. */
export async function confirmSimulatedCard(
  clientSecret: string,
  card: SimulatedCard,
  billing: BillingDetails,
): Promise<CardConfirmation> {
  return confirmation(
    await api.POST('/api/payment/simulated/confirm/', {
      body: {
        client_secret: clientSecret,
        card_number: card.cardNumber,
        expiry: card.expiry,
        cvc: card.cvc,
        billing_details: billing,
      },
    }),
  );
}

/** The simulated provider's 3-D Secure step: the shopper completed it, or failed it. */
export async function authenticateSimulated(clientSecret: string, succeed: boolean): Promise<CardConfirmation> {
  return confirmation(
    await api.POST('/api/payment/simulated/authenticate/', { body: { client_secret: clientSecret, succeed } }),
  );
}
