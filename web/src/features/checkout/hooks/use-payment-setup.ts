import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { PaymentSetup } from '../components/card-section';
import { checkIntent, getPaymentConfig } from '../api/payment-api';

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

/**
 * The spec: the checkout page asks for the cart's payment intent as it opens; any failure (an
 * empty or unknown cart, the network) sends the shopper back to the cart.
 */
export function usePaymentIntentCheck(cartId: string) {
  const navigate = useNavigate();
  useEffect(() => {
    const controller = new AbortController();
    checkIntent(cartId, controller.signal).catch((cause: unknown) => {
      if (controller.signal.aborted) return;
      console.error('The payment intent failed', cause);
      navigate('/cart', { replace: true });
    });
    return () => controller.abort();
  }, [cartId, navigate]);
}
