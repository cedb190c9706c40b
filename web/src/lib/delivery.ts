// The studio's delivery settings and the core's rules over them, shared by the cart page and the
// checkout: GET /api/delivery/ once per page load, read into the core's `Delivery` with the places
// already taken.
import { api, type DeliverySettings } from './api-client';
import { deliveryRules, earliestDays, type DeliveryRules, type EarliestDays } from './core';
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

type EarliestDay = EarliestDays['delivery'];

/** "Order by 12:00 for delivery today", else "From Tuesday 15 December": the first day a method can have, in words. */
export function earliestWords(day: EarliestDay): string {
  if (!day) return 'Not in the next three months; call us and we’ll help.';
  return day.orderBy ?? `From ${day.label}`;
}

/**
 * The product page's word on when it can come, for a product needing `leadDays` of notice, as
 * the core's rules answer now: "Order by 12:00 for delivery today in Bristol", or "Delivery in
 * Bristol from Tuesday 15 December", then when it can be collected. Null when the rules cannot say.
 */
export function arrivalWords(rules: DeliveryRules, leadDays: number, town: string, district: string, now: number = Date.now()) {
  let earliest: EarliestDays;
  try {
    earliest = earliestDays(rules, leadDays, now);
  } catch {
    return null;
  }
  const { delivery, collection } = earliest;
  const deliver = delivery ? (delivery.orderBy ? `${delivery.orderBy} in ${town}.` : `Delivery in ${town} from ${delivery.label}.`) : null;
  const collect = collection
    ? collection.orderBy
      ? `Or collect from our studio in ${district}: ${collection.orderBy.replace(/^Order/, 'order')}.`
      : `Or collect from our studio in ${district} from ${collection.label}.`
    : null;
  if (!deliver && !collect) return null;
  return { deliver, collect };
}
