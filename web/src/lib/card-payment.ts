// Paying by card, whatever is being paid for (the shop's checkout, a workshop's seats, its
// balance): which card form the shop uses, what a card form must do (a CardPayer), and the
// simulated provider's calls, which answer in Stripe.js's shape. Stripe.js does its own 3-D
// Secure inside confirmCardPayment, so its payer has no authenticate step.
import { api, errorMessage } from './api-client';
import type { components } from './api-schema';

type Schemas = components['schemas'];
type CardResult = Schemas['CardResult'];
type ServerBilling = Schemas['BillingDetails'];

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

/** Billing details sent with the card (the spec's API calls), country always GB (the spec's constants). */
export interface BillingDetails extends ServerBilling {
  name?: string;
  email?: string;
  phone?: string;
  address?: { line1: string; city: string; postal_code: string; country: 'GB' };
}

export interface CardPayer {
  provider: 'stripe' | 'simulated';
  confirm(clientSecret: string, billing: BillingDetails): Promise<CardConfirmation>;
  authenticate?: (clientSecret: string, succeed: boolean) => Promise<CardConfirmation>;
}

/** A card form tells its page when it can pay (and null when it no longer can). */
export type OnPayerReady = (payer: CardPayer | null) => void;

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

/** The spec's words, exactly. */
export const STRIPE_NOT_LOADED = "Stripe hasn't loaded yet. Please try again.";
export const PAYMENT_EXCEPTION = 'An error occurred while processing your payment. Please try again.';
export const paymentFailed = (message: string) => `Payment failed: ${message}`;
export const paymentStatus = (status: string) => `Payment status: ${status}. Please try again.`;

/** How confirming a card ended: paid (the intent's id), 3-D Secure failed, or a sentence to show. */
export type CardOutcome = { kind: 'paid'; paymentIntentId: string } | { kind: 'authentication-failed' } | { kind: 'problem'; message: string };

/**
 * Confirms the card for `clientSecret`, with the simulated 3-D Secure step when the bank asks
 * (`askForAuthentication` shows the dialog and answers the shopper's choice); each failure ends
 * in the spec's sentence.
 */
export async function confirmCard(
  payer: CardPayer,
  clientSecret: string,
  billing: BillingDetails,
  askForAuthentication: () => Promise<boolean>,
): Promise<CardOutcome> {
  let result: CardConfirmation;
  try {
    result = await payer.confirm(clientSecret, billing);
    if (!result.error && result.payment_intent?.status === 'requires_action' && payer.authenticate) {
      const succeed = await askForAuthentication();
      result = await payer.authenticate(clientSecret, succeed);
      if (result.error || result.payment_intent?.status !== 'succeeded') return { kind: 'authentication-failed' };
    }
  } catch (cause) {
    console.error('The card payment failed', cause);
    return { kind: 'problem', message: PAYMENT_EXCEPTION };
  }
  if (result.error) return { kind: 'problem', message: paymentFailed(result.error.message ?? 'Your card was not accepted.') };
  const intent = result.payment_intent;
  if (!intent || intent.status !== 'succeeded') return { kind: 'problem', message: paymentStatus(intent?.status ?? 'unknown') };
  return { kind: 'paid', paymentIntentId: intent.id };
}
