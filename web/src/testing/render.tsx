import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { CartProvider } from '@/features/cart/stores/cart-context';

/** Renders a page at a URL, inside the app's providers, matched by the given route path. */
export function renderPage(element: ReactElement, { path = '/', at = path }: { path?: string; at?: string } = {}) {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <CartProvider>
        <Routes>
          <Route path={path} element={element} />
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
      </CartProvider>
    </MemoryRouter>,
  );
}
