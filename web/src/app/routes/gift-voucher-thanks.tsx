import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PageShell } from '@/components/layout/page-shell';
import { VoucherThanks } from '@/features/vouchers/components/voucher-thanks';

export default function GiftVoucherThanksPage() {
  const { voucherId } = useParams();
  const token = new URLSearchParams(useLocation().search).get('token');
  const navigate = useNavigate();
  const missing = !voucherId || !token;

  // As the order confirmation: without its id and token there is nothing to show.
  useEffect(() => {
    if (missing) navigate('/gift-vouchers', { replace: true });
  }, [missing, navigate]);

  return (
    <PageShell title="Your gift voucher" eyebrow="Thank you">
      {!missing && <VoucherThanks key={`${voucherId}?${token}`} id={voucherId} token={token} />}
    </PageShell>
  );
}
