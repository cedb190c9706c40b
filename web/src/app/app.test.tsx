import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { catalogue, demoDelivery, emptyCart, twoLineCart } from '@/testing/fixtures';
import { json, mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import type { Cart } from '@/lib/api-client';
import { AppRoutes } from './router';

function renderAt(path: string, cart: Cart = emptyCart()) {
  // /workshops asks for its workshops.
  mockApi.on('GET', '/api/workshops/', () => json([]));
  // The bar asks who is signed in once; the gallery asks for its albums.
  mockApi.on('GET', '/api/auth/me/', () => json({ is_admin: false, username: null }));
  mockApi.on('GET', '/api/albums/', () => json([]));
  mockApi.on('GET', '/api/albums/7/', () => json({ error: 'No such album' }, 404));
  // The cart and the checkout read the studio's delivery rules.
  mockApi.on('GET', '/api/delivery/', () => json({ settings: demoDelivery }));
  return renderRoutes(<AppRoutes />, path, cart);
}

describe('the app’s routes', () => {
  it.each([
    ['/about', 'About'],
    ['/events', 'Events'],
    ['/weddings', 'Weddings'],
    ['/funerals', 'Funerals'],
    ['/workshops', 'Workshops'],
    ['/contact', 'Get in Touch'],
    ['/cart', 'Your Cart'],
    ['/checkout', 'Checkout'],
    ['/payment-failed', 'Payment failed'],
    ['/gallery', 'Gallery'],
    ['/gallery/album/7', 'Album not found'],
    ['/admin/gallery', 'Sign in'],
    ['/admin/login', 'Sign in'],
    ['/order-confirmation/12?token=abc', 'Order confirmation'],
  ])('%s shows its title', async (path, title) => {
    // The confirmation asks for its order; a link the server no longer honours is enough here.
    mockApi.on('GET', '/api/orders/12', () => json({ error: 'This link has expired.' }, 403));
    // An empty cart leaves /checkout for /cart (at a moment that depends on the machine's load),
    // so /checkout is shown a cart to pay for.
    mockApi.on('GET', '/api/payment/config/', () => json({ provider: 'simulated', publishable_key: null }));
    mockApi.on('GET', '/api/payment/check_intent/', () => json({ client_secret: 'pi_1_secret_2', total: '1324.50' }));
    renderAt(path, path === '/checkout' ? twoLineCart : emptyCart());
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('shows the home page at /', async () => {
    mockApi.on('GET', '/api/products/', () => json(catalogue));
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: /Flowers picked for the season/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shop bouquets' })).toHaveAttribute('href', '/shop');
  });

  it('offers Retry Payment on /payment-failed, going to /checkout', async () => {
    renderAt('/payment-failed');
    expect(await screen.findByRole('link', { name: 'Retry Payment' })).toHaveAttribute('href', '/checkout');
  });

  it('shows a friendly page for an unknown address, with a way home and to the shop', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Browse the shop' })).toHaveAttribute('href', '/shop');
  });

  it('shows the total quantity in the cart on the cart icon, once the cart has arrived', async () => {
    renderAt('/about', twoLineCart);
    const cartLink = await screen.findByRole('link', { name: 'Cart, 3 items' });
    expect(cartLink).toHaveAttribute('href', '/cart');
    expect(cartLink).toHaveTextContent('3');
  });

  it('scrolls to the top on every route change', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    renderAt('/about');
    await screen.findByRole('heading', { level: 1, name: 'About' });
    scrollTo.mockClear();
    await userEvent.click(screen.getAllByRole('link', { name: 'Workshops', hidden: true })[0]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Workshops' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });

  it('has a skip link to the main content, the footer’s opening hours and a link to /events', async () => {
    renderAt('/about');
    await screen.findByRole('heading', { level: 1, name: 'About' });
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    expect(document.getElementById('main')).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent('Monday to Friday07:30–18:00');
    expect(footer).toHaveTextContent('Saturday08:00–16:00');
    expect(footer).toHaveTextContent('SundayClosed');
    expect(footer).toHaveTextContent('BS14');
    expect(screen.getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/events');
  });
});
