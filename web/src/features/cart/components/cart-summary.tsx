import { Link } from 'react-router';
import { money } from '@/lib/core';
import { counted } from '@/lib/words';
import { useCart } from '../stores/cart-context';
import './cart-summary.css';

/** The shop's cart box: how many items, their total, and the way to the cart. */
export function CartSummary() {
  const { cart, count } = useCart();
  const total = money(cart?.total ?? '0.00');

  return (
    <aside className="cart-summary" aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title" className="cart-summary__title">
        Your cart
      </h2>
      <p className="cart-summary__figures" aria-live="polite" aria-atomic="true">
        <span data-testid="cart-summary-count">
          {counted(count, 'item')}
        </span>
        <span className="cart-summary__dot" aria-hidden="true">
          ·
        </span>
        <span data-testid="cart-summary-total">{total}</span>
      </p>
      <Link to="/cart" className="button button--small">
        Go to Cart
      </Link>
    </aside>
  );
}
