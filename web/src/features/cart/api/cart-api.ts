// The cart's calls (the spec's API calls). They never throw: each says whether the server took the change,
// with its answer, or why not in a sentence for the shopper when there is one.
import { api, errorMessage, type Cart } from '@/lib/api-client';
import { totalQuantity } from '@/lib/core';

export { defaultQuantity } from '@/lib/core';

export type Answer =
  | { ok: true; data: unknown }
  | { ok: false; reason: string | null; cause: unknown };

/** What the shopper reads when the request never reached the server. */
export const OFFLINE_REASON = 'We couldn’t reach the shop. Please check your connection and try again.';

async function answer(call: Promise<{ data?: unknown; error?: unknown; response: Response }>): Promise<Answer> {
  try {
    const { data, error, response } = await call;
    if (response.ok) return { ok: true, data };
    return { ok: false, reason: errorMessage(error, '') || null, cause: error ?? response.status };
  } catch (cause) {
    // fetch rejects with a TypeError when the network fails; anything else is a bad answer.
    return { ok: false, reason: cause instanceof TypeError ? OFFLINE_REASON : null, cause };
  }
}

/** True for an answer shaped like a cart: an id, its lines and a total. */
export function isCart(value: unknown): value is Cart {
  if (!value || typeof value !== 'object') return false;
  const cart = value as Partial<Record<keyof Cart, unknown>>;
  return typeof cart.id === 'string' && cart.id !== '' && Array.isArray(cart.items) && typeof cart.total === 'string';
}

/** The cart with this id; without one, or for an unknown or ordered one, a fresh cart. */
export function getCart(cartId: string | null): Promise<Answer> {
  return answer(api.GET('/api/cart/', { params: { query: cartId ? { cart_id: cartId } : {} } }));
}

export function addCartItem(body: { cart_id: string; product_id: number; quantity: number; variation_id: number | null }) {
  // The spec's API calls send `variation_id: null` for no size; OpenAPI 3.0 can only call the field optional.
  return answer(api.POST('/api/cart/add_item/', { body: body as typeof body & { variation_id?: number } }));
}

export function removeCartItem(body: { cart_id: string; item_id: number }) {
  return answer(api.POST('/api/cart/remove_item/', { body }));
}

export function updateCartItemQuantity(body: { cart_id: string; item_id: number; quantity: number }) {
  return answer(api.POST('/api/cart/update_quantity/', { body }));
}

/** How many items the cart holds altogether, counted by the core. */
export function countItems(cart: Cart): number {
  return totalQuantity(cart.items);
}
