// The steps of each change to the cart (cart-store.ts queues them): the spec's calls, and what
// their answers make of the cart. Loaded once the page has started, with the calls.
import * as api from '../api/cart-api';
import type { Cart } from '@/lib/api-client';
import { readStoredId, storeId, type AddToCartRequest, type CartChange, type CartShared } from './cart-store';

function hasId(value: unknown): boolean {
  return !!value && typeof value === 'object' && 'id' in value && !!(value as { id: unknown }).id;
}

function adopt({ store, epoch }: CartShared, cart: Cart, since: number) {
  if (since !== epoch) return;
  storeId(cart.id);
  store.set({ cart, count: api.countItems(cart), status: 'loaded' });
}

/** GET /api/cart/ with the stored id; the answer becomes the cart and its id is stored. */
async function fetchCart(shared: CartShared, since: number): Promise<{ cart: Cart | null; reason: string | null }> {
  const answer = await api.getCart(readStoredId());
  if (answer.ok && api.isCart(answer.data)) {
    adopt(shared, answer.data, since);
    return { cart: answer.data, reason: null };
  }
  console.error('Could not fetch the cart', answer.ok ? answer.data : answer.cause);
  const { store } = shared;
  if (since === shared.epoch && store.getSnapshot().cart === null) store.set((now) => ({ ...now, status: 'error' }));
  return { cart: null, reason: answer.ok ? null : answer.reason };
}

export async function refresh(shared: CartShared, since: number): Promise<CartChange> {
  await fetchCart(shared, since);
  return { ok: true };
}

export async function addItem(shared: CartShared, since: number, request: AddToCartRequest): Promise<CartChange> {
  // After clearCart there is no cart: the add starts a fresh one first.
  const cart = shared.store.getSnapshot().cart ?? (await fetchCart(shared, since)).cart;
  if (!cart) return { ok: false, reason: null };
  const answer = await api.addCartItem({
    cart_id: cart.id,
    product_id: request.productId,
    quantity: request.quantity ?? api.defaultQuantity(),
    variation_id: request.variationId ?? null,
  });
  // The spec: an add counts only when the answer has an id.
  if (answer.ok && hasId(answer.data)) {
    if (api.isCart(answer.data)) adopt(shared, answer.data, since);
    else await fetchCart(shared, since);
    return { ok: true };
  }
  console.error('Could not add to the cart', answer.ok ? answer.data : answer.cause);
  return { ok: false, reason: answer.ok ? null : answer.reason };
}

export async function removeItem(shared: CartShared, since: number, itemId: number): Promise<CartChange> {
  const cart = shared.store.getSnapshot().cart;
  if (!cart) {
    await fetchCart(shared, since);
    return { ok: false, reason: null };
  }
  const answer = await api.removeCartItem({ cart_id: cart.id, item_id: itemId });
  if (answer.ok && api.isCart(answer.data)) {
    adopt(shared, answer.data, since);
    return { ok: true };
  }
  console.error('Could not remove from the cart', answer.ok ? answer.data : answer.cause);
  await fetchCart(shared, since);
  return { ok: false, reason: answer.ok ? null : answer.reason };
}

export async function updateQuantity(shared: CartShared, since: number, itemId: number, quantity: number): Promise<CartChange> {
  const cart = shared.store.getSnapshot().cart;
  if (!cart) {
    await fetchCart(shared, since);
    return { ok: false, reason: null };
  }
  const answer = await api.updateCartItemQuantity({ cart_id: cart.id, item_id: itemId, quantity });
  if (!answer.ok) {
    console.error('Could not change the quantity', answer.cause);
    await fetchCart(shared, since);
    return { ok: false, reason: answer.reason };
  }
  // The answer may be the cart itself or {cart}; anything else, and the cart is fetched again.
  const data = answer.data;
  const wrapped = data && typeof data === 'object' && 'cart' in data ? (data as { cart: unknown }).cart : undefined;
  if (api.isCart(data)) adopt(shared, data, since);
  else if (api.isCart(wrapped)) adopt(shared, wrapped, since);
  else await fetchCart(shared, since);
  return { ok: true };
}
