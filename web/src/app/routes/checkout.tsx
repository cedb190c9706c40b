import { ComingSoon } from '@/components/layout/coming-soon';
import { PageShell } from '@/components/layout/page-shell';

// Registered by the walking skeleton; the page's own issue fills it in.
export default function CheckoutPage() {
  return (
    <PageShell title="Checkout" eyebrow="Almost there" intro={<p>Your details and payment.</p>}>
      <ComingSoon />
    </PageShell>
  );
}
