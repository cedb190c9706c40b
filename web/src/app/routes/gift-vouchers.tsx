import { RetryNotice } from '@/components/layout/page-kit';
import { PageShell } from '@/components/layout/page-shell';
import { BuyVoucher } from '@/features/vouchers/components/buy-voucher';
import { useVoucherTerms } from '@/features/vouchers/hooks/use-voucher-terms';

export default function GiftVouchersPage() {
  const terms = useVoucherTerms();
  return (
    <PageShell
      title="Gift vouchers"
      eyebrow="A present of flowers"
      description="Give a Posy gift voucher, sent by e-mail on the day you choose or printed at home, and spent on flowers from our South Bristol studio."
      intro={<p>Not sure what they would like? Let them choose. Sent by e-mail on the morning you pick, or to you to print and give.</p>}
    >
      {terms.status === 'error' ? (
        <RetryNotice title="We could not load our voucher values just now." onRetry={terms.retry}>
          Please try again in a moment, or ring the studio and we will make one up for you.
        </RetryNotice>
      ) : (
        <BuyVoucher terms={terms.status === 'loaded' ? terms.data : null} />
      )}
    </PageShell>
  );
}
