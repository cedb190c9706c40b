import { Link } from 'react-router';
import { SmartImage } from '@/components/ui/smart-image';
import { studio } from '@/config/studio';
import { cartTotal, money, totalQuantity } from '@/lib/core';
import type { Cart, CartItem } from '@/lib/api-client';

function unitPrice(item: CartItem): string {
  return item.variation_details?.price ?? item.product_details.price;
}

/** The cart's total as the core adds it up, e.g. "£128.50". */
export function checkoutTotal(cart: Cart): string {
  return money(cartTotal(cart.items.map((item) => ({ price: unitPrice(item), quantity: item.quantity }))));
}

/** What is being paid for: each line with its size and quantity, and the total (added by the core). */
export function OrderSummary({ cart }: { cart: Cart }) {
  const count = totalQuantity(cart.items);
  const total = checkoutTotal(cart);

  return (
    <aside className="order-summary" aria-labelledby="order-summary-title">
      <div className="order-summary__head">
        <h2 id="order-summary-title" className="order-summary__title">
          Your order
        </h2>
        <Link to="/cart" className="order-summary__edit">
          Edit cart
        </Link>
      </div>
      <ul className="order-summary__lines" aria-label="Items you are paying for">
        {cart.items.map((item) => (
          <li key={item.id} className="order-summary__line">
            <span className="order-summary__picture">
              <SmartImage src={item.product_details.image} alt="" width={64} height={80} loading="lazy" decoding="async" />
              <span className="order-summary__quantity" aria-hidden="true">
                {item.quantity}
              </span>
            </span>
            <span className="order-summary__name">
              <span className="order-summary__product">{item.product_details.name}</span>
              <span className="order-summary__meta">
                {item.variation_details?.size && <span>Size: {item.variation_details.size}</span>}
                <span>Quantity: {item.quantity}</span>
              </span>
            </span>
            <span className="order-summary__price">{money(item.line_total)}</span>
          </li>
        ))}
      </ul>
      <dl className="order-summary__figures">
        <div>
          <dt>Items</dt>
          <dd>{count}</dd>
        </div>
        <div className="order-summary__total">
          <dt>Total</dt>
          <dd data-testid="checkout-total">{total}</dd>
        </div>
      </dl>
      <p className="order-summary__note">{studio.delivery}</p>
    </aside>
  );
}
