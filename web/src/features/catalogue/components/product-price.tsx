import { money, formatPriceRange } from '@/lib/core';
import type { Product } from '@/lib/api-client';

/** A product's price as the shop shows it: one price, or its range when sizes differ. */
export function productPriceText(product: Product): string {
  if (product.has_variations && product.variations.length > 0) {
    return formatPriceRange(product.price_range.min, product.price_range.max);
  }
  return money(product.price);
}
