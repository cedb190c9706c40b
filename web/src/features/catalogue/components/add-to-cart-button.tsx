import type { ButtonHTMLAttributes } from 'react';

export interface AddToCartButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled' | 'children'> {
  soldOut: boolean;
  /** True while the add is on the way: the button waits, so a double click adds once. */
  adding: boolean;
  /** In a list of products: the product's name, heard after the visible words ("Add to cart: The Bedminster"). */
  productName?: string;
}

/** "Add to cart", "Adding…" while it goes, or a disabled "Sold out". */
export function AddToCartButton({ soldOut, adding, productName, ...button }: AddToCartButtonProps) {
  return (
    <button {...button} disabled={soldOut} aria-disabled={adding || undefined}>
      {soldOut ? 'Sold out' : adding ? 'Adding…' : 'Add to cart'}
      {productName && <span className="visually-hidden">: {productName}</span>}
    </button>
  );
}
