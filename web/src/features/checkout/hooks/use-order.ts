import { useEffect, useState } from 'react';
import { getOrder, ORDER_LOAD_FAILED, type OrderLoad } from '../api/orders-api';

export type OrderState = { status: 'loading' } | OrderLoad;

/** An order by its link (spec §4: loading, error, loaded). */
export function useOrder(orderId: string, token: string): OrderState {
  const key = `${orderId}?${token}`;
  const [answer, setAnswer] = useState<{ key: string; state: OrderLoad } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getOrder(orderId, token, controller.signal).then(
      (state) => setAnswer({ key, state }),
      (cause: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Could not load the order', cause);
        setAnswer({ key, state: { status: 'failed', message: ORDER_LOAD_FAILED } });
      },
    );
    return () => controller.abort();
  }, [orderId, token, key]);

  return answer && answer.key === key ? answer.state : { status: 'loading' };
}
