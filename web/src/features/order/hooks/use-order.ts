import { useQuery } from '@/lib/use-query';
import { getOrder, ORDER_LOAD_FAILED, type OrderLoad } from '../api/order-api';

export type OrderState = { status: 'loading' } | OrderLoad;

const onError = (cause: unknown) => console.error('Could not load the order', cause);

/** An order by its link (the spec: loading, error, loaded). */
export function useOrder(orderId: string, token: string): OrderState {
  const query = useQuery(`${orderId}?${token}`, (signal) => getOrder(orderId, token, signal), { onError });
  if (query.status === 'loaded') return query.data;
  if (query.status === 'error') return { status: 'failed', message: ORDER_LOAD_FAILED };
  return { status: 'loading' };
}
