import { useId } from 'react';
import { Link } from 'react-router';
import { QuantityOptions } from '@/components/ui/quantity-options';
import { SmartImage } from '@/components/ui/smart-image';
import { cartQuantityOptions, itemName, money } from '@/lib/core';
import type { CartItem } from '@/lib/api-client';
import '@/components/ui/field.css';
import './cart-line.css';

/** A line's name as the shopper reads it: "Peony Posy (Large)", or just the name without a size. */
export function lineName(item: CartItem): string {
  return itemName(item.product_details.name, item.variation_details?.size);
}

export interface CartLineProps {
  item: CartItem;
  /** The quantity to show: the one being sent while a change is on its way. */
  quantity: number;
  /** 'quantity' or 'remove' while that change to this line is on its way. */
  pending: 'quantity' | 'remove' | null;
  onQuantityChange: (item: CartItem, quantity: number) => void;
  onRemove: (item: CartItem) => void;
}

/** One line of the cart: picture, name, size, price of one, quantity, line total, remove. */
export function CartLine({ item, quantity, pending, onQuantityChange, onRemove }: CartLineProps) {
  const quantityId = useId();
  const href = `/shop/${item.product_id}`;
  const name = lineName(item);
  const size = item.variation_details?.size;
  const options = cartQuantityOptions();
  // A line already above the usual choices keeps its own quantity on offer.
  if (!options.includes(quantity)) options.push(quantity);

  return (
    <li
      className="cart-line"
      data-pending={pending ?? undefined}
      data-unavailable={item.available.status === 'on_sale' ? undefined : item.available.status}
      aria-busy={pending !== null}
    >
      <Link to={href} className="cart-line__picture" tabIndex={-1} aria-hidden="true">
        <SmartImage src={item.product_details.image} alt="" width={160} height={200} loading="lazy" decoding="async" />
      </Link>

      <div className="cart-line__info">
        <h3 className="cart-line__name">
          <Link to={href}>{item.product_details.name}</Link>
        </h3>
        {size && <p className="cart-line__size">Size: {size}</p>}
        <p className="cart-line__unit" data-testid="line-unit-price">
          {money(item.product_details.price)} each
        </p>
        {item.available.message && (
          <p className="cart-line__unavailable" data-testid="line-unavailable">
            {item.available.message}
          </p>
        )}
      </div>

      <div className="cart-line__quantity">
        <label htmlFor={quantityId} className="field__label cart-line__quantity-label">
          Quantity <span className="visually-hidden">of {name}</span>
        </label>
        <select
          id={quantityId}
          className="field__select"
          value={quantity}
          aria-disabled={pending === 'remove' || undefined}
          onChange={(event) => {
            if (pending !== 'remove') onQuantityChange(item, Number(event.target.value));
          }}
        >
          <QuantityOptions quantities={options} />
        </select>
      </div>

      <p className="cart-line__total" data-testid="line-total">
        <span className="visually-hidden">Line total: </span>
        {money(item.line_total)}
      </p>

      <button
        type="button"
        className="cart-line__remove remove-link"
        aria-disabled={pending !== null || undefined}
        onClick={() => {
          if (pending === null) onRemove(item);
        }}
      >
        {pending === 'remove' ? 'Removing…' : 'Remove'} <span className="visually-hidden">{name} from your cart</span>
      </button>
    </li>
  );
}
