import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { CartProvider } from '@/features/cart/stores/cart-context';
import { emptyCart } from '@/testing/fixtures';
import { json, mockApi } from '@/testing/mock-api';
import { mockSite } from '@/testing/site';
import { lazyPage } from './lazy-page';
import { RootLayout } from './root-layout';

function renderLayout(me: unknown) {
  let asked = 0;
  mockApi.on('GET', '/api/cart/', () => json(emptyCart()));
  mockSite();
  mockApi.on('GET', '/api/auth/me/', () => {
    asked += 1;
    return json(me);
  });
  render(
    <MemoryRouter>
      <CartProvider>
        <Routes>
          <Route element={<RootLayout />}>
            <Route index element={<p>Home</p>} />
          </Route>
        </Routes>
      </CartProvider>
    </MemoryRouter>,
  );
  return { asked: () => asked };
}

const manageGallery = () => screen.queryByRole('link', { name: 'Manage Gallery', hidden: true });

describe('the nav’s admin flag', () => {
  it('starts false, and stays false for a visitor: no Manage Gallery link', async () => {
    const { asked } = renderLayout({ is_admin: false, username: null });
    expect(manageGallery()).not.toBeInTheDocument();
    await vi.waitFor(() => expect(asked()).toBe(1));
    await new Promise((done) => setTimeout(done, 20));
    expect(manageGallery()).not.toBeInTheDocument();
  });

  it('shows Manage Gallery, to /admin/gallery, once GET /api/auth/me/ says admin', async () => {
    renderLayout({ is_admin: true, username: 'studio' });
    // Not in the first paint: the flag starts false.
    expect(manageGallery()).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Manage Gallery', hidden: true })).toHaveAttribute('href', '/admin/gallery');
  });

  it('shows no link when the question fails', async () => {
    mockApi.on('GET', '/api/auth/me/', () => json({ error: 'down' }, 500));
    const { asked } = renderLayout({ is_admin: true, username: 'studio' });
    await vi.waitFor(() => expect(asked() + mockApi.requests.filter((r) => r.url.endsWith('/api/auth/me/')).length).toBeGreaterThan(0));
    await new Promise((done) => setTimeout(done, 20));
    expect(manageGallery()).not.toBeInTheDocument();
  });
});

describe('the page frame', () => {
  it('lets a page that failed to load be retried: its controls are not left waiting for a page that never came', async () => {
    mockApi.on('GET', '/api/cart/', () => json(emptyCart()));
    mockSite();
    mockApi.on('GET', '/api/auth/me/', () => json({ is_admin: false, username: null }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = lazyPage(() => Promise.reject(new Error('offline')));
    render(
      <MemoryRouter>
        <CartProvider>
          <Routes>
            <Route element={<RootLayout />}>
              <Route index element={<Broken />} />
            </Route>
          </Routes>
        </CartProvider>
      </MemoryRouter>,
    );
    const retry = await screen.findByRole('button', { name: 'Retry' });
    await vi.waitFor(() => expect(retry).toBeEnabled(), { timeout: 5_000 });
  });
});
