import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useStore } from '@/lib/store';
import { createCartStore, type CartActions, type CartSnapshot, type CartStore } from './cart-store';

export type { AddToCartRequest, CartChange } from './cart-store';
export { CART_ID_KEY } from './cart-store';

export type CartState = CartSnapshot & CartActions;

const CartContext = createContext<CartState | null>(null);

/** Holds the shopper's cart for the whole app, fetched once the app starts (the spec). */
export function CartProvider({ children }: { children: ReactNode }) {
  const [store] = useState<CartStore>(createCartStore);
  const snapshot = useStore(store);

  useEffect(() => {
    store.start();
  }, [store]);

  const value = useMemo<CartState>(
    () => ({
      ...snapshot,
      addItem: store.addItem,
      addItemWithReason: store.addItemWithReason,
      removeItem: store.removeItem,
      updateQuantity: store.updateQuantity,
      clearCart: store.clearCart,
      refreshCart: store.refreshCart,
    }),
    [snapshot, store],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartState {
  const cart = useContext(CartContext);
  if (!cart) throw new Error('useCart needs a CartProvider above it');
  return cart;
}

/** The number on the cart icon. */
export function useCartCount(): number {
  return useCart().count;
}
