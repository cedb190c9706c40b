import { RetryNotice } from '@/components/layout/page-kit';
import { PageShell } from '@/components/layout/page-shell';
import { PageLoading } from '@/components/ui/page-loading';
import { CartContents } from '@/features/cart/components/cart-contents';
import { EmptyCart } from '@/features/cart/components/empty-cart';
import { useCart } from '@/features/cart/stores/cart-context';

export default function CartPage() {
  const { cart, status, refreshCart } = useCart();

  return (
    <PageShell title="Your Cart" eyebrow="Cart" intro={<p>Everything you have chosen so far.</p>}>
      {status === 'loading' && <PageLoading label="Fetching your cart…" />}

      {status === 'error' && (
        <RetryNotice title="We couldn’t load your cart" onRetry={() => void refreshCart()}>
          Please check your connection and try again. Nothing you chose has been lost.
        </RetryNotice>
      )}

      {status === 'loaded' && (cart && cart.items.length > 0 ? <CartContents cart={cart} /> : <EmptyCart />)}
    </PageShell>
  );
}
