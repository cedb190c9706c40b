import { ComingSoon } from '@/components/layout/coming-soon';
import { PageShell } from '@/components/layout/page-shell';

// Registered by the walking skeleton; the page's own issue fills it in.
export default function CartPage() {
  return (
    <PageShell title="Your Cart" eyebrow="Cart" intro={<p>Everything you have chosen so far.</p>}>
      <ComingSoon />
    </PageShell>
  );
}
