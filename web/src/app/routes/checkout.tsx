import { PageShell } from '@/components/layout/page-shell';
import { useCart } from '@/features/cart/stores/cart-context';
import { Checkout } from '@/features/checkout/components/checkout';
import { useSite } from '@/features/site/hooks/use-site';

export default function CheckoutPage() {
  const { cart, status, clearCart, refreshCart } = useCart();
  const site = useSite();
  return (
    <PageShell title="Checkout" eyebrow="Almost there" intro={<p>Where your flowers are going, and how you would like to pay.</p>}>
      <Checkout cart={cart} cartStatus={status} clearCart={clearCart} refreshCart={refreshCart} site={site} />
    </PageShell>
  );
}
