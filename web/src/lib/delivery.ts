// The studio's delivery settings and the core's rules over them, shared by the cart page and the
// checkout: GET /api/delivery/ once per page load, read into the core's `Delivery` with the places
// already taken.
import { api, type DeliverySettings } from './api-client';
import { deliveryRules, type DeliveryRules } from './core';
import { useQuery } from './use-query';

/** The studio's delivery settings, and the core's rules read from them. */
export interface Delivery {
  settings: DeliverySettings;
  rules: DeliveryRules;
}

/**
 * GET /api/delivery/: the studio's delivery settings and the places taken, read into the core's
 * rules. With the shopper's cart, a place that cart itself holds is not counted against it.
 */
export async function getDelivery(signal?: AbortSignal, cartId?: string): Promise<Delivery> {
  const { data, error } = await api.GET('/api/delivery/', { signal, params: { query: cartId ? { cart_id: cartId } : {} } });
  if (error || !data) throw new Error('Could not load the delivery settings');
  return { settings: data.settings, rules: deliveryRules(data.settings, data.taken) };
}

const onError = (cause: unknown) => console.error('Could not load the delivery settings', cause);

/** The studio's delivery rules and where their loading stands. */
export interface DeliveryState {
  status: 'loading' | 'loaded' | 'failed';
  data: Delivery | null;
}

/** The studio's delivery rules, with whether they are loading or could not be loaded; see `getDelivery` for `cartId`. */
export function useDeliveryState(cartId?: string): DeliveryState {
  const query = useQuery(`delivery:${cartId ?? ''}`, (signal) => getDelivery(signal, cartId), { onError });
  if (query.status === 'loaded') return { status: 'loaded', data: query.data };
  return { status: query.status === 'error' ? 'failed' : 'loading', data: null };
}

/** The studio's delivery rules, once loaded; null while loading or if they could not be. */
export function useDelivery(): Delivery | null {
  return useDeliveryState().data;
}
