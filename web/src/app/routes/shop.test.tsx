import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { cartLine, cartWith, catalogue, emptyCart, twoLineCart, wildflowers } from '@/testing/fixtures';
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
    expect(within(peony).getByRole('link', { name: 'Choose size: Peony Posy' })).toHaveAttribute('href', '/shop/1');

    expect(within(meadow).getByTestId('product-price')).toHaveTextContent('£1,234.50');
    expect(within(meadow).getByRole('button', { name: 'Add to cart: Wildflower Meadow' })).toBeEnabled();

    expect(within(wreath).getByText('Sold out', { selector: '.tag' })).toBeInTheDocument();
    expect(within(wreath).getByRole('button', { name: 'Sold out: Christmas Wreath' })).toBeDisabled();
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
    // The studio's facts arrive after the cart (GET /api/site/, asked afresh on each page load).
    expect(await screen.findByText(/deliver across Bristol/)).toHaveTextContent('BS14');
    await screen.findByText(/The shop is empty/);
  });

  it('shows the total quantity and the total of the cart in the summary', async () => {
    mockApi.on('GET', '/api/products/', () => json([]));
    renderPage(<ShopPage />, { path: '/shop', cart: twoLineCart });
    await waitFor(() => expect(screen.getByTestId('cart-summary-count')).toHaveTextContent('3 items'));
    expect(screen.getByTestId('cart-summary-total')).toHaveTextContent('£1,324.50');
    await screen.findByText(/The shop is empty/);
  });

  it('adds one of a product without sizes from the list, toasts "Added to cart!" for 2 s and updates the summary', async () => {
    const user = userEvent.setup();
    const meadowLine = cartLine({
      id: 201,
      product_id: wildflowers.id,
      variation_id: null,
      variation_details: null,
      quantity: 1,
      product_details: { name: wildflowers.name, image: wildflowers.image, price: wildflowers.price },
      line_total: wildflowers.price,
    });
    mockApi.on('GET', '/api/products/', () => json(catalogue));
    mockApi.on('POST', '/api/cart/add_item/', () => json(cartWith([meadowLine])));
    renderPage(<ShopPage />, { path: '/shop', cart: emptyCart() });

    const grid = await screen.findByRole('list', { name: 'Products' });
    await waitFor(() => expect(screen.getByTestId('cart-summary-count')).toHaveTextContent('0 items'));
    await user.click(within(grid).getByRole('button', { name: 'Add to cart: Wildflower Meadow' }));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Added to cart!');
    expect(within(toast).getByRole('progressbar', { hidden: true })).toHaveStyle({ animationDuration: '2000ms' });
    expect(screen.getByTestId('cart-summary-count')).toHaveTextContent('1 item');
    expect(screen.getByTestId('cart-summary-total')).toHaveTextContent('£1,234.50');

    const posts = mockApi.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(await posts[0]?.json()).toEqual({ cart_id: 'cart-0001', product_id: 2, quantity: 1, variation_id: null });
  });

  it('adds once however quickly the button is pressed twice', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    mockApi.on('GET', '/api/products/', () => json(catalogue));
    mockApi.on('POST', '/api/cart/add_item/', () => new Promise<Response>((resolve) => (answer = resolve)));
    renderPage(<ShopPage />, { path: '/shop' });

    const grid = await screen.findByRole('list', { name: 'Products' });
    const add = within(grid).getByRole('button', { name: 'Add to cart: Wildflower Meadow' });
    await user.dblClick(add);
    expect(add).toHaveTextContent('Adding…');
    expect(add).toHaveAttribute('aria-disabled', 'true');
    await user.click(add);
    answer(json(cartWith([cartLine()])));
    expect(await screen.findByRole('alert')).toHaveTextContent('Added to cart!');
    expect(mockApi.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(add).toHaveTextContent('Add to cart');
  });

  it('toasts "Failed to add to cart" with the server’s reason on a second line, and changes nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    mockApi.on('GET', '/api/products/', () => json(catalogue));
    mockApi.on('POST', '/api/cart/add_item/', () => json({ error: 'Only 3 left of Wildflower Meadow' }, 409));
    renderPage(<ShopPage />, { path: '/shop', cart: twoLineCart });

    const grid = await screen.findByRole('list', { name: 'Products' });
    await waitFor(() => expect(screen.getByTestId('cart-summary-count')).toHaveTextContent('3 items'));
    await user.click(within(grid).getByRole('button', { name: 'Add to cart: Wildflower Meadow' }));

    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Failed to add to cart')).toBeInTheDocument();
    expect(within(toast).getByText('Only 3 left of Wildflower Meadow')).toBeInTheDocument();
    expect(screen.getByTestId('cart-summary-count')).toHaveTextContent('3 items');
  });
});
