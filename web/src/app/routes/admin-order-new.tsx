import { PhoneOrder } from '@/features/orders/components/phone-order';
import { AdminFrame } from '../admin-frame';

export default function AdminOrderNewPage() {
  return (
    <AdminFrame title="Take a phone order" intro={<p>An order paid outside the shop: it takes stock and joins the day’s work.</p>}>
      {({ signedOut, recount }) => <PhoneOrder onSignedOut={signedOut} onChanged={recount} />}
    </AdminFrame>
  );
}
