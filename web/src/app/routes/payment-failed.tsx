import { Link } from 'react-router';
import { PageShell } from '@/components/layout/page-shell';
import '@/components/layout/coming-soon.css';

// Registered by the walking skeleton; the page's own issue fills it in.
export default function PaymentFailedPage() {
  return (
    <PageShell title="Payment failed" eyebrow="Checkout" intro={<p>Your payment did not go through and you have not been charged.</p>}>
      <div className="coming-soon">
        <p>Nothing has been taken from your card. Your cart is just as you left it.</p>
        <Link to="/checkout" className="button">
          Retry Payment
        </Link>
      </div>
    </PageShell>
  );
}
