import { Link } from 'react-router';
import { formatDate, money } from '@/lib/core';
import { VoucherCard } from './voucher-card';
import './vouchers.css';

export interface ThanksProps {
  buyerName: string;
  buyerEmail: string;
  /** The server's sentence: when and to whom it goes. */
  sentence: string;
  value: string;
  recipientName: string;
  message: string;
  expiresOn: string;
}

/** The buyer's thank-you: when and where the voucher goes, and the voucher as it will arrive. */
export function Thanks({ buyerName, buyerEmail, sentence, value, recipientName, message, expiresOn }: ThanksProps) {
  return (
    <div className="gift-done">
      <div className="notice" role="status" data-testid="voucher-thanks">
        <p>
          <strong>Thank you, {buyerName}.</strong> {sentence}
        </p>
      </div>
      <VoucherCard
        value={money(value)}
        recipient={recipientName}
        message={message}
        from={buyerName}
        validity={`Valid until ${formatDate(expiresOn, 'long')}`}
      />
      <p>
        We have sent your receipt to {buyerEmail}. The voucher can be spent at our checkout, or in the studio, and{' '}
        <Link to="/gift-vouchers/balance">what is left on it</Link> can be checked at any time.
      </p>
      <p>
        <Link to="/shop" className="button">
          Back to the shop
        </Link>
      </p>
    </div>
  );
}
