import { useState } from 'react';
import type { Product, Variation } from '@/lib/api-client';
import { isSoldOut } from '@/lib/core';

/**
 * The size preselected on a product page: the first size, or the first size in stock when
 * the first is sold out (sold-out sizes cannot be chosen). Null without sizes, or when every
 * size is sold out.
 */
export function initialSize(product: Product): Variation | null {
  const sizes = product.variations;
  return sizes.find((size) => !isSoldOut(size.stock)) ?? null;
}

/** The size the shopper has chosen on a product page, starting from `initialSize`. */
export function useSizeChoice(product: Product) {
  const [chosenId, setChosenId] = useState<number | null>(() => initialSize(product)?.id ?? null);
  const chosen = product.variations.find((size) => size.id === chosenId) ?? null;
  return { chosen, choose: setChosenId } as const;
}
