import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import Toasts from '@/components/ui/toasts';
import { CartProvider } from '@/features/cart/stores/cart-context';
import type { Cart } from '@/lib/api-client';
import { emptyCart, noCodes } from './fixtures';
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

/**
 * Renders at a URL inside the app's providers, with the cart (`cart`, when the test has not
 * said) and the demo studio's facts (its phone, its address) that every page asks for.
 */
function renderInApp(children: ReactNode, at: string, cart: Cart) {
  mockApi.on('GET', '/api/cart/', () => json(cart));
  // The checkout asks what codes are on the cart: none, unless the test said.
  mockApi.on('GET', '/api/cart/codes/', () => json(noCodes(cart)));
  mockSite();
  return render(
    <MemoryRouter initialEntries={[at]}>
      <CartProvider>{children}</CartProvider>
    </MemoryRouter>,
  );
}

/** Renders a page at a URL, inside the app's providers, matched by the given route path. */
export function renderPage(element: ReactElement, { path = '/', at = path, cart = emptyCart() }: RenderPageOptions = {}) {
  return renderInApp(
    <>
      <Routes>
        <Route path={path} element={element} />
        <Route path="*" element={<Elsewhere />} />
      </Routes>
      <Toasts />
    </>,
    at,
    cart,
  );
}

/** Renders the app's routes (`routes`, as the app mounts them, and anything beside them) at a URL, inside its providers. */
export function renderRoutes(routes: ReactNode, at: string, cart: Cart = emptyCart()) {
  return renderInApp(routes, at, cart);
}
