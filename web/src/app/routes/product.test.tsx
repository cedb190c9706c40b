import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { christmasWreath, peonyPosy, wildflowers } from '@/testing/fixtures';
import { json, mockApi, never } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import type { Product } from '@/lib/api-client';
import ProductPage from './product';

function serve(product: Product) {
  mockApi.on('GET', `/api/products/${product.id}/`, () => json(product));
}

function optionValues(select: HTMLElement): string[] {
  return within(select)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
}

describe('the product page', () => {
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
    expect(mockApi.requests).toHaveLength(0);
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
});
