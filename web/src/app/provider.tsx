import { Suspense, lazy, type ReactNode } from 'react';
import { CartProvider } from '@/features/cart/stores/cart-context';

// react-toastify keeps toasts raised before its container mounts, so the container can
// arrive in its own chunk and stay out of the first page's JavaScript.
const Toasts = lazy(() => import('@/components/ui/toasts'));

/** Everything the whole app shares: the cart, and toasts. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <CartProvider>
      {children}
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
    </CartProvider>
  );
}
