import { act, renderHook, waitFor } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_CSRF_TOKEN } from '@/testing/cookies';
import { cartLine, cartWith, emptyCart } from '@/testing/fixtures';
import { json, mockApi } from '@/testing/mock-api';
import type { Cart } from '@/lib/api-client';
import { CART_ID_KEY, CartProvider, useCart } from './cart-context';

const wrapper = ({ children }: { children: ReactNode }) => <CartProvider>{children}</CartProvider>;

/** The cart, rendered in its provider, once its first fetch has settled. */
async function loadedCart() {
  const hook = renderHook(() => useCart(), { wrapper });
  await waitFor(() => expect(hook.result.current.status).not.toBe('loading'));
  return hook;
}

function calls(method: string, path: string): Request[] {
  return mockApi.requests.filter((r) => r.method === method && new URL(r.url).pathname === path);
}

const gets = () => calls('GET', '/api/cart/');
const queryId = (request: Request | undefined) => (request ? new URL(request.url).searchParams.get('cart_id') : undefined);

/** Serves GET /api/cart/ from a list of answers, one per call, the last repeated. */
function serveCarts(...carts: Cart[]) {
  let call = 0;
  mockApi.on('GET', '/api/cart/', () => json(carts[Math.min(call++, carts.length - 1)]));
}

const peonies = cartWith([cartLine({ quantity: 2 })], 'stored-cart');
const morePeonies = cartWith([cartLine({ quantity: 3 })], 'stored-cart');

let errorLog: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  errorLog.mockRestore();
});

describe('the cart provider', () => {
  describe('on load', () => {
    it('fetches the cart with the stored id and counts its items', async () => {
      localStorage.setItem(CART_ID_KEY, 'stored-cart');
      serveCarts(peonies);
      const { result } = await loadedCart();

      expect(gets()).toHaveLength(1);
      expect(queryId(gets()[0])).toBe('stored-cart');
      expect(result.current.cart).toEqual(peonies);
      expect(result.current.count).toBe(2);
      expect(result.current.status).toBe('loaded');
    });

    it('fetches once, even when React mounts it twice (StrictMode)', async () => {
      serveCarts(peonies);
      const strict = ({ children }: { children: ReactNode }) => (
        <StrictMode>
          <CartProvider>{children}</CartProvider>
        </StrictMode>
      );
      const { result } = renderHook(() => useCart(), { wrapper: strict });
      await waitFor(() => expect(result.current.status).toBe('loaded'));
      expect(gets()).toHaveLength(1);
    });

    it('asks without an id when none is stored, and stores the id it is given', async () => {
      serveCarts(emptyCart('fresh-cart'));
      const { result } = await loadedCart();
      expect(queryId(gets()[0])).toBeNull();
      expect(result.current.cart?.id).toBe('fresh-cart');
      expect(localStorage.getItem(CART_ID_KEY)).toBe('fresh-cart');
    });

    it('replaces the stored id when the server answers with a new cart (the old one was ordered)', async () => {
      localStorage.setItem(CART_ID_KEY, 'ordered-cart');
      serveCarts(emptyCart('new-cart'));
      const { result } = await loadedCart();
      expect(queryId(gets()[0])).toBe('ordered-cart');
      expect(result.current.cart?.id).toBe('new-cart');
      expect(localStorage.getItem(CART_ID_KEY)).toBe('new-cart');
    });

    it('is in error with no cart when the fetch fails, logs it, and can fetch again', async () => {
      let call = 0;
      mockApi.on('GET', '/api/cart/', () => (call++ === 0 ? json({ error: 'Down for a moment.' }, 500) : json(peonies)));
      const { result } = await loadedCart();
      expect(result.current.status).toBe('error');
      expect(result.current.cart).toBeNull();
      expect(result.current.count).toBe(0);
      expect(errorLog).toHaveBeenCalled();

      await act(() => result.current.refreshCart());
      expect(result.current.status).toBe('loaded');
      expect(result.current.count).toBe(2);
    });
  });

  describe('adding', () => {
    it('sends one of the product and no size by default, and takes the answer as the cart', async () => {
      serveCarts(emptyCart('stored-cart'));
      mockApi.on('POST', '/api/cart/add_item/', () => json(peonies));
      const { result } = await loadedCart();

      let added: boolean | undefined;
      await act(async () => {
        added = await result.current.addItem({ productId: 1 });
      });

      expect(added).toBe(true);
      const [post] = calls('POST', '/api/cart/add_item/');
      expect(await post?.json()).toEqual({ cart_id: 'stored-cart', product_id: 1, quantity: 1, variation_id: null });
      expect(post?.headers.get('Content-Type')).toMatch(/application\/json/);
      expect(result.current.cart).toEqual(peonies);
      expect(result.current.count).toBe(2);
      expect(gets()).toHaveLength(1);
    });

    it('sends the chosen size and quantity', async () => {
      serveCarts(emptyCart('stored-cart'));
      mockApi.on('POST', '/api/cart/add_item/', () => json(peonies));
      const { result } = await loadedCart();
      await act(() => result.current.addItem({ productId: 1, variationId: 12, quantity: 2 }));
      expect(await calls('POST', '/api/cart/add_item/')[0]?.json()).toMatchObject({ variation_id: 12, quantity: 2 });
    });

    it('sends the CSRF header equal to the cookie, with credentials', async () => {
      serveCarts(emptyCart('stored-cart'));
      mockApi.on('POST', '/api/cart/add_item/', () => json(peonies));
      const { result } = await loadedCart();
      await act(() => result.current.addItem({ productId: 1 }));
      const [post] = calls('POST', '/api/cart/add_item/');
      expect(post?.headers.get('X-CSRFToken')).toBe(TEST_CSRF_TOKEN);
      expect(post?.credentials).toBe('include');
    });

    it('reports false and changes nothing when refused, keeping the server’s reason', async () => {
      serveCarts(peonies);
      mockApi.on('POST', '/api/cart/add_item/', () => json({ error: 'Only 3 left of Peony Posy (Classic)' }, 409));
      const { result } = await loadedCart();

      let added: boolean | undefined;
      await act(async () => {
        added = await result.current.addItem({ productId: 1, variationId: 12, quantity: 2 });
      });
      expect(added).toBe(false);
      expect(result.current.cart).toEqual(peonies);
      expect(result.current.count).toBe(2);
      expect(gets()).toHaveLength(1);
      expect(errorLog).toHaveBeenCalled();

      const outcome = await act(() => result.current.addItemWithReason({ productId: 1, variationId: 12, quantity: 2 }));
      expect(outcome).toEqual({ ok: false, reason: 'Only 3 left of Peony Posy (Classic)' });
    });

    it('reports false and changes nothing when the answer has no id', async () => {
      serveCarts(peonies);
      mockApi.on('POST', '/api/cart/add_item/', () => json({ items: [], total: '0.00' }));
      const { result } = await loadedCart();
      const added = await act(() => result.current.addItem({ productId: 2 }));
      expect(added).toBe(false);
      expect(result.current.cart).toEqual(peonies);
    });

    it('reports false, with a reason, when the network is down', async () => {
      serveCarts(peonies);
      mockApi.on('POST', '/api/cart/add_item/', () => Promise.reject(new TypeError('Failed to fetch')));
      const { result } = await loadedCart();
      const outcome = await act(() => result.current.addItemWithReason({ productId: 2 }));
      expect(outcome.ok).toBe(false);
      expect(outcome.ok ? null : outcome.reason).toMatch(/check your connection/);
      expect(result.current.cart).toEqual(peonies);
    });
  });

  describe('changing a quantity', () => {
    it('takes a cart in the answer as the cart', async () => {
      serveCarts(peonies);
      mockApi.on('POST', '/api/cart/update_quantity/', () => json(morePeonies));
      const { result } = await loadedCart();

      const outcome = await act(() => result.current.updateQuantity(101, 3));

      expect(outcome).toEqual({ ok: true });
      expect(await calls('POST', '/api/cart/update_quantity/')[0]?.json()).toEqual({
        cart_id: 'stored-cart',
        item_id: 101,
        quantity: 3,
      });
      expect(result.current.count).toBe(3);
      expect(gets()).toHaveLength(1);
    });

    it('takes a cart wrapped in {cart} as the cart', async () => {
      serveCarts(peonies);
      mockApi.on('POST', '/api/cart/update_quantity/', () => json({ cart: morePeonies }));
      const { result } = await loadedCart();
      await act(() => result.current.updateQuantity(101, 3));
      expect(result.current.cart).toEqual(morePeonies);
      expect(gets()).toHaveLength(1);
    });

    it('fetches the cart again when the answer is neither', async () => {
      serveCarts(peonies, morePeonies);
      mockApi.on('POST', '/api/cart/update_quantity/', () => json({ status: 'ok' }));
      const { result } = await loadedCart();
      const outcome = await act(() => result.current.updateQuantity(101, 3));
      expect(outcome).toEqual({ ok: true });
      expect(gets()).toHaveLength(2);
      expect(result.current.cart).toEqual(morePeonies);
    });

    it('fetches the cart again when refused, and passes on the server’s reason', async () => {
      const lessInStock = cartWith([cartLine({ quantity: 1 })], 'stored-cart');
      serveCarts(peonies, lessInStock);
      mockApi.on('POST', '/api/cart/update_quantity/', () =>
        json({ error: 'Only 1 left of Peony Posy (Classic)' }, 409),
      );
      const { result } = await loadedCart();
      const outcome = await act(() => result.current.updateQuantity(101, 5));
      expect(outcome).toEqual({ ok: false, reason: 'Only 1 left of Peony Posy (Classic)' });
      expect(gets()).toHaveLength(2);
      expect(result.current.cart).toEqual(lessInStock);
      expect(errorLog).toHaveBeenCalled();
    });
  });

  describe('removing', () => {
    it('takes the answer as the cart', async () => {
      serveCarts(peonies);
      mockApi.on('POST', '/api/cart/remove_item/', () => json(emptyCart('stored-cart')));
      const { result } = await loadedCart();
      const outcome = await act(() => result.current.removeItem(101));
      expect(outcome).toEqual({ ok: true });
      expect(await calls('POST', '/api/cart/remove_item/')[0]?.json()).toEqual({ cart_id: 'stored-cart', item_id: 101 });
      expect(result.current.cart?.items).toEqual([]);
      expect(result.current.count).toBe(0);
    });

    it('fetches the cart again when it fails', async () => {
      const alreadyGone = emptyCart('stored-cart');
      serveCarts(peonies, alreadyGone);
      mockApi.on('POST', '/api/cart/remove_item/', () => json({ error: 'That item is no longer in your cart.' }, 404));
      const { result } = await loadedCart();
      const outcome = await act(() => result.current.removeItem(101));
      expect(outcome).toEqual({ ok: false, reason: 'That item is no longer in your cart.' });
      expect(gets()).toHaveLength(2);
      expect(result.current.cart).toEqual(alreadyGone);
    });
  });

  describe('clearing', () => {
    it('sets the cart to null and forgets its id; the next add first fetches a fresh cart', async () => {
      localStorage.setItem(CART_ID_KEY, 'stored-cart');
      let call = 0;
      mockApi.on('GET', '/api/cart/', () => json(call++ === 0 ? peonies : emptyCart('fresh-cart')));
      mockApi.on('POST', '/api/cart/add_item/', (request) =>
        request.json().then((body: { cart_id: string }) => json(cartWith([cartLine({ quantity: 1 })], body.cart_id))),
      );
      const { result } = await loadedCart();

      act(() => result.current.clearCart());
      expect(result.current.cart).toBeNull();
      expect(result.current.count).toBe(0);
      expect(localStorage.getItem(CART_ID_KEY)).toBeNull();

      const added = await act(() => result.current.addItem({ productId: 1, variationId: 12 }));

      expect(added).toBe(true);
      expect(mockApi.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
        'GET /api/cart/',
        'GET /api/cart/',
        'POST /api/cart/add_item/',
      ]);
      expect(queryId(gets()[1])).toBeNull();
      expect(result.current.cart?.id).toBe('fresh-cart');
      expect(localStorage.getItem(CART_ID_KEY)).toBe('fresh-cart');
    });
  });

  it('sends changes one after another, in the order they were asked for', async () => {
    serveCarts(peonies);
    const answers: Array<() => void> = [];
    mockApi.on(
      'POST',
      '/api/cart/update_quantity/',
      (request) =>
        new Promise<Response>((resolve) => {
          void request.json().then((body: { quantity: number }) => {
            answers.push(() => resolve(json(cartWith([cartLine({ quantity: body.quantity })], 'stored-cart'))));
          });
        }),
    );
    const { result } = await loadedCart();

    let both: Promise<unknown> = Promise.resolve();
    act(() => {
      both = Promise.all([result.current.updateQuantity(101, 4), result.current.updateQuantity(101, 5)]);
    });
    await waitFor(() => expect(answers).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(answers).toHaveLength(1);
    answers[0]!();
    await waitFor(() => expect(answers).toHaveLength(2));
    answers[1]!();
    await act(() => both);

    expect(result.current.count).toBe(5);
  });
});
