import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { notifyError } from '@/components/ui/notify';
import { money } from '@/lib/core';
import type { Cart, CartItem } from '@/lib/api-client';
import { counted } from '@/lib/words';
import { useCart } from '../stores/cart-context';
import { CartLine, lineName } from './cart-line';
import { WhenItCanArrive } from './when-it-can-arrive';
import './cart-contents.css';

type Pending = { kind: 'quantity'; quantity: number } | { kind: 'remove' };

/** The cart page's body for a cart with lines: the lines, then the totals and the way on. */
export function CartContents({ cart }: { cart: Cart }) {
  const { count, updateQuantity, removeItem } = useCart();
  const [pending, setPending] = useState<ReadonlyMap<number, Pending>>(() => new Map());
  const [announcement, setAnnouncement] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The latest change asked of each line: an earlier one finishing does not end its pending state.
  const latest = useRef(new Map<number, number>());
  const sequence = useRef(0);

  const mark = (itemId: number, change: Pending): number => {
    const token = ++sequence.current;
    latest.current.set(itemId, token);
    setPending((current) => new Map(current).set(itemId, change));
    return token;
  };

  const settle = (itemId: number, token: number) => {
    if (latest.current.get(itemId) !== token) return;
    latest.current.delete(itemId);
    setPending((current) => {
      const next = new Map(current);
      next.delete(itemId);
      return next;
    });
  };

  async function changeQuantity(item: CartItem, quantity: number) {
    if (quantity === item.quantity && !pending.has(item.id)) return;
    const token = mark(item.id, { kind: 'quantity', quantity });
    const outcome = await updateQuantity(item.id, quantity);
    settle(item.id, token);
    if (outcome.ok) {
      setAnnouncement(`${lineName(item)}: quantity ${quantity}.`);
    } else {
      // The cart has been fetched again, so the page already shows what the studio holds.
      notifyError(`Couldn’t change the quantity of ${lineName(item)}`, outcome.reason ?? 'Please try again in a moment.');
    }
  }

  async function remove(item: CartItem) {
    const token = mark(item.id, { kind: 'remove' });
    const outcome = await removeItem(item.id);
    settle(item.id, token);
    if (outcome.ok) {
      setAnnouncement(`Removed ${lineName(item)} from your cart.`);
      // Its button has gone with it; carry on from the top of the list.
      headingRef.current?.focus();
    } else {
      notifyError(`Couldn’t remove ${lineName(item)}`, outcome.reason ?? 'Please try again in a moment.');
    }
  }

  return (
    <div className="cart-contents">
      <section className="cart-contents__lines" aria-labelledby="cart-lines-title">
        <h2 id="cart-lines-title" className="eyebrow cart-contents__heading" tabIndex={-1} ref={headingRef}>
          {counted(count, 'item')}
        </h2>
        <ul className="cart-lines" aria-label="Items in your cart">
          {cart.items.map((item) => {
            const change = pending.get(item.id);
            return (
              <CartLine
                key={item.id}
                item={item}
                quantity={change?.kind === 'quantity' ? change.quantity : item.quantity}
                pending={change?.kind ?? null}
                onQuantityChange={(line, quantity) => void changeQuantity(line, quantity)}
                onRemove={(line) => void remove(line)}
              />
            );
          })}
        </ul>
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
      </section>

      <aside className="cart-totals" aria-labelledby="cart-totals-title">
        <h2 id="cart-totals-title" className="cart-totals__title">
          Order summary
        </h2>
        <dl className="figures">
          <div>
            <dt>Items</dt>
            <dd data-testid="cart-count">{count}</dd>
          </div>
          <div className="cart-totals__total">
            <dt>Total</dt>
            <dd data-testid="cart-total">{money(cart.total)}</dd>
          </div>
        </dl>
        <WhenItCanArrive leadDays={cart.lead_days ?? 0} items={cart.total} />
        <Link to="/checkout" className="button button--block">
          Proceed to checkout
        </Link>
        <Link to="/shop" className="cart-totals__continue">
          Continue shopping
        </Link>
      </aside>
    </div>
  );
}
