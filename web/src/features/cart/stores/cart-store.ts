// The shopper's cart and the rules of the spec, kept apart from React so they read (and are
// tested) as plain steps. Changes run one after another, in the order they were asked for, so
// an answer never lands on top of a later one and every change knows the cart's id.
import type { Cart } from '@/lib/api-client';
import { createStore, type Store } from '@/lib/store';

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

/** What the store and its steps (cart-steps.ts) share. */
export interface CartShared {
  store: Store<CartSnapshot>;
  /** Bumped by clearCart, so an answer to a change asked for before it does not bring the cart back. */
  epoch: number;
}

export type CartSteps = typeof import('./cart-steps');

// The steps bring the cart's calls with them, and those the API client and the core, so they
// arrive in their own chunk once the page has started rather than in every page's first
// JavaScript. Nothing of the cart is known before they have, so nothing waits longer for them.
const loadCartSteps = (): Promise<CartSteps> => import('./cart-steps');

export function readStoredId(): string | null {
  try {
    return localStorage.getItem(CART_ID_KEY);
  } catch {
    return null;
  }
}

export function storeId(id: string | null) {
  // index.html's mark for a visitor with no cart (cart.css shows them the empty cart before
  // it answers) no longer holds once a cart id is kept.
  if (id && typeof document !== 'undefined') delete document.documentElement.dataset.cart;
  try {
    if (id) localStorage.setItem(CART_ID_KEY, id);
    else localStorage.removeItem(CART_ID_KEY);
  } catch {
    // Storage can be off (private windows, strict settings): the cart then lasts the visit.
  }
}

export function createCartStore(): CartStore {
  const shared: CartShared = { store: createStore<CartSnapshot>({ cart: null, count: 0, status: 'loading' }), epoch: 0 };
  const { store } = shared;
  let queue: Promise<unknown> = Promise.resolve();
  let started = false;

  /** Runs a change after every change asked for before it, once the steps are here; a failure to load them is a failure of the change, never a throw. */
  function enqueue(task: (steps: CartSteps, since: number) => Promise<CartChange>): Promise<CartChange> {
    const step = async (): Promise<CartChange> => {
      let steps: CartSteps;
      try {
        steps = await loadCartSteps();
      } catch (cause) {
        console.error('Could not load the cart', cause);
        if (store.getSnapshot().cart === null) store.set((now) => ({ ...now, status: 'error' }));
        return { ok: false, reason: null };
      }
      return task(steps, shared.epoch);
    };
    const run = queue.then(step, step);
    queue = run.catch(() => undefined);
    return run;
  }

  const addItemWithReason = (request: AddToCartRequest) => enqueue((steps, since) => steps.addItem(shared, since, request));
  const refreshCart = () => enqueue((steps, since) => steps.refresh(shared, since)).then(() => undefined);

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
    removeItem: (itemId) => enqueue((steps, since) => steps.removeItem(shared, since, itemId)),
    updateQuantity: (itemId, quantity) => enqueue((steps, since) => steps.updateQuantity(shared, since, itemId, quantity)),
    clearCart() {
      shared.epoch += 1;
      storeId(null);
      store.set({ cart: null, count: 0, status: 'loaded' });
    },
  };
}
