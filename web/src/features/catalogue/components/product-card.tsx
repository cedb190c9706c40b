import { Link } from 'react-router';
import type { Product } from '@/lib/api-client';
import { isSoldOut } from '@/lib/core';
import { AddToCartButton } from './add-to-cart-button';
import { ProductImage } from './product-image';
import { productPriceText } from './product-price';
import './product-picture.css';
import './product-card.css';

export interface ProductCardProps {
  product: Product;
  /** Called by "Add to cart" on a product without sizes (one of it, no size). */
  onAddToCart: (product: Product) => void;
  /** True while its add is on the way: the button waits, so a double click adds once. */
  adding?: boolean;
  /** The first cards of the grid load eagerly; the rest wait until they scroll near. */
  eager?: boolean;
  /** The first row: its pictures are the page's largest paint, asked for with the page itself. */
  leading?: boolean;
}

export function ProductCard({ product, onAddToCart, adding = false, eager = false, leading = false }: ProductCardProps) {
  const soldOut = isSoldOut(product.stock);
  const hasSizes = product.has_variations && product.variations.length > 0;
  const href = `/shop/${product.id}`;

  return (
    <li className="product-card" data-sold-out={soldOut || undefined}>
      <Link to={href} className="product-picture product-card__picture" tabIndex={-1} aria-hidden="true">
        <ProductImage product={product} sizes="(min-width: 64rem) 18rem, (min-width: 40rem) 33vw, 50vw" eager={eager} leading={leading} />
        {soldOut && <span className="tag tag--sold-out">Sold out</span>}
      </Link>
      <div className="product-card__body">
        <p className="product-card__category">{product.category_name}</p>
        <h2 className="product-card__name">
          <Link to={href}>{product.name}</Link>
        </h2>
        <p className="product-card__price" data-testid="product-price">
          {productPriceText(product)}
        </p>
        <div className="product-card__action">
          {hasSizes ? (
            <Link to={href} className="button button--quiet button--small button--block">
              Choose size<span className="visually-hidden">: {product.name}</span>
            </Link>
          ) : (
            <AddToCartButton
              type="button"
              className="button button--small button--block"
              soldOut={soldOut}
              adding={adding}
              productName={product.name}
              onClick={() => {
                if (!adding) onAddToCart(product);
              }}
            />
          )}
        </div>
      </div>
    </li>
  );
}
