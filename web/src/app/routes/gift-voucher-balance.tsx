import { Link } from 'react-router';
import { PageShell } from '@/components/layout/page-shell';
import { VoucherBalanceCheck } from '@/features/vouchers/components/voucher-balance';

export default function GiftVoucherBalancePage() {
  return (
    <PageShell
      title="Your voucher’s balance"
      eyebrow="Gift vouchers"
      description="Check what is left on a Posy gift voucher, and until when you can spend it."
      intro={
        <p>
          Type the code from your voucher to see what is left on it. Whatever you do not spend stays on it for next time. Want to
          give one? <Link to="/gift-vouchers">Buy a gift voucher</Link>.
        </p>
      }
    >
      <VoucherBalanceCheck />
    </PageShell>
  );
}
