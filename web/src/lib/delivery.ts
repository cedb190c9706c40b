// The studio's delivery settings and the core's rules over them, shared by the cart page and the
// checkout: GET /api/delivery/ once per page load, read into the core's `Delivery`.
import { api, type DeliverySettings } from './api-client';
import { deliveryRules, type DeliveryRules } from './core';
import { useQuery } from './use-query';

/** The studio's delivery settings, and the core's rules read from them. */
export interface Delivery {
  settings: DeliverySettings;
  rules: DeliveryRules;
}

/** GET /api/delivery/: the studio's delivery settings, read into the core's rules. */
export async function getDelivery(signal?: AbortSignal): Promise<Delivery> {
  const { data, error } = await api.GET('/api/delivery/', { signal });
  if (error || !data) throw new Error('Could not load the delivery settings');
  return { settings: data.settings, rules: deliveryRules(data.settings) };
}

const onError = (cause: unknown) => console.error('Could not load the delivery settings', cause);

/** The studio's delivery rules and where their loading stands. */
export interface DeliveryState {
  status: 'loading' | 'loaded' | 'failed';
  data: Delivery | null;
}

/** The studio's delivery rules, with whether they are loading or could not be loaded. */
export function useDeliveryState(): DeliveryState {
  const query = useQuery('delivery', (signal) => getDelivery(signal), { onError });
  if (query.status === 'loaded') return { status: 'loaded', data: query.data };
  return { status: query.status === 'error' ? 'failed' : 'loading', data: null };
}

/** The studio's delivery rules, once loaded; null while loading or if they could not be. */
export function useDelivery(): Delivery | null {
  return useDeliveryState().data;
}
