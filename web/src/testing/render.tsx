import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import Toasts from '@/components/ui/toasts';
import { CartProvider } from '@/features/cart/stores/cart-context';
import type { Cart } from '@/lib/api-client';
import { emptyCart } from './fixtures';
import { json, mockApi } from './mock-api';
import { mockSite } from './site';

export interface RenderPageOptions {
  /** The route pattern the page is mounted at. */
  path?: string;
  /** The URL to open. */
  at?: string;
  /**
   * What GET /api/cart/ answers when the test has not said (the app fetches the cart on load);
   * a route the test registered first wins.
   */
  cart?: Cart;
}

/** Where the app went when it left the page under test: "Elsewhere: /cart". */
function Elsewhere() {
  const { pathname, search } = useLocation();
  return <p data-testid="elsewhere">Elsewhere: {`${pathname}${search}`}</p>;
}

/** Renders a page at a URL, inside the app's providers, matched by the given route path. */
export function renderPage(element: ReactElement, { path = '/', at = path, cart = emptyCart() }: RenderPageOptions = {}) {
  mockApi.on('GET', '/api/cart/', () => json(cart));
  // The studio's facts, which pages show (its phone, its address): the demo studio's.
  mockSite();
  return render(
    <MemoryRouter initialEntries={[at]}>
      <CartProvider>
        <Routes>
          <Route path={path} element={element} />
          <Route path="*" element={<Elsewhere />} />
        </Routes>
        <Toasts />
      </CartProvider>
    </MemoryRouter>,
  );
}
