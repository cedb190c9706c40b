// The card payment's calls, shared by every page that takes a card (the checkout, a gift
// voucher): which provider, and the simulated provider's confirmation and 3-D Secure steps (the
// same answer shape as Stripe.js gives).
import { api, errorMessage } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';

type Schemas = components['schemas'];
type ServerBilling = Schemas['BillingDetails'];
type CardResult = Schemas['CardResult'];

/** GET /api/payment/config/: which card form to show. */
export interface PaymentConfig {
  provider: 'stripe' | 'simulated';
  publishable_key: string | null;
}

/**
 * What confirming a card (or 3-D Secure) answers; mirrors Stripe.js's confirmCardPayment. One of
 * the two is null (openapi.yaml calls both required, so they are read with care).
 */
export interface CardConfirmation {
  payment_intent: Pick<Schemas['CardIntent'], 'id' | 'status'> | null;
  error: { message?: string; code?: string } | null;
}

/**
 * Billing details sent with the card (the spec's API calls), country always GB (the spec's
 * constants). The checkout sends them all; a gift voucher's buyer gives a name and an e-mail; a
 * workshop's balance, paid from its link, none (the booking has them).
 */
export interface BillingDetails extends ServerBilling {
  name?: string;
  email?: string;
  phone?: string;
  address?: { line1: string; city: string; postal_code: string; country: 'GB' };
}

/** Which card form to show: Stripe Elements with this key, or the simulated one. */
export async function getPaymentConfig(signal?: AbortSignal): Promise<PaymentConfig> {
  const { data, response } = await api.GET('/api/payment/config/', { signal });
  if (!data) throw new Error(`Payment config answered ${response.status}`);
  if (data.provider === 'stripe' && data.publishable_key) return { provider: 'stripe', publishable_key: data.publishable_key };
  return { provider: 'simulated', publishable_key: null };
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
