import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SmartImage } from '@/components/ui/smart-image';
import { Fact, type SiteFacts } from '@/components/ui/studio-facts';
import { cartTotal, money, totalQuantity, type Totals } from '@/lib/core';
import type { Cart, CartItem } from '@/lib/api-client';
import { counted } from '@/lib/words';
import { hasCodes, type CartCodes } from '@/components/codes/codes-api';

function unitPrice(item: CartItem): string {
  return item.variation_details?.price ?? item.product_details.price;
}

/** The cart's total as the core adds it up, e.g. "£128.50". */
export function checkoutTotal(cart: Cart): string {
  return money(cartTotal(cart.items.map((item) => ({ price: unitPrice(item), quantity: item.quantity }))));
}

export interface OrderSummaryProps {
  cart: Cart;
  /** The core's totals for the florist's choice as it stands; null until it can be booked. */
  totals: Totals | null;
  /** How and when, in words ("Delivery on Monday 14 December, Morning"); null before a choice. */
  when: string | null;
  method: string;
  /** The studio's facts, for its delivery sentence before a choice; null until they arrive. */
  site: SiteFacts | null;
  /** A voucher or offer on the cart, with the server's (core's) figures for it; null when none. */
  codes?: CartCodes | null;
  /** The gift voucher or offer code field, above the figures. */
  codeField?: ReactNode;
}

/** The delivery line: the fee, "Free", or what it waits for. */
function deliveryFigure(totals: Pick<Totals, 'delivery'> | null, method: string): string {
  if (method === 'collection') return 'Free';
  if (!totals) return 'Chosen below';
  return Number(totals.delivery) === 0 ? 'Free' : money(totals.delivery);
}

/**
 * What is being paid for: each line with its size and quantity, then the items, the delivery fee
 * and any slot surcharge, and the total (all added by the core, as the server charges them).
 */
export function OrderSummary({ cart, totals, when, method, site, codes = null, codeField }: OrderSummaryProps) {
  const count = totalQuantity(cart.items);
  // With a code on the cart every figure is the server's, reckoned by core in one go, so the
  // lines always add up; without one, the core's totals in the page.
  const reckoned = hasCodes(codes) ? codes : null;
  const items = reckoned ? money(reckoned.items) : checkoutTotal(cart);
  const figures = reckoned ?? totals;
  const total = reckoned ? money(reckoned.to_pay) : totals ? money(totals.total) : items;
  const surcharge = figures && Number(figures.surcharge) > 0 ? money(figures.surcharge) : null;
  const discount = reckoned && Number(reckoned.discount) > 0 ? money(reckoned.discount) : null;
  const voucher = reckoned?.voucher && Number(reckoned.paid_by_voucher) > 0 ? money(reckoned.paid_by_voucher) : null;

  return (
    <aside className="order-summary form-aside__aside" aria-labelledby="order-summary-title">
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
      {codeField}
      <dl className="figures">
        <div>
          <dt>
            {counted(count, 'item')}
          </dt>
          <dd data-testid="checkout-items">{items}</dd>
        </div>
        <div>
          <dt>{method === 'collection' ? 'Collection' : 'Delivery'}</dt>
          <dd data-testid="checkout-delivery">{deliveryFigure(figures, method)}</dd>
        </div>
        {surcharge && (
          <div>
            <dt>Delivery time</dt>
            <dd data-testid="checkout-surcharge">{surcharge}</dd>
          </div>
        )}
        {discount && (
          <div className="order-summary__less">
            <dt>Offer {reckoned?.offer?.code}</dt>
            <dd data-testid="checkout-discount">−{discount}</dd>
          </div>
        )}
        {voucher && (
          <div className="order-summary__less">
            <dt>Gift voucher</dt>
            <dd data-testid="checkout-voucher">−{voucher}</dd>
          </div>
        )}
        <div className="order-summary__total">
          <dt>{voucher ? 'To pay' : 'Total'}</dt>
          <dd data-testid="checkout-total">{total}</dd>
        </div>
      </dl>
      <p className="order-summary__note" data-testid="checkout-when">
        {when ?? <Fact site={site} show={(s) => s.delivery} chars={48} />}
      </p>
    </aside>
  );
}
