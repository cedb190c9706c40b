import { Link } from 'react-router';
import { BasketIcon } from '@/components/ui/icons';
import './empty-cart.css';

/**
 * What the cart page shows with nothing in the cart: the way back to the shop. `untilKnown`: drawn
 * before the cart has answered, hidden unless the page says there is no cart (routes/cart.css).
 */
export function EmptyCart({ untilKnown = false }: { untilKnown?: boolean }) {
  return (
    <div className="empty-cart" hidden={untilKnown}>
      <BasketIcon className="empty-cart__icon" width={48} height={48} />
      <h2 className="empty-cart__title">Your cart is empty</h2>
      <p>
        Nothing chosen yet. This week’s bouquets are in the shop, made on the morning they leave the studio.
      </p>
      <Link to="/shop" className="button">
        Browse the shop
      </Link>
    </div>
  );
}
