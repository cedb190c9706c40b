import { Link } from 'react-router';
import { LoadingStatus, RetryNotice } from '@/components/layout/page-kit';
import { formatDate, money } from '@/lib/core';
import { useQuery } from '@/lib/use-query';
import { getBoughtVoucher } from '../api/vouchers-api';
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
  /** Shown on the card when the server gives it; the mail carries it either way. */
  code?: string | null;
  expiresOn: string;
}

/** The buyer's thank-you: when and where the voucher goes, and the voucher as it will arrive. */
export function Thanks({ buyerName, buyerEmail, sentence, value, recipientName, message, code, expiresOn }: ThanksProps) {
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
        code={code}
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

/** The thank-you page a link opens (the voucher's id and token). */
export function VoucherThanks({ id, token }: { id: string; token: string }) {
  const voucher = useQuery(`${id}?${token}`, (signal) => getBoughtVoucher(id, token, signal));

  if (voucher.status === 'loading') return <LoadingStatus>Fetching your voucher…</LoadingStatus>;
  if (voucher.status === 'error') {
    return (
      <RetryNotice title={voucher.error instanceof Error ? voucher.error.message : 'We could not load your voucher.'} onRetry={voucher.retry}>
        Its details are in the e-mail we sent you.
      </RetryNotice>
    );
  }
  const bought = voucher.data;
  return (
    <Thanks
      buyerName={bought.buyer_name}
      buyerEmail={bought.buyer_email}
      sentence={bought.sentence}
      value={bought.value}
      recipientName={bought.recipient_name}
      message={bought.message}
      code={bought.code}
      expiresOn={bought.expires_on}
    />
  );
}
