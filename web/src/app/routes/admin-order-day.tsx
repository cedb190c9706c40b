import { useParams } from 'react-router';
import { DaySheet } from '@/features/orders/components/day-sheet';
import { AdminFrame } from '../admin-frame';
import NotFoundPage from './not-found';

export default function AdminOrderDayPage() {
  const { date } = useParams();
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return <NotFoundPage />;
  return (
    <AdminFrame title="Day sheet" intro={<p>Print it for the bench and the van: what to make, where it goes, and the cards.</p>}>
      {({ signedOut }) => <DaySheet key={date} date={date} onSignedOut={signedOut} />}
    </AdminFrame>
  );
}
