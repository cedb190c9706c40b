import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogue } from '@/testing/fixtures';
import { json, mockApi, never } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import ShopPage from './shop';

describe('the shop page', () => {
  it('shows that products are loading while the list is on its way', async () => {
    mockApi.on('GET', '/api/products/', () => never());
    renderPage(<ShopPage />, { path: '/shop' });
    expect(await screen.findByText('Loading products…')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Products' })).not.toBeInTheDocument();
  });

  it('says "Failed to fetch products" when the server fails', async () => {
    mockApi.on('GET', '/api/products/', () => json({ error: 'Something broke on our side.' }, 500));
    renderPage(<ShopPage />, { path: '/shop' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch products');
  });

  it('says "Failed to fetch products" when the network is down', async () => {
    mockApi.on('GET', '/api/products/', () => Promise.reject(new TypeError('Failed to fetch')));
    renderPage(<ShopPage />, { path: '/shop' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch products');
  });

  it('shows every product with its price in pounds, formatted by the core', async () => {
    mockApi.on('GET', '/api/products/', () => json(catalogue));
    renderPage(<ShopPage />, { path: '/shop' });

    const grid = await screen.findByRole('list', { name: 'Products' });
    const cards = within(grid).getAllByRole('listitem');
    expect(cards).toHaveLength(3);

    const [peony, meadow, wreath] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(peony).getByRole('link', { name: 'Peony Posy' })).toHaveAttribute('href', '/shop/1');
    expect(within(peony).getByTestId('product-price')).toHaveTextContent('£35.00 – £60.00');
    expect(within(peony).getByRole('link', { name: 'Choose size' })).toHaveAttribute('href', '/shop/1');

    expect(within(meadow).getByTestId('product-price')).toHaveTextContent('£1,234.50');
    expect(within(meadow).getByRole('button', { name: 'Add to cart' })).toBeEnabled();

    expect(within(wreath).getByText('Sold out', { selector: '.tag' })).toBeInTheDocument();
    expect(within(wreath).getByRole('button', { name: 'Sold out' })).toBeDisabled();
  });

  it('gives every picture its size, so the grid does not jump as pictures arrive', async () => {
    mockApi.on('GET', '/api/products/', () => json(catalogue));
    const { container } = renderPage(<ShopPage />, { path: '/shop' });
    await screen.findByRole('list', { name: 'Products' });
    const images = container.querySelectorAll('img');
    expect(images).toHaveLength(3);
    for (const image of images) {
      expect(image).toHaveAttribute('width');
      expect(image).toHaveAttribute('height');
    }
  });

  it('shows the cart summary with an empty cart and the way to it', async () => {
    mockApi.on('GET', '/api/products/', () => json([]));
    renderPage(<ShopPage />, { path: '/shop' });
    expect(screen.getByTestId('cart-summary-count')).toHaveTextContent('0 items');
    expect(screen.getByTestId('cart-summary-total')).toHaveTextContent('£0.00');
    expect(screen.getByRole('link', { name: 'Go to Cart' })).toHaveAttribute('href', '/cart');
    expect(screen.getByText(/deliver across Bristol/)).toHaveTextContent('BS14');
    await screen.findByText(/The shop is empty/);
  });
});
