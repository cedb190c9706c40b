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

/** GET /api/delivery/: the studio's delivery settings and the places taken, read into the core's rules. */
export async function getDelivery(signal?: AbortSignal): Promise<Delivery> {
  const { data, error } = await api.GET('/api/delivery/', { signal });
  if (error || !data) throw new Error('Could not load the delivery settings');
  return { settings: data.settings, rules: deliveryRules(data.settings, data.taken) };
}

const onError = (cause: unknown) => console.error('Could not load the delivery settings', cause);

/** The studio's delivery rules, once loaded; null while loading or if they could not be. */
export function useDelivery(): Delivery | null {
  const query = useQuery('delivery', (signal) => getDelivery(signal), { onError });
  return query.status === 'loaded' ? query.data : null;
}
