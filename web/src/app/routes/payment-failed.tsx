import { Link } from 'react-router';
import { PageShell } from '@/components/layout/page-shell';
import { PhoneLink } from '@/components/ui/studio-facts';
import { useSite } from '@/features/site/hooks/use-site';
import './payment-failed.css';

export default function PaymentFailedPage() {
  const site = useSite();
  return (
    <PageShell title="Payment failed" eyebrow="Checkout" intro={<p>Your payment did not go through, and you have not been charged.</p>}>
      <div className="payment-failed">
        <p>
          Your bank could not confirm the payment. Nothing has been taken from your card, and your cart is just as you left
          it.
        </p>
        <p>You can try again with the same card or a different one.</p>
        <div className="payment-failed__actions">
          <Link to="/checkout" className="button">
            Retry Payment
          </Link>
          <Link to="/cart" className="button button--quiet">
            Back to your cart
          </Link>
        </div>
        <p className="payment-failed__help">
          Still stuck? Call us on <PhoneLink site={site} /> and we’ll take your order over the phone.
        </p>
      </div>
    </PageShell>
  );
}
