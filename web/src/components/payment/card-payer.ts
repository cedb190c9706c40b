// What a page that takes a card (the checkout, a gift voucher) needs of a card form, whichever provider draws it: confirm the card for a
// payment intent, and (the simulated provider only) finish 3-D Secure. Stripe.js does its own
// 3-D Secure inside confirmCardPayment, so its payer has no authenticate step.
import type { BillingDetails, CardConfirmation } from './payment-api';

export interface CardPayer {
  provider: 'stripe' | 'simulated';
  confirm(clientSecret: string, billing: BillingDetails): Promise<CardConfirmation>;
  authenticate?: (clientSecret: string, succeed: boolean) => Promise<CardConfirmation>;
}

/** A card form tells its page when it can pay (and null when it no longer can). */
export type OnPayerReady = (payer: CardPayer | null) => void;
