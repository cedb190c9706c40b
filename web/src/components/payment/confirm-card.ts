// Confirming a card for a payment intent, as the spec's checkout does it, for every page that
// takes a card: the provider confirms it, the simulated bank asks for 3-D Secure when the test
// card says so, and only a payment that succeeded counts. Each failure ends in the spec's words.
import { useState } from 'react';
import type { CardPayer } from './card-payer';
import type { BillingDetails, CardConfirmation } from './payment-api';

/** The spec's words, exactly. */
export const STRIPE_NOT_LOADED = "Stripe hasn't loaded yet. Please try again.";
export const PAYMENT_EXCEPTION = 'An error occurred while processing your payment. Please try again.';
export const paymentFailed = (message: string) => `Payment failed: ${message}`;
export const paymentStatus = (status: string) => `Payment status: ${status}. Please try again.`;

/** How a card's confirmation ended. */
export type CardOutcome =
  /** The payment succeeded: the order (or voucher) can be made with this intent. */
  | { kind: 'paid'; paymentIntentId: string }
  /** Refused or not finished: the spec's sentence for the page to show. */
  | { kind: 'refused'; message: string }
  /** 3-D Secure was failed: the spec's /payment-failed page. */
  | { kind: 'authentication-failed' };

/**
 * Confirms the card for `clientSecret`; `authenticate` asks the shopper through the simulated
 * bank's 3-D Secure dialog (true: completed) when the provider asks for it.
 */
export async function confirmCard(
  payer: CardPayer,
  clientSecret: string,
  billing: BillingDetails,
  authenticate: () => Promise<boolean>,
): Promise<CardOutcome> {
  let result: CardConfirmation;
  try {
    result = await payer.confirm(clientSecret, billing);
    if (!result.error && result.payment_intent?.status === 'requires_action' && payer.authenticate) {
      const succeed = await authenticate();
      result = await payer.authenticate(clientSecret, succeed);
      if (result.error || result.payment_intent?.status !== 'succeeded') return { kind: 'authentication-failed' };
    }
  } catch (cause) {
    console.error('The card payment failed', cause);
    return { kind: 'refused', message: PAYMENT_EXCEPTION };
  }
  if (result.error) return { kind: 'refused', message: paymentFailed(result.error.message ?? 'Your card was not accepted.') };
  const intent = result.payment_intent;
  if (!intent || intent.status !== 'succeeded') return { kind: 'refused', message: paymentStatus(intent?.status ?? 'unknown') };
  return { kind: 'paid', paymentIntentId: intent.id };
}

/**
 * The 3-D Secure step waiting for the shopper (for `ThreeDSecureDialog`), and `ask`, which
 * opens it and answers true when the shopper completed it.
 */
export function useAuthentication() {
  const [authentication, setAuthentication] = useState<{ resolve: (succeed: boolean) => void } | null>(null);
  const ask = () =>
    new Promise<boolean>((resolve) => {
      setAuthentication({
        resolve: (succeed) => {
          setAuthentication(null);
          resolve(succeed);
        },
      });
    });
  return { authentication, ask };
}
