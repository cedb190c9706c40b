import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { getPaymentConfig, type OnPayerReady, type PaymentConfig } from '@/lib/card-payment';
import { SimulatedCardForm } from './simulated-card';
import './payment.css';

// Stripe's libraries only for a shop that uses Stripe.
const StripeCardForm = lazy(() => import('./stripe-card'));

export type PaymentSetup = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; config: PaymentConfig };

/** Which card form to show (GET /api/payment/config/), with a way to ask again after a failure. */
export function usePaymentSetup(): { setup: PaymentSetup; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{ attempt: number; setup: PaymentSetup } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getPaymentConfig(controller.signal).then(
      (config) => setAnswer({ attempt, setup: { status: 'ready', config } }),
      (cause: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Could not load the payment config', cause);
        setAnswer({ attempt, setup: { status: 'failed' } });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const setup: PaymentSetup = answer && answer.attempt === attempt ? answer.setup : { status: 'loading' };
  return { setup, retry };
}

export interface CardFormProps {
  setup: PaymentSetup;
  onReady: OnPayerReady;
  onRetry: () => void;
}

/** The card, in the form of whichever provider the shop uses: Stripe Elements, or the simulated form. */
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
