// The shopper's order by its link (the spec's API call and error messages).
import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';

/** GET /api/orders/{id}?token=… */
export type Order = components['schemas']['Order'];

/** The spec's error messages for an order that could not be shown. */
export const ORDER_LINK_EXPIRED =
  'This order link has expired for security reasons. Please check your email for order details.';
export const ORDER_LOAD_FAILED = 'Unable to load order details';
export const ORDER_NOT_FOUND = 'Order not found';

export type OrderLoad =
  | { status: 'loaded'; order: Order }
  | { status: 'expired' | 'failed' | 'not-found'; message: string };

/** GET /api/orders/{id}?token=…: 403 is an expired (or wrong) link; an empty answer, no order. */
export async function getOrder(id: string, token: string, signal?: AbortSignal): Promise<OrderLoad> {
  const number = /^\d{1,9}$/.test(id) ? Number(id) : null;
  if (number === null) return { status: 'not-found', message: ORDER_NOT_FOUND };
  const { data, response } = await api.GET('/api/orders/{id}', {
    params: { path: { id: number }, query: { token } },
    signal,
  });
  if (response.status === 403) return { status: 'expired', message: ORDER_LINK_EXPIRED };
  if (!response.ok) return { status: 'failed', message: ORDER_LOAD_FAILED };
  // The spec's error catalogue: an empty answer is no order.
  if (!data?.id) return { status: 'not-found', message: ORDER_NOT_FOUND };
  return { status: 'loaded', order: data };
}
