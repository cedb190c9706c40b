import { useRef, useState } from 'react';
import { notifyError, notifySuccess } from '@/components/ui/notify';
import { useCart, type AddToCartRequest } from '../stores/cart-context';

/** The spec's toasts for an add. */
export const ADDED_TO_CART = 'Added to cart!';
export const ADD_TO_CART_FAILED = 'Failed to add to cart';

/**
 * "Add to cart" as the pages offer it: the add, its toast (the server's reason on a second
 * line when it refused), and which products are on their way, so a double click adds once.
 */
export function useAddToCart({ successToastMs }: { successToastMs?: number } = {}) {
  const { addItemWithReason } = useCart();
  const inFlight = useRef(new Set<number>());
  const [adding, setAdding] = useState<ReadonlySet<number>>(() => new Set());

  const mark = (productId: number, on: boolean) => {
    if (on) inFlight.current.add(productId);
    else inFlight.current.delete(productId);
    setAdding(new Set(inFlight.current));
  };

  async function addToCart(request: AddToCartRequest): Promise<boolean> {
    if (inFlight.current.has(request.productId)) return false;
    mark(request.productId, true);
    try {
      const outcome = await addItemWithReason(request);
      if (outcome.ok) notifySuccess(ADDED_TO_CART, successToastMs);
      else notifyError(ADD_TO_CART_FAILED, outcome.reason);
      return outcome.ok;
    } finally {
      mark(request.productId, false);
    }
  }

  return { addToCart, isAdding: (productId: number) => adding.has(productId) };
}
