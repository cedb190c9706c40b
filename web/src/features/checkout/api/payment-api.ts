// The card payment's calls (spec §7): which provider, the payment intent, and the simulated
// provider's confirmation and 3-D Secure steps (the same answer shape as Stripe.js gives).
import { api, errorMessage } from '@/lib/api-client';
import type { BillingDetails, CardConfirmation, PaymentConfig } from './checkout-types';

function isRecord(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** Which card form to show: Stripe Elements with this key, or the simulated one. */
export async function getPaymentConfig(signal?: AbortSignal): Promise<PaymentConfig> {
  const { data, response } = await api.GET('/api/payment/config/', { signal });
  if (!response.ok || !isRecord(data)) throw new Error(`Payment config answered ${response.status}`);
  const key = typeof data.publishable_key === 'string' && data.publishable_key ? data.publishable_key : null;
  if (data.provider === 'stripe' && key) return { provider: 'stripe', publishable_key: key };
  return { provider: 'simulated', publishable_key: null };
}

/**
 * The payment intent for the cart as the server totals it now: its client secret. Throws on any
 * failure (an empty or unknown cart, the network), which sends the shopper back to the cart.
 */
export async function checkIntent(cartId: string, signal?: AbortSignal): Promise<string> {
  const { data, response } = await api.GET('/api/payment/check_intent/', {
    params: { query: { cart_id: cartId } },
    signal,
  });
  if (!response.ok || !isRecord(data) || typeof data.client_secret !== 'string' || !data.client_secret) {
    throw new Error(`check_intent answered ${response.status}`);
  }
  return data.client_secret;
}

/** Reads a confirmation answer; a refusal with a sentence reads as the provider's error. */
function confirmation(answer: { data?: unknown; error?: unknown; response: Response }): CardConfirmation {
  const { data, error, response } = answer;
  if (response.ok && isRecord(data)) {
    const intent = isRecord(data.payment_intent) ? data.payment_intent : null;
    const failure = isRecord(data.error) ? data.error : null;
    return {
      payment_intent:
        intent && typeof intent.id === 'string' && typeof intent.status === 'string'
          ? { id: intent.id, status: intent.status }
          : null,
      error: failure
        ? {
            message: typeof failure.message === 'string' ? failure.message : undefined,
            code: typeof failure.code === 'string' ? failure.code : undefined,
          }
        : null,
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
