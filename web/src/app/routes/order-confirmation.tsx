import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PageShell } from '@/components/layout/page-shell';
import { OrderConfirmation } from '@/features/order/components/order-confirmation';
import { useSite } from '@/features/site/hooks/use-site';

export default function OrderConfirmationPage() {
  const { orderId } = useParams();
  const token = new URLSearchParams(useLocation().search).get('token');
  const navigate = useNavigate();
  const site = useSite();
  const missing = !orderId || !token;

  // The spec: without the order's id and its token there is nothing to show.
  useEffect(() => {
    if (missing) navigate('/', { replace: true });
  }, [missing, navigate]);

  return (
    <PageShell title="Order confirmation" eyebrow="Your order">
      {!missing && <OrderConfirmation key={`${orderId}?${token}`} orderId={orderId} token={token} site={site} />}
    </PageShell>
  );
}
