// The shopper's cart and the rules of the spec, kept apart from React so they read (and are
// tested) as plain steps. Changes run one after another, in the order they were asked for, so
// an answer never lands on top of a later one and every change knows the cart's id.
import type { Cart } from '@/lib/api-client';
import { createStore } from '@/lib/store';

/** Where the cart's id is kept between visits (the spec). */
export const CART_ID_KEY = 'cartId';

/** What an "Add to cart" asks for: quantity 1 and no size unless said otherwise (the spec). */
export interface AddToCartRequest {
  productId: number;
  variationId?: number | null;
  quantity?: number;
}

/** Whether the server took a change; when not, its sentence for the shopper, if it gave one. */
export type CartChange = { ok: true } | { ok: false; reason: string | null };

export interface CartSnapshot {
  /** Null before the first answer, after a failed first fetch, and once cleared. */
  cart: Cart | null;
  /** Total quantity, counted by the core: the number on the cart icon. */
  count: number;
  /** 'error' only while there is no cart to show because fetching it failed. */
  status: 'loading' | 'loaded' | 'error';
}

export interface CartActions {
  /** Adds to the cart; true when the server accepted it (the spec). */
  addItem: (request: AddToCartRequest) => Promise<boolean>;
  /** The same add, telling why it failed, for the page to show. */
  addItemWithReason: (request: AddToCartRequest) => Promise<CartChange>;
  removeItem: (itemId: number) => Promise<CartChange>;
  updateQuantity: (itemId: number, quantity: number) => Promise<CartChange>;
  /** Forgets the cart and its id; the next add starts a fresh one. */
  clearCart: () => void;
  /** Fetches the cart again. */
  refreshCart: () => Promise<void>;
}

export interface CartStore extends CartActions {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => CartSnapshot;
  /** Fetches the cart the first time it is called (page load); later calls do nothing. */
  start: () => void;
}

export type CartApi = typeof import('../api/cart-api');

// The cart's calls bring the API client and the core with them, so they arrive in their own
// chunk, after the first paint, rather than in every page's first JavaScript.
const loadCartApi = (): Promise<CartApi> => import('../api/cart-api');

function readStoredId(): string | null {
  try {
    return localStorage.getItem(CART_ID_KEY);
  } catch {
    return null;
  }
}

function storeId(id: string | null) {
  try {
    if (id) localStorage.setItem(CART_ID_KEY, id);
    else localStorage.removeItem(CART_ID_KEY);
  } catch {
    // Storage can be off (private windows, strict settings): the cart then lasts the visit.
  }
}

function hasId(value: unknown): boolean {
  return !!value && typeof value === 'object' && 'id' in value && !!(value as { id: unknown }).id;
}

export function createCartStore(loadApi: () => Promise<CartApi> = loadCartApi): CartStore {
  const store = createStore<CartSnapshot>({ cart: null, count: 0, status: 'loading' });
  const publish = store.set;
  let queue: Promise<unknown> = Promise.resolve();
  // Bumped by clearCart, so an answer to a change asked for before it does not bring the cart back.
  let epoch = 0;
  let started = false;

  function enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  }

  function adopt(api: CartApi, cart: Cart, since: number) {
    if (since !== epoch) return;
    storeId(cart.id);
    publish({ cart, count: api.countItems(cart), status: 'loaded' });
  }

  /** GET /api/cart/ with the stored id; the answer becomes the cart and its id is stored. */
  async function fetchCart(api: CartApi, since: number): Promise<{ cart: Cart | null; reason: string | null }> {
    const answer = await api.getCart(readStoredId());
    if (answer.ok && api.isCart(answer.data)) {
      adopt(api, answer.data, since);
      return { cart: answer.data, reason: null };
    }
    console.error('Could not fetch the cart', answer.ok ? answer.data : answer.cause);
    if (since === epoch && store.getSnapshot().cart === null) publish((now) => ({ ...now, status: 'error' }));
    return { cart: null, reason: answer.ok ? null : answer.reason };
  }

  /** Loads the calls; a failure to load them is a failure of the change, never a throw. */
  async function withApi(task: (api: CartApi, since: number) => Promise<CartChange>): Promise<CartChange> {
    let api: CartApi;
    try {
      api = await loadApi();
    } catch (cause) {
      console.error('Could not load the cart', cause);
      if (store.getSnapshot().cart === null) publish((now) => ({ ...now, status: 'error' }));
      return { ok: false, reason: null };
    }
    return task(api, epoch);
  }

  const addItemWithReason = (request: AddToCartRequest) =>
    enqueue(() =>
      withApi(async (api, since) => {
        // After clearCart there is no cart: the add starts a fresh one first.
        const cart = store.getSnapshot().cart ?? (await fetchCart(api, since)).cart;
        if (!cart) return { ok: false, reason: null };
        const answer = await api.addCartItem({
          cart_id: cart.id,
          product_id: request.productId,
          quantity: request.quantity ?? api.defaultQuantity(),
          variation_id: request.variationId ?? null,
        });
        // The spec: an add counts only when the answer has an id.
        if (answer.ok && hasId(answer.data)) {
          if (api.isCart(answer.data)) adopt(api, answer.data, since);
          else await fetchCart(api, since);
          return { ok: true };
        }
        console.error('Could not add to the cart', answer.ok ? answer.data : answer.cause);
        return { ok: false, reason: answer.ok ? null : answer.reason };
      }),
    );

  const removeItem = (itemId: number) =>
    enqueue(() =>
      withApi(async (api, since) => {
        const cart = store.getSnapshot().cart;
        if (!cart) {
          await fetchCart(api, since);
          return { ok: false, reason: null };
        }
        const answer = await api.removeCartItem({ cart_id: cart.id, item_id: itemId });
        if (answer.ok && api.isCart(answer.data)) {
          adopt(api, answer.data, since);
          return { ok: true };
        }
        console.error('Could not remove from the cart', answer.ok ? answer.data : answer.cause);
        await fetchCart(api, since);
        return { ok: false, reason: answer.ok ? null : answer.reason };
      }),
    );

  const updateQuantity = (itemId: number, quantity: number) =>
    enqueue(() =>
      withApi(async (api, since) => {
        const cart = store.getSnapshot().cart;
        if (!cart) {
          await fetchCart(api, since);
          return { ok: false, reason: null };
        }
        const answer = await api.updateCartItemQuantity({ cart_id: cart.id, item_id: itemId, quantity });
        if (!answer.ok) {
          console.error('Could not change the quantity', answer.cause);
          await fetchCart(api, since);
          return { ok: false, reason: answer.reason };
        }
        // The answer may be the cart itself or {cart}; anything else, and the cart is fetched again.
        const data = answer.data;
        const wrapped = data && typeof data === 'object' && 'cart' in data ? (data as { cart: unknown }).cart : undefined;
        if (api.isCart(data)) adopt(api, data, since);
        else if (api.isCart(wrapped)) adopt(api, wrapped, since);
        else await fetchCart(api, since);
        return { ok: true };
      }),
    );

  const refreshCart = () =>
    enqueue(() =>
      withApi(async (api, since) => {
        await fetchCart(api, since);
        return { ok: true };
      }),
    ).then(() => undefined);

  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    start() {
      if (started) return;
      started = true;
      void refreshCart();
    },
    refreshCart,
    addItemWithReason,
    addItem: async (request) => (await addItemWithReason(request)).ok,
    removeItem,
    updateQuantity,
    clearCart() {
      epoch += 1;
      storeId(null);
      publish({ cart: null, count: 0, status: 'loaded' });
    },
  };
}
