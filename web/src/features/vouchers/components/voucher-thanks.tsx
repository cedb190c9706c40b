import { Link } from 'react-router';
import { LoadingStatus, RetryNotice } from '@/components/layout/page-kit';
import { formatDate, money } from '@/lib/core';
import { useQuery } from '@/lib/use-query';
import { getBoughtVoucher } from '../api/vouchers-api';
import { VoucherCard } from './voucher-card';
import './vouchers.css';

/** The buyer's thank-you: the voucher as it will arrive, and when and where it goes. */
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
    <div className="gift-done">
      <div className="notice" role="status" data-testid="voucher-thanks">
        <p>
          <strong>Thank you, {bought.buyer_name}.</strong> {bought.sentence}
        </p>
      </div>
      <VoucherCard
        value={money(bought.value)}
        recipient={bought.recipient_name}
        message={bought.message}
        from={bought.buyer_name}
        code={bought.code}
        validity={`Valid until ${formatDate(bought.expires_on, 'long')}`}
      />
      <p>
        We have sent your receipt to {bought.buyer_email}. The voucher can be spent at our checkout, or in the studio, and{' '}
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
