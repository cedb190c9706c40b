import { ComingSoon } from '@/components/layout/coming-soon';
import { PageShell } from '@/components/layout/page-shell';

// Registered by the walking skeleton; the page's own issue fills it in.
export default function OrderConfirmationPage() {
  return (
    <PageShell title="Order confirmation" eyebrow="Thank you" intro={<p>The details of your order.</p>}>
      <ComingSoon />
    </PageShell>
  );
}
