import { Suspense, lazy } from 'react';
import type { OnPayerReady } from './card-payer';
import type { PaymentConfig } from './payment-api';
import { CheckoutStep } from '@/components/ui/checkout-step';
import { SimulatedCardForm } from './simulated-card';
import './payment.css';

// Stripe's libraries only for a shop that uses Stripe.
const StripeCardForm = lazy(() => import('./stripe-card'));

export type PaymentSetup = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; config: PaymentConfig };

export interface CardSectionProps {
  /** Its number among the checkout's steps. */
  step: number;
  setup: PaymentSetup;
  onReady: OnPayerReady;
  onRetry: () => void;
}

/** The last step: the card, in the form of whichever provider the shop uses. */
export function CardSection({ step, setup, onReady, onRetry }: CardSectionProps) {
  return (
    <CheckoutStep step={step} title="Payment">
      {setup.status === 'loading' && <p className="checkout-section__quiet">Getting the card form ready…</p>}

      {setup.status === 'failed' && (
        <div className="checkout-section__quiet">
          <p>We couldn’t load the card form. Please check your connection and try again.</p>
          <button type="button" className="button button--quiet button--small" onClick={onRetry}>
            Load the card form again
          </button>
        </div>
      )}

      {setup.status === 'ready' &&
        (setup.config.provider === 'stripe' && setup.config.publishable_key ? (
          <Suspense fallback={<p className="checkout-section__quiet">Getting the card form ready…</p>}>
            <StripeCardForm publishableKey={setup.config.publishable_key} onReady={onReady} />
          </Suspense>
        ) : (
          <SimulatedCardForm onReady={onReady} />
        ))}
    </CheckoutStep>
  );
}
