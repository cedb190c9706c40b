import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartLine, cartWith, christmasWreath, demoDelivery, peonyPosy, wildflowers } from '@/testing/fixtures';
import { json, mockApi, never } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import type { Product } from '@/lib/api-client';
import ProductPage from './product';

function serve(product: Product) {
  mockApi.on('GET', `/api/products/${product.id}/`, () => json(product));
  // The studio's delivery rules, for when it can arrive.
  mockApi.on('GET', '/api/delivery/', () => json({ settings: demoDelivery }));
}

function optionValues(select: HTMLElement): string[] {
  return within(select)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
}

describe('the product page', () => {
  describe('when it can arrive, by the studio’s delivery rules at the page’s clock', () => {
    beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
    afterEach(() => vi.useRealTimers());

    it('says today’s cut-off while today can be had', async () => {
      // Monday 14 December 2026, 09:00 in Bristol: before the noon cut-off.
      vi.setSystemTime(new Date('2026-12-14T09:00:00Z'));
      serve(peonyPosy);
      renderPage(<ProductPage />, { path: '/shop/:id', at: '/shop/1' });
      const arrival = await screen.findByText('Order by 12:00 for delivery today in Bristol.');
      expect(arrival.parentElement).toHaveTextContent(/Or collect from our studio in BS14: order by \d\d:\d\d for collection today\./);
    });

    it('says the first day it can come once the cut-off has passed', async () => {
      vi.setSystemTime(new Date('2026-12-14T12:30:00Z'));
      serve(peonyPosy);
      renderPage(<ProductPage />, { path: '/shop/:id', at: '/shop/1' });
      expect(await screen.findByText('Delivery in Bristol from Tuesday 15 December.')).toBeInTheDocument();
    });
  });

  it('shows that the product is loading', async () => {
    mockApi.on('GET', '/api/products/1/', () => never());
    renderPage(<ProductPage />, { path: '/shop/:id', at: '/shop/1' });
    expect(await screen.findByRole('status')).toHaveTextContent(/Fetching/);
  });

  it('says "Product not found" for an unknown product', async () => {
    mockApi.on('GET', '/api/products/99/', () => json({ error: 'Product not found' }, 404));
    renderPage(<ProductPage />, { path: '/shop/:id', at: '/shop/99' });
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
  });

  it('says "Product not found" for an id that is not a number, without asking the server', async () => {
    renderPage(<ProductPage />, { path: '/shop/:id', at: '/shop/peonies' });
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    expect(mockApi.requests.filter((r) => new URL(r.url).pathname.startsWith('/api/products'))).toHaveLength(0);
  });

  it('preselects the first size in stock when the first size is sold out', async () => {
    serve(peonyPosy);
    renderPage(<ProductPage />, { path: '/shop/:id', at: '/shop/1' });

    expect(await screen.findByRole('heading', { name: 'Peony Posy' })).toBeInTheDocument();
    const petite = screen.getByRole('radio', { name: /Petite/ });
    const classic = screen.getByRole('radio', { name: /Classic/ });
    expect(petite).toBeDisabled();
    expect(petite).not.toBeChecked();
    expect(classic).toBeChecked();
    expect(screen.getByTestId('product-price')).toHaveTextContent('£45.00');
  });

  it('preselects the first size when it is in stock', async () => {
    serve({ ...peonyPosy, variations: peonyPosy.variations.map((size) => ({ ...size, stock: 5 })) });
    renderPage(<ProductPage />, { path: '/shop/:id', at: '/shop/1' });
    expect(await screen.findByRole('radio', { name: /Petite/ })).toBeChecked();
    expect(screen.getByTestId('product-price')).toHaveTextContent('£35.00');
  });

  it('offers quantities up to the chosen size’s stock, and the size’s price', async () => {
    serve(peonyPosy);
    renderPage(<ProductPage />, { path: '/shop/:id', at: '/shop/1' });

    const quantity = await screen.findByRole('combobox', { name: 'Quantity' });
    expect(optionValues(quantity)).toEqual(['1', '2', '3', '4']);
    expect(quantity).toHaveValue('1');

    await userEvent.click(screen.getByRole('radio', { name: /Grand/ }));
    expect(optionValues(quantity)).toEqual(['1', '2']);
    expect(screen.getByTestId('product-price')).toHaveTextContent('£60.00');
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  });

  it('offers at most ten of a product without sizes', async () => {
    serve(wildflowers);
    renderPage(<ProductPage />, { path: '/shop/:id', at: '/shop/2' });
    const quantity = await screen.findByRole('combobox', { name: 'Quantity' });
    expect(optionValues(quantity)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByTestId('product-price')).toHaveTextContent('£1,234.50');
  });

  it('cannot add a sold-out product, and shows the placeholder for its missing picture', async () => {
    serve(christmasWreath);
    renderPage(<ProductPage />, { path: '/shop/:id', at: '/shop/3' });
    expect(await screen.findByRole('button', { name: 'Sold out' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Quantity' })).toBeDisabled();
    expect(screen.getByRole('img', { name: 'Christmas Wreath' })).toHaveAttribute('src', '/placeholder.svg');
  });

  it('adds the chosen size and quantity, and toasts "Added to cart!" for the usual 5 s', async () => {
    const user = userEvent.setup();
    serve(peonyPosy);
    mockApi.on('POST', '/api/cart/add_item/', () => json(cartWith([cartLine({ variation_id: 13, quantity: 2 })])));
    renderPage(<ProductPage />, { path: '/shop/:id', at: '/shop/1' });

    await user.click(await screen.findByRole('radio', { name: /Grand/ }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Quantity' }), '2');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Added to cart!');
    expect(within(toast).getByRole('progressbar', { hidden: true })).toHaveStyle({ animationDuration: '5000ms' });
    const [post] = mockApi.requests.filter((r) => r.method === 'POST');
    expect(await post?.json()).toEqual({ cart_id: 'cart-0001', product_id: 1, quantity: 2, variation_id: 13 });
  });

  it('toasts the server’s reason when the add is refused', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    serve(wildflowers);
    mockApi.on('POST', '/api/cart/add_item/', () => json({ error: 'Only 3 left of Wildflower Meadow' }, 409));
    renderPage(<ProductPage />, { path: '/shop/:id', at: '/shop/2' });
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Failed to add to cart');
    expect(toast).toHaveTextContent('Only 3 left of Wildflower Meadow');
  });

  it('toasts the server’s sentence when the address has started too many baskets (429)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    serve(wildflowers);
    const sentence =
      "We can't start another basket for your network just now: a lot have been started from it lately. Please try again in 60 minutes.";
    mockApi.on('POST', '/api/cart/add_item/', () => json({ error: sentence }, 429));
    renderPage(<ProductPage />, { path: '/shop/:id', at: '/shop/2' });
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Failed to add to cart');
    expect(toast).toHaveTextContent(sentence);
  });
});
