import { Link } from 'react-router';
import { BasketIcon } from '@/components/ui/icons';
import './empty-cart.css';

/** What the cart page shows with nothing in the cart: the way back to the shop. */
export function EmptyCart() {
  return (
    <div className="empty-cart">
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
