import { Suspense, lazy } from 'react';
import type { OnPayerReady } from './card-payer';
import type { PaymentConfig } from './payment-api';
import { SimulatedCardForm } from './simulated-card';
import './payment.css';

// Stripe's libraries only for a shop that uses Stripe.
const StripeCardForm = lazy(() => import('./stripe-card'));

export type PaymentSetup = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; config: PaymentConfig };

export interface CardFormProps {
  setup: PaymentSetup;
  onReady: OnPayerReady;
  onRetry: () => void;
}

/**
 * The card, in the form of whichever provider the shop uses: Stripe Elements, or the simulated
 * form; every page that takes a card shows this (the checkout inside its numbered step).
 */
export function CardForm({ setup, onReady, onRetry }: CardFormProps) {
  if (setup.status === 'loading') return <p className="card-form__quiet">Getting the card form ready…</p>;
  if (setup.status === 'failed') {
    return (
      <div className="card-form__quiet">
        <p>We couldn’t load the card form. Please check your connection and try again.</p>
        <button type="button" className="button button--quiet button--small" onClick={onRetry}>
          Load the card form again
        </button>
      </div>
    );
  }
  return setup.config.provider === 'stripe' && setup.config.publishable_key ? (
    <Suspense fallback={<p className="card-form__quiet">Getting the card form ready…</p>}>
      <StripeCardForm publishableKey={setup.config.publishable_key} onReady={onReady} />
    </Suspense>
  ) : (
    <SimulatedCardForm onReady={onReady} />
  );
}
