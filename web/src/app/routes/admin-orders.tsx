import { OrderBook } from '@/features/orders/components/order-book';
import { AdminFrame } from '../admin-frame';

export default function AdminOrdersPage() {
  return (
    <AdminFrame title="Orders" intro={<p>The day’s work: what to make, for whom, and where it goes.</p>}>
      {({ signedOut }) => <OrderBook onSignedOut={signedOut} />}
    </AdminFrame>
  );
}
