import { useParams } from 'react-router';
import { OrderPage } from '@/features/orders/components/order-page';
import { AdminFrame } from '../admin-frame';
import NotFoundPage from './not-found';

export default function AdminOrderPage() {
  const { id } = useParams();
  const number = /^\d{1,9}$/.test(id ?? '') ? Number(id) : null;
  if (number === null) return <NotFoundPage />;
  return (
    <AdminFrame title="Order" intro={<p>Everything about one order, and what happens to it next.</p>}>
      {({ signedOut, recount }) => <OrderPage key={number} id={number} onSignedOut={signedOut} onChanged={recount} />}
    </AdminFrame>
  );
}
