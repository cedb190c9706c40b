import { useId, useState } from 'react';
import { Link } from 'react-router';
import { QuantityOptions } from '@/components/ui/quantity-options';
import { SmartImage } from '@/components/ui/smart-image';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { defaultQuantity, isSoldOut, money, quantityOptions } from '@/lib/core';
import type { Product } from '@/lib/api-client';
import { useSizeChoice } from '../hooks/use-size-choice';
import { AddToCartButton } from './add-to-cart-button';
import { productPriceText } from './product-price';
import { SizeSelector } from './size-selector';
import '@/components/ui/field.css';
import './product-picture.css';
import './product-details.css';

/** What the add button sends: the product, its chosen size (or none) and how many. */
export interface ProductChoice {
  product: Product;
  variationId: number | null;
  quantity: number;
}

export interface ProductDetailsProps {
  product: Product;
  onAddToCart: (choice: ProductChoice) => void;
  /** True while the add is on the way: the button waits, so a double click adds once. */
  adding?: boolean;
  /** When it can come, by the studio's delivery rules ("Order by 12:00 for delivery today in Bristol."); null until they load. */
  arrival?: { deliver: string | null; collect: string | null } | null;
}

export function ProductDetails({ product, onAddToCart, adding = false, arrival = null }: ProductDetailsProps) {
  const hasSizes = product.has_variations && product.variations.length > 0;
  const { chosen, choose } = useSizeChoice(product);
  const stock = hasSizes ? (chosen?.stock ?? 0) : product.stock;
  const options = quantityOptions(stock);
  const [quantity, setQuantity] = useState(defaultQuantity());
  const shownQuantity = options.includes(quantity) ? quantity : (options[0] ?? defaultQuantity());
  const quantityId = useId();

  const price = chosen ? money(chosen.price) : productPriceText(product);
  const soldOut = isSoldOut(stock);

  return (
    <div className="product-details">
      <div className="product-picture product-details__picture">
        <SmartImage
          src={product.image}
          srcSet={product.image_srcset ?? undefined}
          webpSrcSet={product.image_webp_srcset}
          sizes="(min-width: 56rem) 50vw, 100vw"
          alt={product.name}
          width={1200}
          height={1500}
          fetchPriority="high"
        />
      </div>

      <div className="product-details__info">
        <Link to="/shop" className="back-link">
          <ArrowLeftIcon />
          Back to the shop
        </Link>
        <p className="product-details__category">{product.category_name}</p>
        <h1 className="product-details__name">{product.name}</h1>
        <p className="product-details__price" data-testid="product-price" aria-live="polite">
          {price}
        </p>

        <form
          className="product-details__form"
          onSubmit={(event) => {
            event.preventDefault();
            if (soldOut || adding) return;
            onAddToCart({ product, variationId: chosen?.id ?? null, quantity: shownQuantity });
          }}
        >
          {hasSizes && (
            <SizeSelector sizes={product.variations} chosenId={chosen?.id ?? null} onChoose={choose} />
          )}

          <div className="product-details__buy">
            <div className="field field--quantity">
              <label htmlFor={quantityId} className="field__label">
                Quantity
              </label>
              <select
                id={quantityId}
                className="field__select"
                value={soldOut ? '' : shownQuantity}
                disabled={soldOut}
                onChange={(event) => setQuantity(Number(event.target.value))}
              >
                {soldOut && <option value="">–</option>}
                <QuantityOptions quantities={options} />
              </select>
            </div>
            <AddToCartButton type="submit" className="button product-details__add" soldOut={soldOut} adding={adding} />
          </div>
        </form>

        <p className="product-details__delivery" data-testid="product-arrival" aria-live="polite">
          {arrival ? (
            <>
              {arrival.deliver && <strong>{arrival.deliver}</strong>} {arrival.collect}
            </>
          ) : (
            'Delivered across Bristol, or collect from our studio in BS14.'
          )}
        </p>

        <div className="product-details__description">
          {product.description.split(/\n{2,}/).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      </div>
    </div>
  );
}
