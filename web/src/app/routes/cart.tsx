import { RetryNotice } from '@/components/layout/page-kit';
import { PageShell } from '@/components/layout/page-shell';
import { PageLoading } from '@/components/ui/page-loading';
import { CartContents } from '@/features/cart/components/cart-contents';
import { EmptyCart } from '@/features/cart/components/empty-cart';
import { useCart } from '@/features/cart/stores/cart-context';
import './cart.css';

export default function CartPage() {
  const { cart, status, refreshCart } = useCart();
  const filled = status === 'loaded' && cart && cart.items.length > 0 ? cart : null;

  return (
    <PageShell title="Your Cart" eyebrow="Cart" intro={<p>Everything you have chosen so far.</p>}>
      {status === 'loading' && (
        <div className="cart-page__loading">
          <PageLoading label="Fetching your cart…" />
        </div>
      )}

      {status === 'error' && (
        <RetryNotice title="We couldn’t load your cart" onRetry={() => void refreshCart()}>
          Please check your connection and try again. Nothing you chose has been lost.
        </RetryNotice>
      )}

      {/* The server cannot know the visitor's cart (its id is in the browser's storage), so it
          draws the page as it is until the cart answers, with the empty cart in it kept hidden.
          A visitor with no cart id stored can only have an empty one: index.html marks their
          page before it paints, and cart.css shows them the empty cart at once. When the cart
          answers empty it is the same element, shown. */}
      {filled ? <CartContents cart={filled} /> : status !== 'error' && <EmptyCart untilKnown={status === 'loading'} />}
    </PageShell>
  );
}
