import { useCallback, useEffect, useState } from 'react';
import type { PaymentSetup } from './card-form';
import { getPaymentConfig } from './payment-api';

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
