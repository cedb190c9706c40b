import { createContext, useContext, useMemo, type ReactNode } from 'react';

/** One line of the cart, as the summary and the totals need it. */
export interface CartLine {
  id: number;
  name: string;
  price: string;
  quantity: number;
}

/** What an "Add to cart" asks for (spec §3: product, quantity, variation or none). */
export interface AddToCartRequest {
  productId: number;
  variationId: number | null;
  quantity: number;
}

export interface CartState {
  lines: readonly CartLine[];
  /** Total quantity, shown on the cart icon. */
  count: number;
  /** Adds to the cart; true when the server accepted it. */
  addItem: (request: AddToCartRequest) => Promise<boolean>;
}

// The walking skeleton holds an empty cart; the cart issue fills this provider with the real
// one (GET /api/cart/, add, remove, update) without changing what components read.
const emptyCart: CartState = {
  lines: [],
  count: 0,
  addItem: async () => false,
};

const CartContext = createContext<CartState>(emptyCart);

export function CartProvider({ children }: { children: ReactNode }) {
  const value = useMemo(() => emptyCart, []);
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartState {
  return useContext(CartContext);
}

/** The number on the cart icon. */
export function useCartCount(): number {
  return useCart().count;
}
