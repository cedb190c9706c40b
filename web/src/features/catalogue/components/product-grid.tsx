import type { Product } from '@/lib/api-client';
import { ProductCard } from './product-card';
import './product-grid.css';

export interface ProductGridProps {
  products: readonly Product[];
  onAddToCart: (product: Product) => void;
  /** Whether a product's add is on the way. */
  isAdding?: (productId: number) => boolean;
}

export function ProductGrid({ products, onAddToCart, isAdding }: ProductGridProps) {
  if (products.length === 0) {
    return (
      <p className="notice">
        The shop is empty just now: we are between seasons. Do get in touch for something made to order.
      </p>
    );
  }
  return (
    <ul className="product-grid" aria-label="Products">
      {products.map((product, index) => (
        <ProductCard
          key={product.id}
          product={product}
          onAddToCart={onAddToCart}
          adding={isAdding?.(product.id) ?? false}
          eager={index < 4}
          leading={index < 2}
        />
      ))}
    </ul>
  );
}
